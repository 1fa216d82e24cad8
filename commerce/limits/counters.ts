// Counting attempts against the rate limits in the database: atomic upserts (INSERT … ON
// CONFLICT DO UPDATE … RETURNING), so simultaneous attempts in one or several API processes
// are never let through past the limit, and no lock is held past the statement. Logins and
// requests for a recovery code have their own counting (countLoginAttempt,
// countRecoveryRequest): refused per address, never per account everywhere.
import { and, eq, gt, like, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { RateLimitedError } from "../errors.ts";
import { type LoginRefusal, loginRefusals } from "./login-throttle.ts";
import {
  accountSubject,
  addressSubject,
  type PairedLimits,
  type RateLimit,
  type RateLimitName,
  type RateLimitScope,
  secondsUntil,
  windowAt,
} from "./rate-limits.ts";
import { type RecoveryRequestRefusal, recoveryRequestRefusals } from "./recovery-throttle.ts";

type Counted = { key: string; windowStart: Date };

/** An attempt counted: `giveBack` uncounts it (a login that turned out right). */
export type CountedAttempt = { giveBack: () => Promise<void> };

/** Who is attempting: the client's address and the e-mail given, when known. */
export type AttemptSubjects = { address: string | null; email?: string | null };

/** Callers whose address is not known share one, so that their guesses are limited too. */
const UNKNOWN_ADDRESS = "unknown";

const cleanupEveryMs = 10 * 60_000;
const nextCleanup = new WeakMap<Database, number>();

/** Drops counters of windows that ended, at most every ten minutes per process. */
async function dropEndedWindows(db: Database, now: Date) {
  if ((nextCleanup.get(db) ?? 0) > now.getTime()) return;
  nextCleanup.set(db, now.getTime() + cleanupEveryMs);
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, now));
}

/** Adds one to a counter of the window, atomically; answers its count with this one. */
async function bump(db: Database, key: string, window: { start: Date; end: Date }) {
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart: window.start, hits: 1, expiresAt: window.end })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  return row.hits;
}

/** Takes one off a counter (never below zero). */
async function unbump(db: Database, { key, windowStart }: Counted) {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`${rateLimitCounters.hits} - 1` })
    .where(
      and(
        eq(rateLimitCounters.key, key),
        eq(rateLimitCounters.windowStart, windowStart),
        gt(rateLimitCounters.hits, 0),
      ),
    );
}

/**
 * Counts one attempt of `name` against each limit it has: per address, per account, per
 * account and address (a subject that is unknown is not counted, but callers whose address
 * is unknown share one for the pair). Throws RATE_LIMITED, with the seconds until the
 * longest refusing window ends, when any of them is over its maximum; the attempt stays
 * counted. Logins and requests for a recovery code have their own counting.
 */
export async function countAttempt(
  deps: Pick<CommerceDeps, "db" | "now" | "rateLimits">,
  name: Exclude<RateLimitName, "login" | "passwordRecovery">,
  subjects: AttemptSubjects,
): Promise<CountedAttempt> {
  const now = deps.now();
  await dropEndedWindows(deps.db, now);
  const account = accountSubject(subjects.email);
  const address = addressSubject(subjects.address);
  const limits: Partial<Record<RateLimitScope | "pair", RateLimit>> = deps.rateLimits[name];
  const bySubject: Array<[RateLimitScope | "pair", string | null]> = [
    ["address", address],
    ["account", account],
    ["pair", account && `${account}:${address ?? UNKNOWN_ADDRESS}`],
  ];
  const counted: Counted[] = [];
  let retryAfter = 0;
  for (const [scope, subject] of bySubject) {
    const limit = limits[scope];
    if (!subject || !limit) continue;
    const window = windowAt(now, limit.windowMinutes);
    const key = `${name}:${scope}:${subject}`;
    const hits = await bump(deps.db, key, window);
    counted.push({ key, windowStart: window.start });
    if (hits > limit.max) retryAfter = Math.max(retryAfter, secondsUntil(window.end, now));
  }
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
  return {
    giveBack: async () => {
      for (const one of counted) await unbump(deps.db, one);
    },
  };
}

