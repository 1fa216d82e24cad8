// Customer handlers: sign-up (which also signs in), login with a Bearer token, logout, own
// data read and changed (personal data, alias).
import {
  aliasEndpoint,
  customerInfoEndpoint,
  loginEndpoint,
  logoutEndpoint,
  personalDataEndpoint,
  signUpEndpoint,
} from "../contract/index.ts";
import {
  loadCustomerInfo,
  logIn,
  signUp,
  updateAlias,
  updatePersonalData,
} from "../customers/accounts.ts";
import { revokeToken } from "../customers/tokens.ts";
import type { CommerceDeps } from "../deps.ts";
import { unauthorized } from "../errors.ts";
import { bearerToken, implement } from "./register.ts";

export function customerHandlers(deps: CommerceDeps) {
  return [
    implement(signUpEndpoint, ({ body, clientAddress }) => signUp(deps, body, { clientAddress })),
    implement(loginEndpoint, ({ body, clientAddress }) => logIn(deps, body, { clientAddress })),
    implement(logoutEndpoint, async ({ c }) => {
      // Access already checked the token; it is read again only to name the row to drop.
      const token = bearerToken(c);
      if (!token) throw unauthorized();
      await revokeToken(deps.db, token);
      return { lSesionCerrada: true as const };
    }),
    implement(customerInfoEndpoint, ({ customerId }) => loadCustomerInfo(deps, customerId)),
    implement(personalDataEndpoint, ({ customerId, body }) =>
      updatePersonalData(deps, customerId, body),
    ),
    implement(aliasEndpoint, ({ customerId, body }) => updateAlias(deps, customerId, body)),
  ];
}
