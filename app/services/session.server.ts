// The buyer's cookie session (signed, httpOnly, SameSite=Lax, Secure in production): a session
// id, the API token, who is logged in and since when, the current purchase process and
// one-time notices.
// It is read once per request and written back once, by the request context's middleware.

import type { AdditionalDataField, SessionUser } from "@contract";
import { type Cookie, createCookie, createCookieSessionStorage, type Session } from "react-router";
import { boundedReturnPath, headerSafePath } from "~/lib/location-header";
import type { PurchaseTimer } from "~/lib/purchase-timer";
import { config } from "./config.server";

/** A login is valid this long from dLogin (spec §9). */
export const loginValidityMs = 180 * 60 * 1000;

export type SessionData = {
  /** Drawn anew at every login, dropped at logout: a login never reuses a cookie's value. */
  sid: string;
  /**
   * lTaquilla: a box-office clerk, shown the box-office mode (ctProcess BOX); lPuerta: door
   * staff, offered the door check (/door).
   */
  user: Pick<SessionUser, "token" | "cNombre" | "cEmail" | "dLogin" | "lAlias"> &
    Partial<Pick<SessionUser, "lTaquilla" | "lPuerta">>;
  processId: number;
  /** The purchase timer (§3, §4): services/purchase-timer.server.ts. */
  timer: PurchaseTimer;
  /** A promotion code the buyer applied to that purchase (/promocion); not personal data. */
  promotionCode: { processId: number; code: string };
  deviceId: string;
  /** Set by the city's external login: the customer's fields still to complete (/additionalData). */
  external: { pending: AdditionalDataField[] };
  /** The door check's entrance and performance, as door staff last set them (/door). */
  door: { entrance: string; performanceId: number | null };
  /** The sector last opened on a few performances, reopened on return (remembered-sectors.ts). */
  sectors: ReadonlyArray<readonly [performanceId: number, sectorId: number]>;
};

export type ShopUser = SessionData["user"];

/**
 * One-time notices keyed by i18n key (e.g. "layout:notices.sessionDisconnected"), the name to
 * greet on the first page after a login or sign-up (§9: shown after 2000 ms), and, after a
 * logout with the city's login, that its end-session page is due (/endSession); and, after the
 * checkout's pay opened Bancard's card form with JavaScript, the form to frame (Bancard's
 * process id and origin: no card data).
 */
export type SessionFlash = {
  notice: string;
  greeting: string;
  endSession: true;
  cardForm: { idProcesoDeCompra: number; processId: string; origin: string };
};

const signedCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: config.cookieSecure,
  secrets: [config.sessionSecret],
});

/**
 * Cookie headers whose signature was checked, with the data they carry (as JSON). Checking
 * it (Web Crypto: a key imported and an HMAC verified, both asynchronous) was a few percent
 * of every page's CPU, and a browser sends the same header request after request. An entry
 * is found only by the exact header, signature included, so it answers only a request that
 * presented that very cookie; each answer is a fresh copy. Bounded: the oldest goes first.
 */
const verifiedHeaders = new Map<string, string>();
const maxVerifiedKept = 500;

const sessionCookie: Cookie = {
  name: signedCookie.name,
  isSigned: signedCookie.isSigned,
  get expires() {
    return signedCookie.expires;
  },
  async parse(header, options) {
    if (!header || options) return signedCookie.parse(header, options);
    const known = verifiedHeaders.get(header);
    if (known !== undefined) return JSON.parse(known);
    const value = await signedCookie.parse(header);
    if (value !== null && typeof value === "object") {
      if (verifiedHeaders.size >= maxVerifiedKept) {
        verifiedHeaders.delete(verifiedHeaders.keys().next().value as string);
      }
      verifiedHeaders.set(header, JSON.stringify(value));
    }
    return value;
  },
  serialize: (value, options) => signedCookie.serialize(value, options),
};

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlash>({
  cookie: sessionCookie,
});

export type ShopSession = Session<SessionData, SessionFlash>;

export function isLoginValid(user: ShopUser | undefined, now = Date.now()): boolean {
  if (!user) return false;
  const since = Date.parse(user.dLogin);
  return Number.isFinite(since) && now - since < loginValidityMs;
}

/** Never served: a fixed origin to resolve return targets against. */
const redirectBase = "http://redirect.invalid";

/**
 * Only same-site paths may be return targets (no open redirects). A target holding control
 * characters is refused outright; the rest is judged the way a browser will read it: the
 * WHATWG URL parser reads "\\" as "/", encodes what needs encoding and resolves dot
 * segments. What comes out is the parsed path, query and fragment, or "/" when it names
 * another origin or starts with "//" (which the browser would read as another host).
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined): string {
  if (typeof target !== "string" || target === "") return "/";
  // A target with control characters (a tab, CR, LF, NUL…) is no path a page of ours links to.
  if (headerSafePath(target) === null) return "/";
  let url: URL;
  try {
    url = new URL(target, redirectBase);
  } catch {
    return "/";
  }
  if (url.origin !== redirectBase) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//")) return "/";
  const safe = headerSafePath(path);
  if (safe === null) return "/";
  // Too long for a header: the page itself, without its query.
  return boundedReturnPath(safe, headerSafePath(url.pathname) ?? "/");
}

/** The page a request is for, as a return path (no longer than a header may carry). */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url);
  return boundedReturnPath(url.pathname + url.search, url.pathname);
}

export function loginUrlFor(request: Request): string {
  return `/login?redirectTo=${encodeURIComponent(returnPathOf(request))}`;
}