/**
 * What a login or a recovery request is counted with: their limits are per account and
 * address (`pair`), per account and per address, so both read the subjects and the three
 * windows the same way, after dropping ended windows.
 */
async function startPairedCount(
  deps: Pick<CommerceDeps, "db" | "now">,
  limits: PairedLimits,
  subjects: AttemptSubjects,
) {
  const now = deps.now();
  await dropEndedWindows(deps.db, now);
  return {
    now,
    // An e-mail the contract lets through always has a subject; anything else is one account.
    account: accountSubject(subjects.email) ?? "none",
    address: addressSubject(subjects.address),
    windows: {
      pair: windowAt(now, limits.pair.windowMinutes),
      account: windowAt(now, limits.account.windowMinutes),
      address: windowAt(now, limits.address.windowMinutes),
    },
  };
}

/** A login attempt counted as failed until `succeeded` says the password was right. */
export type CountedLogin = { succeeded: () => Promise<void> };

// Keys of the login counters. The account's subject (fixed-length hex) comes before the
// address's, which may hold colons, so an account's counters share a prefix.
const loginKeys = {
  pair: (account: string, address: string) => `login:pair:${account}:${address}`,
  account: (account: string) => `login:account:${account}`,
  address: (address: string) => `login:address:${address}`,
  /** One row per account that logged in from the address: counted once per window. */
  loggedIn: (account: string, address: string) => `login:loggedIn:${account}:${address}`,
  accountsLoggedIn: (address: string) => `login:accountsLoggedIn:${address}`,
};

/**
 * Counts a login attempt (or a password change's current password) as failed, before the
 * password is checked, so guesses in flight together cannot overrun a limit; `succeeded`
 * gives it back and counts the account as logged in from the address. Throws RATE_LIMITED
 * when login-throttle.ts refuses this address the account, with the seconds until the
 * refusing windows end; the attempt stays counted.
 */
export async function countLoginAttempt(
  deps: Pick<CommerceDeps, "db" | "now" | "rateLimits">,
  subjects: AttemptSubjects,
): Promise<CountedLogin> {
  const { db } = deps;
  const limits = deps.rateLimits.login;
  const { now, account, address, windows } = await startPairedCount(deps, limits, subjects);
  const failures = [
    { key: loginKeys.pair(account, address ?? UNKNOWN_ADDRESS), window: windows.pair },
    { key: loginKeys.account(account), window: windows.account },
    ...(address ? [{ key: loginKeys.address(address), window: windows.address }] : []),
  ];
  // The accounts logged in from the address are read in the same statement (added 0).
  const read = address
    ? [{ key: loginKeys.accountsLoggedIn(address), window: windows.address }]
    : [];
  const hits = await addToCounters(db, failures, read);
  const refusals = loginRefusals(
    {
      pair: hits.get(failures[0].key) ?? 1,
      account: hits.get(failures[1].key) ?? 1,
      address: address ? (hits.get(loginKeys.address(address)) ?? 1) : null,
      accountsLoggedIn: address ? (hits.get(loginKeys.accountsLoggedIn(address)) ?? 0) : 0,
    },
    limits,
  );
  const counted = failures.map(({ key, window }) => ({ key, windowStart: window.start }));
  if (refusals.length > 0) {
    const ends: Record<LoginRefusal, Date> = {
      pair: windows.pair.end,
      // Over when either this address's failures or the account's from elsewhere start over.
      attacked: new Date(Math.min(windows.pair.end.getTime(), windows.account.end.getTime())),
      address: windows.address.end,
    };
    const retryAfter = Math.max(...refusals.map((refusal) => secondsUntil(ends[refusal], now)));
    // The account fails from elsewhere: its owner is told so, and that recovery by mail works.
    const elsewhere = refusals.includes("attacked") && !refusals.includes("address");
    throw new RateLimitedError(retryAfter, elsewhere ? "elsewhere" : undefined);
  }
  return {
    succeeded: async () => {
      for (const one of counted) await unbump(db, one);
      if (!address) return;
      const [first] = await db
        .insert(rateLimitCounters)
        .values({
          key: loginKeys.loggedIn(account, address),
          windowStart: windows.address.start,
          hits: 1,
          expiresAt: windows.address.end,
        })
        .onConflictDoNothing()
        .returning({ hits: rateLimitCounters.hits });
      if (first) await bump(db, loginKeys.accountsLoggedIn(address), windows.address);
    },
  };
}

