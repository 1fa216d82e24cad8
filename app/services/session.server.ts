// The buyer's cookie session (signed, httpOnly, SameSite=Lax, Secure in production): the API
// token, who is logged in and since when, the current purchase process and one-time notices.

import type { SessionUser } from "@contract";
import { createCookieSessionStorage, redirect, type Session } from "react-router";
import { config } from "./config.server";

/** A login is valid this long from dLogin (spec §9). */
export const loginValidityMs = 180 * 60 * 1000;

export type SessionData = {
  user: Pick<SessionUser, "token" | "cNombre" | "cEmail" | "dLogin" | "lAlias">;
  processId: number;
  deviceId: string;
};

/** One-time notices keyed by i18n key (e.g. "notices.sessionDisconnected"). */
export type SessionFlash = { notice: string };

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlash>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.cookieSecure,
    secrets: [config.sessionSecret],
  },
});

export type ShopSession = Session<SessionData, SessionFlash>;

export function getSession(request: Request): Promise<ShopSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: ShopSession): Promise<HeadersInit> {
  return { "Set-Cookie": await sessionStorage.commitSession(session) };
}

export function isLoginValid(user: SessionData["user"] | undefined, now = Date.now()): boolean {
  if (!user) return false;
  const since = Date.parse(user.dLogin);
  return Number.isFinite(since) && now - since < loginValidityMs;
}

/** The logged-in user, or null when absent or past the 180-minute validity. */
export async function getUser(request: Request) {
  const session = await getSession(request);
  const user = session.get("user");
  return isLoginValid(user) ? (user ?? null) : null;
}

/** Only same-site paths may be return targets (no open redirects). */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return "/";
  if (target.startsWith("/\\")) return "/";
  return target;
}

export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** For login-required screens: the user, or a redirect to /login carrying the wanted path. */
export async function requireUser(request: Request) {
  const session = await getSession(request);
  const user = session.get("user");
  if (isLoginValid(user) && user) return { user, session };
  if (user) {
    // The login ran out: treat as logged out and say so once.
    session.unset("user");
    session.unset("processId");
    session.flash("notice", "notices.sessionDisconnected");
    throw redirect(loginUrlFor(request), { headers: await commitSession(session) });
  }
  throw redirect(loginUrlFor(request));
}

/**
 * Logs the user in (after sign-up or login): keeps the token and who it is, drops any
 * purchase of a previous user, and goes to the wanted path.
 */
export async function startUserSession(
  request: Request,
  user: SessionUser,
  redirectTo: string | null | undefined,
) {
  const session = await getSession(request);
  const { token, cNombre, cEmail, dLogin, lAlias } = user;
  session.set("user", { token, cNombre, cEmail, dLogin, lAlias });
  session.unset("processId");
  return redirect(safeRedirectPath(redirectTo), { headers: await commitSession(session) });
}
