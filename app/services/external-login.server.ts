// The city's external login (LOGIN_MODE=external, decision 0029): OpenID Connect's
// authorization code flow with PKCE, state and nonce (openid-client), as a remix-auth
// strategy. /login starts it: the checks and the wanted path go into a short-lived signed
// cookie of their own, and the browser to the provider. /loginRedirect finishes it: the
// code is exchanged (the ID token's issuer, audience, nonce and times checked; its signature
// needs no check here, it came straight from the token endpoint), and the API's
// Cliente/Externo, which verifies the ID token with its signature, answers the session. A
// refused return is logged with its reason, never with a token, code or claim (decision 0065).
import { type ExternalSession, endpoints } from "@contract";
import * as oidc from "openid-client";
import { createCookie, type RouterContextProvider, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { withBackUrl } from "~/components/header/account-items";
import { type CommerceFailure, callEndpoint } from "./commerce.server";
import { config, type ExternalLoginConfig } from "./config.server";
import { logRefusal, refusalOf } from "./external-login-refusal.server";
import { localeOf } from "./i18n.server";
import { log } from "./log.server";
import { getRequestContext } from "./request-context.server";
import { safeRedirectPath } from "./session.server";
import { shopOrigin } from "./shop-origin.server";

export const loginRedirectPath = "/loginRedirect";
export const externalLoginScope = "openid profile email";

/** What travels from /login to /loginRedirect, in a signed cookie for 10 minutes. */
export type FlowChecks = {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The wanted path, already made safe (safeRedirectPath). */
  redirectTo: string;
};

export const flowCookie = createCookie("__login_flow", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.cookieSecure,
  secrets: [config.sessionSecret],
  maxAge: 600,
});

/**
 * Set by a logout with the city's login, dropped by the next completed login. While it is
 * there the provider is asked for the password again (prompt=login): a provider session that
 * outlived the logout (its "log out?" page left unanswered, a frame without its cookie)
 * cannot log the buyer back in silently.
 */
export const loggedOutCookie = createCookie("__logged_out", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.cookieSecure,
  maxAge: 30 * 24 * 3600,
});

export function clearLoggedOutCookie() {
  return loggedOutCookie.serialize("", { maxAge: 0 });
}

/** A login that cannot go on (expired flow, refused code, provider or API down). */
export class ExternalLoginFailed extends Error {
  constructor(
    readonly reason: "flow" | "provider" | "refused",
    readonly failure?: CommerceFailure,
  ) {
    super(`external login failed: ${reason}`);
  }
}

export type ExternalLogin = { session: ExternalSession; redirectTo: string };

type VerifyParams = { idToken: string; request: Request; redirectTo: string };

