// Own login (spec: "own self-login" is this build's login system) through remix-auth's form
// strategy: the commerce API checks the password and hands back a token.
import { endpoints, loginRequest, type SessionUser } from "@contract";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { type CommerceFailure, callEndpoint } from "./commerce.server";
import { localeOf } from "./i18n.server";

/** A refused login, carrying the API's (translated) reason for the form. */
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
