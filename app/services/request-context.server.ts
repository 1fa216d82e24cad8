// One request context per request, built by middleware before any loader or action runs:
// the cookie session, the logged-in user (when the login is still valid), and the commerce
// client bound to the request's language and the user's token. The session is written back
// once, after the response is ready, and only when something in it changed (a login, a
// purchase started, a notice shown or set). Loaders and actions never commit it themselves.
import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import type { Locale } from "~/lib/locales";
import { type CommerceClient, commerceClient } from "./commerce.server";
import { getLocale } from "./i18n.server";
import { requestInfoOf } from "./request-info.server";
import {
  isLoginValid,
  loginUrlFor,
  type ShopSession,
  type ShopUser,
  safeRedirectPath,
  sessionStorage,
} from "./session.server";

export type RequestContext = {
  locale: Locale;
  session: ShopSession;
  /** Null when nobody is logged in or the login ran out (§9: 180 minutes). */
  user: ShopUser | null;
  /** Whether the session names a user whose login ran out. */
  loginExpired: boolean;
  commerce: CommerceClient;
};

const requestContextKey = createContext<RequestContext>();

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const requestContextMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const session = await sessionStorage.getSession(request.headers.get("Cookie"));
  const stored = session.get("user");
  const user = stored && isLoginValid(stored) ? stored : null;
  const locale = getLocale(context);
  const before = JSON.stringify(session.data);
  context.set(requestContextKey, {
    locale,
    session,
    user,
    loginExpired: stored !== undefined && user === null,
    commerce: commerceClient({
      request,
      locale,
      token: user?.token,
      requestId: requestInfoOf(context)?.requestId,
    }),
  });
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

export function getRequestContext({ context }: Pick<Args, "context">): RequestContext {
  return context.get(requestContextKey);
}

/**
 * For login-required screens: the context with its user, or a redirect to /login carrying
 * the wanted path (an expired login is dropped and said so once).
 */
export function requireUser(args: Args): RequestContext & { user: ShopUser } {
  const shop = getRequestContext(args);
  if (shop.user) return shop as RequestContext & { user: ShopUser };
  if (shop.loginExpired) {
    shop.session.unset("user");
    shop.session.unset("processId");
    shop.session.flash("notice", "layout:notices.sessionDisconnected");
  }
  throw redirect(loginUrlFor(args.request));
}

/** For login and sign-up: a logged-in user goes straight on to where they were heading. */
export function requireAnonymous(args: Args): { redirectTo: string } {
  const redirectTo = safeRedirectPath(new URL(args.request.url).searchParams.get("redirectTo"));
  if (getRequestContext(args).user) throw redirect(redirectTo);
  return { redirectTo };
}

/**
 * Logs the user in (after sign-up or login): keeps the token and who it is, drops any
 * purchase of a previous user, and goes to the wanted path.
 */
export function startUserSession(
  args: Args,
  user: ShopUser & { token: string },
  redirectTo: string | null | undefined,
) {
  const { session } = getRequestContext(args);
  const { token, cNombre, cEmail, dLogin, lAlias } = user;
  session.set("user", { token, cNombre, cEmail, dLogin, lAlias });
  session.unset("processId");
  return redirect(safeRedirectPath(redirectTo));
}

/** Ends the session's user (§4 logout): user, token and purchase go, and it is said once. */
export function endUserSession(args: Args) {
  const { session } = getRequestContext(args);
  session.unset("user");
  session.unset("processId");
  session.flash("notice", "layout:notices.sessionDisconnected");
}
