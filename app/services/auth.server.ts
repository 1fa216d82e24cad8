// Own login (spec: "own self-login" is this build's login system) through remix-auth's form
// strategies: "form" logs in (the commerce API checks the password), "sign-up" creates the
// customer (the API checks every rule again); both hand back the API's session token.
import { AsyncLocalStorage } from "node:async_hooks";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, loginRequest, type SessionUser } from "@contract";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signUpForm, signUpPhone } from "~/lib/forms";
import type { CommerceClient, CommerceFailure } from "./commerce.server";
import { getRequestContext, type RequestContextArgs } from "./request-context.server";

/** A refused login or sign-up, carrying the API's (translated) reason for the form. */
export class LoginRefused extends Error {
  constructor(readonly failure: CommerceFailure) {
    super(failure.message);
  }
}

const authenticator = new Authenticator<SessionUser>();

type OwnStrategy = "form" | "sign-up";

// remix-auth hands a strategy only (a copy of) the request: the action's own commerce client
// (its language, client address and request id, for the API's logs and limits) rides along
// in async context.
const actionCommerce = new AsyncLocalStorage<CommerceClient>();

function commerceOf(): CommerceClient {
  const commerce = actionCommerce.getStore();
  if (!commerce) throw new Error("authenticate through logInWith()");
  return commerce;
}

/** Runs one of the own login's strategies for this action; refused → LoginRefused. */
export function logInWith(args: RequestContextArgs, strategy: OwnStrategy): Promise<SessionUser> {
  return actionCommerce.run(getRequestContext(args).commerce, () =>
    authenticator.authenticate(strategy, args.request),
  );
}

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const credentials = loginRequest.parse({
      cEmail: form.get("cEmail"),
      cClave: form.get("cClave"),
    });
    const result = await commerceOf().call(endpoints.login, { body: credentials });
    if (!result.ok) throw new LoginRefused(result);
    return result.data;
  }),
  "form",
);

authenticator.use(
  new FormStrategy(async ({ form }) => {
    // The action validated the form already (to answer it field by field); this is the
    // strategy's own guard, with the same schema.
    const submission = parseWithZod(form, { schema: signUpForm });
    if (submission.status !== "success") throw new Error("sign-up form not validated first");
    const {
      cEmailConfirmacion,
      cClaveConfirmacion,
      redirectTo,
      cTelefonoTipo,
      cTelefonoNumero,
      ...customer
    } = submission.value;
    const result = await commerceOf().call(endpoints.signUp, {
      body: { ...customer, oTelefono: signUpPhone({ cTelefonoTipo, cTelefonoNumero }) },
    });
    if (!result.ok) throw new LoginRefused(result);
    return result.data;
  }),
  "sign-up",
);