function isLoopback(url: URL) {
  return ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

/** application/x-www-form-urlencoded, as a form would send the value (`-`, `.`, `_`, `*` stay). */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/**
 * client_secret_basic as RFC 6749 §2.3.1 has it: id and secret form-encoded, then base64.
 * openid-client's own encodes `-` as well (%2D), which a provider that does not decode the
 * credentials reads as another client (its ID token then names another audience).
 */
export function formEncodedClientSecretBasic(clientSecret: string): oidc.ClientAuth {
  return (_server, client, _body, headers) => {
    const credentials = `${formEncode(client.client_id)}:${formEncode(clientSecret)}`;
    headers.set("Authorization", `Basic ${Buffer.from(credentials).toString("base64")}`);
  };
}

/** The provider's configuration from its discovery document, fetched once (again after a failure). */
export function providerConfiguration(settings: ExternalLoginConfig) {
  let pending: Promise<oidc.Configuration> | null = null;
  return () => {
    pending ??= (async () => {
      const issuer = new URL(settings.issuer);
      return oidc.discovery(
        issuer,
        settings.clientId,
        undefined,
        formEncodedClientSecretBasic(settings.clientSecret),
        // Plain HTTP only for a provider on this machine (npm run idp, the tests).
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    })().catch((error) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

export class OpenIdConnectStrategy<User> extends Strategy<User, VerifyParams> {
  name = "oidc";

  constructor(
    private readonly configuration: () => Promise<oidc.Configuration>,
    verify: Strategy.VerifyFunction<User, VerifyParams>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const url = new URL(request.url);
    if (url.pathname !== loginRedirectPath) throw await this.start(request, url);
    return this.finish(request, url);
  }

  /** To the provider's authorization endpoint, the checks kept in the flow cookie. */
  private async start(request: Request, url: URL): Promise<Response> {
    const configuration = await this.providerOrFail();
    const checks: FlowChecks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    };
    const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: `${shopOrigin(request)}${loginRedirectPath}`,
      scope: externalLoginScope,
      response_type: "code",
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
      state: checks.state,
      nonce: checks.nonce,
      ...((await loggedOutCookie.parse(request.headers.get("Cookie"))) === true
        ? { prompt: "login" }
        : {}),
    });
    return redirect(authorizationUrl.href, {
      headers: { "Set-Cookie": await flowCookie.serialize(checks) },
    });
  }

  private async finish(request: Request, url: URL): Promise<User> {
    const checks = await readFlowChecks(request);
    if (!checks) {
      logRefusal({ reason: "flow" });
      throw new ExternalLoginFailed("flow");
    }
    const configuration = await this.providerOrFail();
    // The URL the provider called, as the provider knows the shop (PUBLIC_ORIGIN behind a proxy).
    const current = new URL(`${shopOrigin(request)}${url.pathname}${url.search}`);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      // A wrong state or nonce, an error from the provider, a replayed or expired code.
      logRefusal(refusalOf(error));
      throw new ExternalLoginFailed("refused");
    }
    if (!tokens.id_token) {
      logRefusal({ reason: "no_id_token" });
      throw new ExternalLoginFailed("refused");
    }
    return this.verify({ idToken: tokens.id_token, request, redirectTo: checks.redirectTo });
  }

  private async providerOrFail() {
    try {
      return await this.configuration();
    } catch (error) {
      log.warn(
        { event: "external_login_provider_unavailable", err: error },
        "provider unavailable",
      );
      throw new ExternalLoginFailed("provider");
    }
  }
}

/** The flow's checks, when the cookie is there, signed by us and well formed. */
export async function readFlowChecks(request: Request): Promise<FlowChecks | null> {
  const value: unknown = await flowCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { state, nonce, codeVerifier, redirectTo } = value as Record<string, unknown>;
  if ([state, nonce, codeVerifier, redirectTo].some((part) => typeof part !== "string")) {
    return null;
  }
  return {
    state: state as string,
    nonce: nonce as string,
    codeVerifier: codeVerifier as string,
    redirectTo: safeRedirectPath(redirectTo as string),
  };
}

/** Drops the flow cookie: a code is exchanged once. */
export function clearFlowCookie() {
  return flowCookie.serialize("", { maxAge: 0 });
}

const settings = config.externalLogin;

/** Null with the own login. */
export const externalProvider = settings ? providerConfiguration(settings) : null;

export const externalAuthenticator = new Authenticator<ExternalLogin>();

if (externalProvider) {
  externalAuthenticator.use(
    new OpenIdConnectStrategy<ExternalLogin>(
      externalProvider,
      async ({ idToken, request, redirectTo }) => {
        const caller = { request, locale: await localeOf(request), token: idToken };
        const result = await callEndpoint(caller, endpoints.externalLogin, {
          unauthorized: "fail",
        });
        if (!result.ok) {
          // The API logs its own reason (the ID token's signature, issuer, audience, times).
          logRefusal({ reason: "api_refused", status: result.nCode, code: result.code });
          throw new ExternalLoginFailed("refused", result);
        }
        return { session: result.data, redirectTo };
      },
    ),
    "oidc",
  );
}

/**
 * The provider's end-session address, the same for the hidden frame and the redirect chain
 * (some providers refuse a request without a post_logout_redirect_uri): back to the shop's
 * /endSession with state=done. It names the client, not the person: an id_token_hint would
 * put the ID token's claims (name, e-mail, document) in a URL (decision 0030).
 */
export async function endSessionUrl(request: Request): Promise<string | null> {
  if (!externalProvider || !settings) return null;
  try {
    return endSessionUrlOf(await externalProvider(), settings.clientId, shopOrigin(request));
  } catch {
    return null;
  }
}

export function endSessionUrlOf(
  configuration: oidc.Configuration,
  clientId: string,
  origin: string,
): string {
  return oidc.buildEndSessionUrl(configuration, {
    client_id: clientId,
    post_logout_redirect_uri: `${origin}${endSessionPath}`,
    // Tells the page, when the browser comes back, that the round trip is over.
    state: "done",
  }).href;
}

/** What the header needs to know of the login system (no secret in it). */
export type LoginView =
  | { mode: "own" }
  | { mode: "external"; accountUrl: string; shopOrigin: string };

export function loginView(request: Request): LoginView {
  if (!settings) return { mode: "own" };
  return { mode: "external", accountUrl: settings.accountUrl, shopOrigin: shopOrigin(request) };
}

/**
 * /login with the city's login: a logged-in user goes straight on; anyone else to the
 * provider (the strategy throws that redirect). A provider that cannot be reached is said on
 * /loginRedirect, with a way to try again.
 */
export async function startExternalLogin(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<never> {
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get("redirectTo"));
  if (getRequestContext(args).user) throw redirect(redirectTo);
  try {
    await externalAuthenticator.authenticate("oidc", args.request);
  } catch (error) {
    if (!(error instanceof ExternalLoginFailed)) throw error;
  }
  throw redirect(`${loginRedirectPath}?unavailable=1&redirectTo=${encodeURIComponent(redirectTo)}`);
}

/**
 * The shop's page that ends the provider's session after a logout (a hidden frame with
 * JavaScript, a redirect chain without), and where the provider sends the browser back
 * (registered there as a post-logout redirect URI).
 */
export const endSessionPath = "/endSession";

/**
 * After the shop's own logout: on to /endSession (once: a link there alone does nothing), and
 * the next login asks the provider to prompt.
 */
export async function externalLogout(args: { context: Readonly<RouterContextProvider> }) {
  getRequestContext(args).session.flash("endSession", true);
  return redirect(endSessionPath, {
    headers: { "Set-Cookie": await loggedOutCookie.serialize(true) },
  });
}

/**
 * Sign-up and password recovery belong to the own login: with the city's login, accounts
 * are made and opened at the provider, where /login leads (a stray post changes nothing).
 */
export function requireOwnLogin(): void {
  if (settings) throw redirect("/login");
}

/**
 * My data and Change Password are the provider's pages with the city's login: the shop's
 * own ones send there, with the way back (§4 header states).
 */
export function requireOwnAccountPages(request: Request): void {
  if (settings) throw redirect(withBackUrl(settings.accountUrl, `${shopOrigin(request)}/`));
}
