// Rate limits on the calls people (and scripts) repeat to guess or to flood: login, sign-up,
// password recovery and the contact form. Each is limited per client address and per
// account (the e-mail given), in fixed windows counted in the database (counters.ts), so the
// limits hold across every API process of one shop. Login and password recovery refuse an
// address, never an account everywhere: their rules are in login-throttle.ts and
// recovery-throttle.ts (decision 0063). This file holds the rules only.
import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

/**
 * What is limited. passwordRecovery counts requests for a code, recoveryCode the tries of
 * one; a wrong current password at a password change counts as a failed login.
 */
export const rateLimitNames = [
  "login",
  "signUp",
  "passwordRecovery",
  "recoveryCode",
  "contact",
  "promotionCode",
] as const;
export type RateLimitName = (typeof rateLimitNames)[number];

export const rateLimitScopes = ["address", "account"] as const;
export type RateLimitScope = (typeof rateLimitScopes)[number];

/** At most `max` attempts in each window of `windowMinutes`. */
export type RateLimit = { max: number; windowMinutes: number };
type ScopedLimits = Record<RateLimitScope, RateLimit>;
/** A third scope, `pair`: one account from one address (login and recovery throttles). */
export type PairedLimits = ScopedLimits & { pair: RateLimit };
export type LoginLimits = PairedLimits;
/**
 * The tries of recovery codes are limited per address only: per account and address, and
 * per address. Wrong tries from everywhere kill a code instead (recovery-code.ts).
 */
export type RecoveryCodeLimits = { pair: RateLimit; address: RateLimit };
export type RateLimits = Record<Exclude<RateLimitName, "recoveryCode">, ScopedLimits> & {
  login: LoginLimits;
  passwordRecovery: PairedLimits;
  recoveryCode: RecoveryCodeLimits;
};

/**
 * Generous for people, short for scripts. Login counts failed attempts only (a login that
 * succeeds gives its attempt back); the others count every attempt that reaches the API.
 * Login's limits refuse an address, never an account everywhere (login-throttle.ts): `pair`
 * is what one address may fail into one account, `account` the failures from everywhere past
 * which the account counts as attacked, `address` the failures of one address into any
 * accounts, beyond one per account that logged in from it.
 */
export const defaultRateLimits: RateLimits = {
  login: {
    pair: { max: 10, windowMinutes: 15 },
    account: { max: 10, windowMinutes: 15 },
    address: { max: 30, windowMinutes: 15 },
  },
  signUp: {
    account: { max: 5, windowMinutes: 60 },
    address: { max: 5, windowMinutes: 60 },
  },
  // Asking for a code: `pair` is what one address may ask for one e-mail, `account` the
  // requests for one e-mail from everywhere past which only an address that has not asked
  // yet gets a mail, `address` what one address may ask for any e-mails.
  passwordRecovery: {
    pair: { max: 3, windowMinutes: 60 },
    account: { max: 5, windowMinutes: 60 },
    address: { max: 10, windowMinutes: 60 },
  },
  // Trying a code: what one address may try for one e-mail, and for any e-mails.
  recoveryCode: {
    pair: { max: 5, windowMinutes: 60 },
    address: { max: 30, windowMinutes: 60 },
  },
  contact: {
    account: { max: 5, windowMinutes: 60 },
    address: { max: 5, windowMinutes: 60 },
  },
  // Wrong promotion codes only: guessing one must be as slow as guessing a password.
  promotionCode: {
    account: { max: 10, windowMinutes: 15 },
    address: { max: 30, windowMinutes: 15 },
  },
};

/**
 * Overrides in the form "login.pair=10/15,signUp.address=5/60" (max/window in minutes),
 * as RATE_LIMITS gives them; anything else is refused, so a typo cannot switch a limit off.
 */
export function parseRateLimits(text: string | undefined, base = defaultRateLimits): RateLimits {
  const limits = structuredClone(base);
  for (const item of (text ?? "").split(",").map((part) => part.trim())) {
    if (item === "") continue;
    const match = /^(\w+)\.(\w+)=(\d{1,7})\/(\d{1,6})$/.exec(item);
    const [name, scope, max, minutes] = match?.slice(1) ?? [];
    if (
      !match ||
      !rateLimitNames.includes(name as RateLimitName) ||
      !Object.hasOwn(limits[name as RateLimitName], scope) ||
      Number(max) < 1 ||
      Number(minutes) < 1
    ) {
      throw new Error(
        `RATE_LIMITS: "${item}" is not <limit>.<address|account>=<max>/<minutes> (or ` +
          `login.pair=…, passwordRecovery.pair=…, recoveryCode.pair=…; recoveryCode has no ` +
          `account) with a limit among ${rateLimitNames.join(", ")}`,
      );
    }
    (limits[name as RateLimitName] as Record<string, RateLimit>)[scope] = {
      max: Number(max),
      windowMinutes: Number(minutes),
    };
  }
  return limits;
}

/** The fixed window `now` falls in (windows start at whole multiples of their length). */
export function windowAt(now: Date, windowMinutes: number): { start: Date; end: Date } {
  const length = windowMinutes * 60_000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
export function secondsUntil(end: Date, now: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));
}

/** All eight groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * Who an address limit counts: an IPv4 address as it is (IPv4-mapped IPv6 included), an
 * IPv6 address by its /64, since one subscriber commonly holds a whole /64. Null for
 * anything that is not an IP address.
 */
export function addressSubject(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** Who an account limit counts: the e-mail, folded as logins fold it, and hashed. */
export function accountSubject(email: string | null | undefined): string | null {
  const folded = email?.trim().toLowerCase();
  if (!folded) return null;
  return createHash("sha256").update(folded).digest("hex").slice(0, 32);
}
