// Counting attempts against the rate limits in the database: one atomic upsert per counter
// (INSERT … ON CONFLICT DO UPDATE … RETURNING), so simultaneous attempts in one or several
// API processes are never let through past the limit, and no lock is held.
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { RateLimitedError } from "../errors.ts";
import {
  accountSubject,
  addressSubject,
  type RateLimitName,
  type RateLimitScope,
  secondsUntil,
  windowAt,
} from "./rate-limits.ts";

type Counted = { key: string; windowStart: Date };

/** An attempt counted: `giveBack` uncounts it (a login that turned out right). */
export type CountedAttempt = { giveBack: () => Promise<void> };

/** Who is attempting: the client's address and the e-mail given, when known. */
export type AttemptSubjects = { address: string | null; email?: string | null };

const cleanupEveryMs = 10 * 60_000;
const nextCleanup = new WeakMap<Database, number>();

/** Drops counters of windows that ended, at most every ten minutes per process. */
async function dropEndedWindows(db: Database, now: Date) {
  if ((nextCleanup.get(db) ?? 0) > now.getTime()) return;
  nextCleanup.set(db, now.getTime() + cleanupEveryMs);
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, now));
}

/**
 * Counts one attempt of `name` against its per-address and per-account limits (a subject
 * that is unknown is not counted). Throws RATE_LIMITED, with the seconds until the longest
 * refusing window ends, when any of them is over its maximum; the attempt stays counted.
 */
export async function countAttempt(
  deps: Pick<CommerceDeps, "db" | "now" | "rateLimits">,
  name: RateLimitName,
  subjects: AttemptSubjects,
): Promise<CountedAttempt> {
  const now = deps.now();
  await dropEndedWindows(deps.db, now);
  const bySubject: Array<[RateLimitScope, string | null]> = [
    ["address", addressSubject(subjects.address)],
    ["account", accountSubject(subjects.email)],
  ];
  const counted: Counted[] = [];
  let retryAfter = 0;
  for (const [scope, subject] of bySubject) {
    if (!subject) continue;
    const limit = deps.rateLimits[name][scope];
    const window = windowAt(now, limit.windowMinutes);
    const key = `${name}:${scope}:${subject}`;
    const [row] = await deps.db
      .insert(rateLimitCounters)
      .values({ key, windowStart: window.start, hits: 1, expiresAt: window.end })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { hits: sql`${rateLimitCounters.hits} + 1` },
      })
      .returning({ hits: rateLimitCounters.hits });
    counted.push({ key, windowStart: window.start });
    if (row.hits > limit.max) retryAfter = Math.max(retryAfter, secondsUntil(window.end, now));
  }
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
  return {
    giveBack: async () => {
      for (const { key, windowStart } of counted) {
        await deps.db
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
    },
  };
}
