// The admission job (issue 12): every QUEUE_TICK_MS, for each queue that is on, under a
// transaction-level advisory lock (one node at a time does a queue's pass; the others skip
// it): shuffle the pre-queue at the first pass after the sale start, let go of entries whose
// visitors stopped polling or never used their token or whose shopping window ended, and let
// the next ones in by place, as many as the rate and the room allow. Tests call the pass
// with their own clock; only startAdmissionJob has a timer.
import { and, asc, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.ts";
import { queueEntries, queueSettings } from "../db/schema.ts";
import { giveTheLoopATurn, inSlices } from "../db/turns.ts";
import type { CommerceDeps } from "../deps.ts";
import { shopMetrics } from "../operations/metrics.ts";
import { startPeriodicJob } from "../periodic-job.ts";
import { admissionsDue } from "./admission-rate.ts";
import { ADMISSION_TOKEN_SECONDS } from "./entries.ts";
import { enabledQueues } from "./settings.ts";
import { shuffleWithSeed } from "./shuffle.ts";
import { waitingRoomOf } from "./waiting-room.ts";

/** First key of the queues' advisory locks (second: the performance id). */
export const QUEUE_LOCK = 1_200_012;

/** A waiting visitor not seen polling for this long loses their place. */
export const ABANDONED_AFTER_SECONDS = 60;

/** How many pre-queue places one statement of the draw writes. */
const REVEAL_SLICE = 250;

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Places the pre-queue by the seeded shuffle of its turn codes in arrival order, and publishes
 * the seed. Once only: the settings row is locked, and a shuffled queue is left alone.
 */
export async function revealPreQueue(
  db: Database | Transaction,
  performanceId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [settings] = await tx
      .select()
      .from(queueSettings)
      .where(eq(queueSettings.performanceId, performanceId))
      .for("update");
    if (!settings || settings.seedRevealedAt || now < settings.saleStartsAt) return false;
    const arrivals = await tx
      .select({ id: queueEntries.id, turnCode: queueEntries.turnCode })
      .from(queueEntries)
      .where(and(eq(queueEntries.performanceId, performanceId), eq(queueEntries.preQueue, true)))
      .orderBy(asc(queueEntries.arrivalSeq));
    const order = shuffleWithSeed(
      arrivals.map((arrival) => arrival.turnCode),
      settings.seed,
    );
    const idOf = new Map(arrivals.map((arrival) => [arrival.turnCode, arrival.id]));
    // In slices, inside the one transaction, so the waiting page's polls are answered
    // between two of them (db/turns.ts).
    await inSlices(order, REVEAL_SLICE, async (slice, start) => {
      // Array literals of numbers only.
      const ids = `{${slice.map((code) => idOf.get(code)).join(",")}}`;
      const places = `{${slice.map((_, index) => start + index + 1).join(",")}}`;
      await tx.execute(sql`
        UPDATE queue_entries AS entry SET position = placed.position
        FROM unnest(${ids}::bigint[], ${places}::int[]) AS placed(id, position)
        WHERE entry.id = placed.id`);
    });
    await tx
      .update(queueSettings)
      .set({ seedRevealedAt: now, nextPosition: order.length + 1 })
      .where(eq(queueSettings.performanceId, performanceId));
    return true;
  });
}

export type QueuePass = { revealed: boolean; expired: number; admitted: number } | null;