/**
 * Counts a request for a recovery code, for every e-mail alike (known or not), in one
 * statement. Throws RATE_LIMITED when recovery-throttle.ts refuses the address, with the
 * seconds until the refusing windows end; the request stays counted.
 */
export async function countRecoveryRequest(
  deps: Pick<CommerceDeps, "db" | "now" | "rateLimits">,
  subjects: AttemptSubjects,
): Promise<void> {
  const { db } = deps;
  const limits = deps.rateLimits.passwordRecovery;
  const { now, account, address, windows } = await startPairedCount(deps, limits, subjects);
  const keys = {
    pair: `passwordRecovery:pair:${account}:${address ?? UNKNOWN_ADDRESS}`,
    account: `passwordRecovery:account:${account}`,
    address: address && `passwordRecovery:address:${address}`,
  };
  const hits = await addToCounters(
    db,
    [
      { key: keys.pair, window: windows.pair },
      { key: keys.account, window: windows.account },
      ...(keys.address ? [{ key: keys.address, window: windows.address }] : []),
    ],
    [],
  );
  const refusals = recoveryRequestRefusals(
    {
      pair: hits.get(keys.pair) ?? 1,
      account: hits.get(keys.account) ?? 1,
      address: keys.address ? (hits.get(keys.address) ?? 1) : null,
    },
    limits,
  );
  if (refusals.length === 0) return;
  const ends: Record<RecoveryRequestRefusal, Date> = {
    pair: windows.pair.end,
    // Over when either this address's requests or the e-mail's start over.
    flooded: new Date(Math.min(windows.pair.end.getTime(), windows.account.end.getTime())),
    address: windows.address.end,
  };
  throw new RateLimitedError(Math.max(...refusals.map((one) => secondsUntil(ends[one], now))));
}

type CounterOfWindow = { key: string; window: { start: Date; end: Date } };

/**
 * Adds one to each of `bumped` and reads `read`, in one statement; answers each key's count.
 * Rows are taken in key order, so that simultaneous statements on shared counters wait for
 * each other rather than deadlock.
 */
async function addToCounters(db: Database, bumped: CounterOfWindow[], read: CounterOfWindow[]) {
  const rows = [
    ...bumped.map((counter) => ({ ...counter, hits: 1 })),
    ...read.map((counter) => ({ ...counter, hits: 0 })),
  ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const answered = await db
    .insert(rateLimitCounters)
    .values(
      rows.map(({ key, window, hits }) => ({
        key,
        windowStart: window.start,
        hits,
        expiresAt: window.end,
      })),
    )
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + excluded.hits` },
    })
    .returning({ key: rateLimitCounters.key, hits: rateLimitCounters.hits });
  return new Map(answered.map(({ key, hits }) => [key, hits]));
}

/**
 * Forgets an account's failed logins, from every address: its owner has just proved who they
 * are (a new password by a code mailed to them), so failures before do not count against them.
 */
export async function forgetFailedLogins(deps: Pick<CommerceDeps, "db">, email: string) {
  const account = accountSubject(email);
  if (!account) return;
  await deps.db
    .delete(rateLimitCounters)
    .where(
      or(
        eq(rateLimitCounters.key, loginKeys.account(account)),
        like(rateLimitCounters.key, `${loginKeys.pair(account, "")}%`),
      ),
    );
}
