// Runs a route's loader or action the way React Router does on the server: through the
// root's middleware (language, the form body check, then the request context) against the
// embedded commerce API of a test database, and reports what it returned or threw and the
// cookie it set.
import { RouterContextProvider } from "react-router";
import { beforeEach } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
import { formBodyMiddleware } from "~/services/form-body.server";
import { i18nMiddleware } from "~/services/i18n.server";
import { requestContextMiddleware } from "~/services/request-context.server";
import { type SessionData, type ShopUser, sessionStorage } from "~/services/session.server";
import { storefrontFetch } from "../../commerce/http/client-address.ts";
import {
  type ApiTestContext,
  type ApiTestSetup,
  setUpApiTests,
} from "../../commerce/testing/api-test.ts";
import {
  type Fixture,
  signUp,
  signUpBody,
  TEST_PASSWORD,
  type TestApi,
} from "../../commerce/testing/harness.ts";

export const shopOrigin = "http://shop.test";

/**
 * The API tests' set-up (commerce/testing/api-test.ts), with the storefront's client calling
 * each test's API in-process, as the embedded server does.
 */
export function setUpRouteTests<F = Fixture>(setup: ApiTestSetup<F> = {}): ApiTestContext<F> {
  const context = setUpApiTests(setup);
  // As the server registers it: an in-process caller whose X-Client-Address is believed.
  beforeEach(() => registerEmbeddedCommerce(storefrontFetch(context.t.api.fetch)));
  return context;
}

/** For route tests that need no catalog. */
export const noCatalog = async () => null;

/** A session cookie as the browser would send it back. */
export async function sessionCookie(data: Partial<SessionData>): Promise<string> {
  const session = await sessionStorage.getSession();
  for (const [key, value] of Object.entries(data))
    session.set(key as keyof SessionData, value as never);
  return (await sessionStorage.commitSession(session)).split(";")[0];
}

/** A logged-in user's session, as sign-up or login would have left it. */
export function loggedIn(user: ShopUser, extra: Partial<SessionData> = {}) {
  const { token, cNombre, cEmail, dLogin, lAlias, lTaquilla, lPuerta } = user;
  return sessionCookie({
    user: { token, cNombre, cEmail, dLogin, lAlias, lTaquilla, lPuerta },
    ...extra,
  });
}

export type RouteArgs = {
  request: Request;
  params: Record<string, string>;
  context: RouterContextProvider;
  url: URL;
  pattern: string;
};

export type RouteOutcome<T> = {
  /** What the loader or action returned… */
  result?: T;
  /** …or threw (a redirect or an error response). */
  thrown?: unknown;
  /** The session as the middleware wrote it back, if it changed. */
  setCookie: string | null;
};

/** A middleware that does not call next() is followed by next(), as React Router does. */
export async function runMiddleware(
  middleware: typeof requestContextMiddleware,
  args: RouteArgs,
  next: () => Promise<Response>,
): Promise<Response> {
  let called: Promise<Response> | undefined;
  const result = await middleware(args, () => {
    called = next();
    return called;
  });
  return (result as Response | undefined) ?? called ?? next();
}

export async function runRoute<T>(
  // biome-ignore lint/suspicious/noExplicitAny: a route's own typed args (its params).
  handler: (args: any) => T | Promise<T>,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteOutcome<Awaited<T>>> {
  const context = new RouterContextProvider();
  const args = { request, params, context, url: new URL(request.url), pattern: "" };
  let outcome: { result?: Awaited<T>; thrown?: unknown } = {};
  const end = async () => {
    try {
      outcome = { result: await handler(args) };
    } catch (thrown) {
      outcome = { thrown };
    }
    return new Response(null);
  };
  let response: Response;
  try {
    // The root's middleware, in its order.
    response = await runMiddleware(i18nMiddleware, args, () =>
      runMiddleware(formBodyMiddleware, args, () =>
        runMiddleware(requestContextMiddleware, args, end),
      ),
    );
  } catch (thrown) {
    // Refused by a middleware before the handler ran (the root's error boundary shows it).
    return { thrown, setCookie: null };
  }
  return { ...outcome, setCookie: response.headers.get("set-cookie") };
}

/** A form post from the shop's own pages. */
export function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${shopOrigin}${path}`, {
    method: "POST",
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Accept-Language": "en" },
    body: new URLSearchParams(fields),
  });
}

/** The sign-up form as a browser sends it: the API's body as text, with both confirmations. */
export function signUpFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  const body = signUpBody();
  const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
  return {
    ...fields,
    cEmailConfirmacion: fields.cEmail,
    cClaveConfirmacion: TEST_PASSWORD,
    ...overrides,
  };
}

export function pageGet(path: string, cookie?: string) {
  return new Request(`${shopOrigin}${path}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Accept-Language": "en" },
  });
}

/** A customer signed up through the API and logged in: their token, e-mail and cookie. */
export async function signedUpAndLoggedIn(t: TestApi) {
  const { token, email } = await signUp(t);
  const cookie = await loggedIn({
    token,
    cNombre: "Ana",
    cEmail: email,
    dLogin: new Date().toISOString(),
    lAlias: false,
  });
  return { token, email, cookie };
}