/** One queue's pass; null when another node holds its lock. */
export async function admitNext(
  deps: Pick<CommerceDeps, "db">,
  performanceId: number,
  now: Date,
  /** Since this node last tried a pass (admission-rate.ts); unknown: a minute's credit. */
  sinceLastPassMs?: number,
): Promise<QueuePass> {
  return deps.db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(${QUEUE_LOCK}, ${performanceId}) AS locked`,
    );
    const [{ locked: got }] = (locked as unknown as { rows: { locked: boolean }[] }).rows;
    if (!got) return null;
    const revealed = await revealPreQueue(tx, performanceId, now);
    // A turn of the loop between statements: polls are answered meanwhile (db/turns.ts).
    await giveTheLoopATurn();
    const [settings] = await tx
      .select()
      .from(queueSettings)
      .where(eq(queueSettings.performanceId, performanceId));
    if (!settings?.enabled) return { revealed, expired: 0, admitted: 0 };

    const ofQueue = eq(queueEntries.performanceId, performanceId);
    const expired = await tx
      .update(queueEntries)
      .set({ state: "expired" })
      .where(
        and(
          ofQueue,
          sql`(
            (${queueEntries.state} = 'waiting'
              AND ${queueEntries.lastSeenAt} <= ${secondsBefore(now, ABANDONED_AFTER_SECONDS)})
            OR (${queueEntries.state} = 'admitted'
              AND ${queueEntries.admittedAt} <= ${secondsBefore(now, ADMISSION_TOKEN_SECONDS)})
            OR (${queueEntries.state} = 'active' AND ${queueEntries.activeUntil} <= ${now}))`,
        ),
      )
      .returning({ id: queueEntries.id });
    await giveTheLoopATurn();

    if (!settings.seedRevealedAt && !revealed)
      return { revealed, expired: expired.length, admitted: 0 };
    const [{ admittedSoFar }] = await tx
      .select({ admittedSoFar: count() })
      .from(queueEntries)
      .where(and(ofQueue, isNotNull(queueEntries.admittedAt)));
    await giveTheLoopATurn();
    const [{ live }] = await tx
      .select({ live: count() })
      .from(queueEntries)
      .where(and(ofQueue, inArray(queueEntries.state, ["admitted", "active"])));
    const due = admissionsDue({
      saleStartsAt: settings.saleStartsAt,
      now,
      admissionsPerMinute: settings.admissionsPerMinute,
      maxActive: settings.maxActive,
      admittedSoFar,
      live,
      sinceLastPassMs,
    });
    let admitted = 0;
    if (due > 0) {
      await giveTheLoopATurn();
      const next = tx
        .select({ id: queueEntries.id })
        .from(queueEntries)
        .where(and(ofQueue, eq(queueEntries.state, "waiting"), isNotNull(queueEntries.position)))
        .orderBy(asc(queueEntries.position))
        .limit(due);
      const rows = await tx
        .update(queueEntries)
        .set({ state: "admitted", admittedAt: now })
        .where(inArray(queueEntries.id, next))
        .returning({ id: queueEntries.id });
      admitted = rows.length;
    }
    return { revealed, expired: expired.length, admitted };
  });
}

/** When this node last tried a pass, per set of deps: a failed try counts too. */
const lastTries = new WeakMap<object, number>();

/** One pass over every queue that is on: this node's last-seen times first, then each queue. */
export async function runAdmissionPass(deps: Pick<CommerceDeps, "db" | "now">) {
  const tried = deps.now();
  const previous = lastTries.get(deps);
  lastTries.set(deps, tried.getTime());
  const sinceLastPassMs = previous === undefined ? undefined : tried.getTime() - previous;
  await waitingRoomOf(deps).flushLastSeen();
  const now = deps.now();
  const passes = new Map<number, QueuePass>();
  for (const queue of await enabledQueues(deps.db)) {
    await giveTheLoopATurn();
    const pass = await admitNext(deps, queue.performanceId, now, sinceLastPassMs);
    // Committed: counted by the node that did the pass.
    if (pass?.admitted) shopMetrics.admitted(queue.performanceId, pass.admitted);
    passes.set(queue.performanceId, pass);
  }
  return passes;
}

export type AdmissionJob = { stop: () => Promise<void> };

/** Runs the pass every intervalMs until stopped (a pass under way finishes first). */
export function startAdmissionJob(
  deps: Pick<CommerceDeps, "db" | "now">,
  options: { intervalMs: number },
): AdmissionJob {
  const job = startPeriodicJob(
    "queue admission pass",
    () => runAdmissionPass(deps),
    options.intervalMs,
  );
  return {
    stop: async () => {
      await job.stop();
      await waitingRoomOf(deps)
        .flushLastSeen()
        .catch(() => {});
    },
  };
}
