// Own login (spec: "own self-login" is this build's login system) through remix-auth's form
// strategies: "form" logs in (the commerce API checks the password), "sign-up" creates the
// customer (the API checks every rule again); both hand back the API's session token.
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, loginRequest, type SessionUser } from "@contract";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { signUpForm, signUpPhone } from "~/lib/forms";
import { type CommerceFailure, callEndpoint } from "./commerce.server";
import { localeOf } from "./i18n.server";

/** A refused login or sign-up, carrying the API's (translated) reason for the form. */
export class LoginRefused extends Error {
  constructor(readonly failure: CommerceFailure) {
    super(failure.message);
  }
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const credentials = loginRequest.parse({
      cEmail: form.get("cEmail"),
      cClave: form.get("cClave"),
    });
    const caller = { request, locale: await localeOf(request) };
    const result = await callEndpoint(caller, endpoints.login, { body: credentials });
    if (!result.ok) throw new LoginRefused(result);
    return result.data;
  }),
  "form",
);

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
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
    const caller = { request, locale: await localeOf(request) };
    const result = await callEndpoint(caller, endpoints.signUp, {
      body: { ...customer, oTelefono: signUpPhone({ cTelefonoTipo, cTelefonoNumero }) },
    });
    if (!result.ok) throw new LoginRefused(result);
    return result.data;
  }),
  "sign-up",
);
