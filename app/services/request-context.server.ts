// One request context per request, built by middleware before any loader or action runs:
// the cookie session, the logged-in user (when the login is still valid), and the commerce
// client bound to the request's language and the user's token. The session is written back
// once, after the response is ready, and only when something in it changed (a login, a
// purchase started, a notice shown or set). Loaders and actions never commit it themselves.
// A login ends when it runs out (180 minutes), at logout, or as soon as the API refuses its
// token (revoked by a logout elsewhere, or the cookie replayed after one): from then on the
// request treats the user as logged out, the session forgets them, and it is said once.
import { randomBytes } from "node:crypto";
import { endpoints } from "@contract";
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import type { Locale } from "~/lib/locales";
import { loginClockFor } from "./clock.server";
import { type CommerceClient, commerceClient } from "./commerce.server";
import { config } from "./config.server";
import { getLocale } from "./i18n.server";
import { log } from "./log.server";
import { requestInfoOf } from "./request-info.server";
import {
  isLoginValid,
  loginUrlFor,
  returnPathOf,
  type SessionData,
  type ShopSession,
  type ShopUser,
  safeRedirectPath,
  sessionStorage,
} from "./session.server";

export type RequestContext = {
  locale: Locale;
  session: ShopSession;
  /** Null when nobody is logged in, the login ran out (§9: 180 minutes) or was refused. */
  user: ShopUser | null;
  /** Whether the session names a user whose login ran out. */
  loginExpired: boolean;
  commerce: CommerceClient;
};

const requestContextKey = createContext<RequestContext>();

/** Where an external login completes the data the provider did not give (§2). */
export const additionalDataPath = "/additionalData";

export type RequestContextArgs = { request: Request; context: Readonly<RouterContextProvider> };

export const requestContextMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const stored = session.get("user");
  const user = stored && isLoginValid(stored, loginClockFor(request)) ? stored : null;
  const locale = getLocale(context);
  const before = JSON.stringify(session.data);
  const shop: RequestContext = {
    locale,
    session,
    user,
    loginExpired: stored !== undefined && user === null,
    commerce: commerceClient({
      request,
      locale,
      token: user?.token,
      requestId: requestInfoOf(context)?.requestId,
      onUnauthorized: () => forgetUser(shop),
    }),
  };
  context.set(requestContextKey, shop);
  const response = await next();
  if (JSON.stringify(session.data) === before) return response;
  const cookie = await sessionStorage.commitSession(session);
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Some responses have immutable headers: copy them into a new one.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
};

export function getRequestContext({
  context,
}: Pick<RequestContextArgs, "context">): RequestContext {
  return context.get(requestContextKey);
}

/** Drops the session's user (token, session id, purchase) and says so once. */
function forgetUser(shop: RequestContext) {
  if (!shop.session.has("user")) return;
  shop.user = null;
  shop.session.unset("user");
  shop.session.unset("sid");
  shop.session.unset("processId");
  shop.session.unset("timer");
  shop.session.unset("external");
  shop.session.flash("notice", "layout:notices.sessionDisconnected");
}

/**
 * For login-required screens: the context with its user, or a redirect to /login carrying
 * the wanted path (an expired login is dropped and said so once).
 */
export function requireUser(args: RequestContextArgs): RequestContext & { user: ShopUser } {
  const shop = getRequestContext(args);
  if (shop.user) {
    // An external login with data still missing completes it before anything else (buying).
    const pending = shop.session.get("external")?.pending ?? [];
    const url = new URL(args.request.url);
    if (pending.length > 0 && url.pathname !== additionalDataPath) {
      throw redirect(
        `${additionalDataPath}?redirectTo=${encodeURIComponent(returnPathOf(args.request))}`,
      );
    }
    return shop as RequestContext & { user: ShopUser };
  }
  if (shop.loginExpired) forgetUser(shop);
  throw redirect(loginUrlFor(args.request));
}

/**
 * For login and sign-up: a logged-in user goes straight on to where they were heading. The
 * cookie alone is not proof (one replayed after a logout still reads as logged in), so the
 * API is asked first; a refused login is dropped and the page shown anew, without it.
 */
export async function requireAnonymous(args: RequestContextArgs): Promise<{ redirectTo: string }> {
  const url = new URL(args.request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  // With the city's login, accounts are made and opened at the provider (/login goes there).
  if (config.loginMode === "external") {
    throw redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  const shop = getRequestContext(args);
  if (!shop.user) return { redirectTo };
  const check = await shop.commerce.call(endpoints.customerInfo, { unauthorized: "fail" });
  if (check.ok || check.code !== "UNAUTHORIZED") throw redirect(redirectTo);
  // The header was drawn with the user by now: show the page again, logged out.
  throw redirect(`${url.pathname}${url.search}`);
}

/**
 * Logs the user in (after sign-up or login): keeps the token and who it is under a new
 * session id, drops whatever the session held before (a previous user's purchase, anything
 * planted in it), and goes to the wanted path, where the user is greeted once.
 */
export function startUserSession(
  args: RequestContextArgs,
  user: ShopUser & { token: string },
  redirectTo: string | null | undefined,
) {
  const { session } = getRequestContext(args);
  const { token, cNombre, cEmail, dLogin, lAlias, lTaquilla, lPuerta } = user;
  for (const key of Object.keys(session.data)) session.unset(key as keyof SessionData);
  session.set("sid", randomBytes(18).toString("base64url"));
  session.set("user", { token, cNombre, cEmail, dLogin, lAlias, lTaquilla, lPuerta });
  session.flash("greeting", cNombre);
  return redirect(safeRedirectPath(redirectTo));
}

/**
 * After the user changed their own data (My data, My alias): the header's name and the
 * alias flag follow it, and a notice (i18n key) says it was saved.
 */
export function updateSessionUser(
  args: RequestContextArgs,
  changes: Partial<Pick<ShopUser, "cNombre" | "lAlias">>,
  notice: string,
) {
  const shop = getRequestContext(args);
  const user = shop.session.get("user");
  if (user) shop.session.set("user", { ...user, ...changes });
  shop.session.flash("notice", notice);
}

/**
 * Ends the session's user (§4 logout): the API revokes the token, so a copy of this cookie
 * opens nothing any more; user, session id and purchase go, and it is said once. The
 * storefront's session ends even when the API cannot be reached (the token then runs out).
 */
export async function endUserSession(args: RequestContextArgs) {
  const shop = getRequestContext(args);
  if (shop.user) {
    const revoked = await shop.commerce.call(endpoints.logout, { unauthorized: "fail" });
    if (!revoked.ok && revoked.code !== "UNAUTHORIZED") {
      log.warn({ code: revoked.code }, "logout: the API token was not revoked");
    }
  }
  forgetUser(shop);
}
