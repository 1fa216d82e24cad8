// Customer handlers: sign-up (which also signs in), login with a Bearer token, own data.
import { customerInfoEndpoint, loginEndpoint, signUpEndpoint } from "../contract/index.ts";
import { loadCustomerInfo, logIn, signUp } from "../customers/accounts.ts";
import type { CommerceDeps } from "../deps.ts";
import { implement } from "./register.ts";

export function customerHandlers(deps: CommerceDeps) {
  return [
    implement(signUpEndpoint, ({ body }) => signUp(deps, body)),
    implement(loginEndpoint, ({ body }) => logIn(deps, body)),
    implement(customerInfoEndpoint, ({ customerId }) => loadCustomerInfo(deps, customerId)),
  ];
}
