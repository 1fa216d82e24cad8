// The buyer's cookie session (signed, httpOnly, SameSite=Lax, Secure in production): the API
// token, who is logged in and since when, the current purchase process and one-time notices.
// It is read once per request and written back once, by the request context's middleware.

import type { SessionUser } from "@contract";
import { createCookieSessionStorage, type Session } from "react-router";
import { headerSafePath } from "~/lib/location-header";
import { config } from "./config.server";

/** A login is valid this long from dLogin (spec §9). */
export const loginValidityMs = 180 * 60 * 1000;

export type SessionData = {
  user: Pick<SessionUser, "token" | "cNombre" | "cEmail" | "dLogin" | "lAlias">;
  processId: number;
  deviceId: string;
};

export type ShopUser = SessionData["user"];

/** One-time notices keyed by i18n key (e.g. "layout:notices.sessionDisconnected"). */
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

export function isLoginValid(user: ShopUser | undefined, now = Date.now()): boolean {
  if (!user) return false;
  const since = Date.parse(user.dLogin);
  return Number.isFinite(since) && now - since < loginValidityMs;
}

/** Only same-site paths may be return targets (no open redirects). */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return "/";
  if (target.startsWith("/\\")) return "/";
  // A path no Location header can carry (CR, LF, NUL…) is unsafe too.
  return headerSafePath(target) ?? "/";
}

export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}
