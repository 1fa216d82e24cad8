// A performance's waiting room settings (issue 12): set by an operator (PUT Cola/{id}/
// Configuracion) or the seed, read on every take of places (the pass check) and by the gate's
// list. Reads go through a per-node cache of a couple of seconds: an operator's change reaches
// the node that made it at once, the other API processes on PostgreSQL through a notification
// (db/changes.ts), and within the couple of seconds should one be lost.
import { and, eq, gt, sql } from "drizzle-orm";
import { announceChange } from "../db/changes.ts";
import type { Executor } from "../db/client.ts";
import { performances, queueSettings } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { fieldError, notFound } from "../errors.ts";
import { commitmentOf, newSeed } from "./commitment.ts";

export type QueueSettingsRow = typeof queueSettings.$inferSelect;

export type QueueSettingsInput = {
  enabled: boolean;
  saleStartsAt: Date;
  admissionsPerMinute: number;
  maxActive: number;
  shoppingWindowSeconds: number;
};

/** How long a node believes what it read (milliseconds of its own clock). */
export const SETTINGS_CACHE_MS = 2000;

type Cached<T> = { value: T; readAt: number };

/** One node's caches, per set of deps (the API's own object; each test's API has its own). */
type SettingsCache = {
  byPerformance: Map<number, Cached<QueueSettingsRow | null>>;
  queued: Cached<number[]> | null;
};

const caches = new WeakMap<object, SettingsCache>();

function cacheOf(deps: Pick<CommerceDeps, "db">): SettingsCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = { byPerformance: new Map(), queued: null };
    caches.set(deps, cache);
  }
  return cache;
}

const fresh = (entry: Cached<unknown> | null | undefined): boolean =>
  entry !== null && entry !== undefined && performance.now() - entry.readAt < SETTINGS_CACHE_MS;

/** Forgets what this node read (after a change here, and between tests). */
export function forgetQueueSettings(deps: Pick<CommerceDeps, "db">) {
  caches.delete(deps);
}

export async function readQueueSettings(
  db: Executor,
  performanceId: number,
): Promise<QueueSettingsRow | null> {
  const [row] = await db
    .select()
    .from(queueSettings)
    .where(eq(queueSettings.performanceId, performanceId));
  return row ?? null;
}

/** The settings of a performance's queue, as this node last read them (≤ 2 s old). */
export async function cachedQueueSettings(
  deps: Pick<CommerceDeps, "db">,
  performanceId: number,
  /** Inside a transaction, its executor (PGlite has one connection: never deps.db then). */
  db: Executor = deps.db,
): Promise<QueueSettingsRow | null> {
  const cache = cacheOf(deps);
  const cached = cache.byPerformance.get(performanceId);
  if (cached && fresh(cached)) return cached.value;
  const value = await readQueueSettings(db, performanceId);
  cache.byPerformance.set(performanceId, { value, readAt: performance.now() });
  return value;
}

/** The ids of the performances whose queue is on, still to come (the spec's queue list). */
export async function queuedPerformanceIds(
  deps: Pick<CommerceDeps, "db" | "now">,
): Promise<number[]> {
  const cache = cacheOf(deps);
  if (cache.queued && fresh(cache.queued)) return cache.queued.value;
  const rows = await deps.db
    .select({ id: queueSettings.performanceId })
    .from(queueSettings)
    .innerJoin(performances, eq(performances.id, queueSettings.performanceId))
    .where(
      and(
        eq(queueSettings.enabled, true),
        eq(performances.status, "ON_SALE"),
        gt(performances.startsAt, deps.now()),
      ),
    )
    .orderBy(queueSettings.performanceId);
  const value = rows.map((row) => row.id);
  cache.queued = { value, readAt: performance.now() };
  return value;
}

/** Whether the queue is on and its sale has started: only then are takes gated. */
export function gatesTakesNow(settings: QueueSettingsRow | null, now: Date): boolean {
  return settings?.enabled === true && settings.saleStartsAt <= now;
}

/**
 * Creates or changes a performance's queue. The seed is drawn once, with the queue, and its
 * commitment published from then on; once the pre-queue is shuffled the sale start is
 * history and can no longer move.
 */
export async function saveQueueSettings(
  deps: Pick<CommerceDeps, "db" | "now">,
  performanceId: number,
  input: QueueSettingsInput,
): Promise<QueueSettingsRow> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [performance] = await tx
      .select({ id: performances.id })
      .from(performances)
      .where(eq(performances.id, performanceId));
    if (!performance) throw notFound();
    const [current] = await tx
      .select()
      .from(queueSettings)
      .where(eq(queueSettings.performanceId, performanceId))
      .for("update");
    if (
      current?.seedRevealedAt &&
      current.saleStartsAt.getTime() !== input.saleStartsAt.getTime()
    ) {
      throw fieldError("dInicioVenta", "queueAlreadyStarted");
    }
    const values = { ...input, updatedAt: now };
    // Every other node forgets what it kept of the queues when this commits (decision 0051).
    await announceChange(tx, "queue-settings");
    if (current) {
      const [changed] = await tx
        .update(queueSettings)
        .set(values)
        .where(eq(queueSettings.performanceId, performanceId))
        .returning();
      return changed;
    }
    const seed = newSeed();
    const [created] = await tx
      .insert(queueSettings)
      .values({ performanceId, ...values, seed, seedCommitment: commitmentOf(seed) })
      .returning();
    return created;
  });
  forgetQueueSettings(deps);
  return row;
}

/** Every queue on, for the admission job (the few rows of the settings table). */
export async function enabledQueues(db: Executor): Promise<QueueSettingsRow[]> {
  return db.select().from(queueSettings).where(sql`${queueSettings.enabled}`);
}
