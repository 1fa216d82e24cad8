// A visitor's stay in a performance's queue (issue 12): joining (or finding the live entry),
// using the admission token once, leaving, and the live pass that lets a customer take places.
// The database keeps the rules that races would break: one live entry per customer and
// performance (partial unique index), a token used once (one conditional UPDATE).
import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { type QueueEntryState, queueEntries, queueSettings } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import type { QueueSettingsRow } from "./settings.ts";

export type QueueEntryRow = typeof queueEntries.$inferSelect;

export const liveStates: QueueEntryState[] = ["waiting", "admitted", "active"];

/** How long an admission token stays good once handed out (seconds). */
export const ADMISSION_TOKEN_SECONDS = 300;

/** When the token of an entry admitted at `admittedAt` stops being accepted. */
export const tokenExpiry = (admittedAt: Date) =>
  new Date(admittedAt.getTime() + ADMISSION_TOKEN_SECONDS * 1000);

// No 0/O or 1/I: a code read aloud or copied by hand stays unambiguous. 32 characters: a
// byte's low five bits pick one without bias.
const TURN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const TURN_CODE_LENGTH = 6;

export function newTurnCode(): string {
  const bytes = randomBytes(TURN_CODE_LENGTH);
  return Array.from(bytes, (byte) => TURN_CODE_ALPHABET[byte & 31]).join("");
}

const live = (performanceId: number, customerId: number) =>
  and(
    eq(queueEntries.performanceId, performanceId),
    eq(queueEntries.customerId, customerId),
    inArray(queueEntries.state, liveStates),
  );

export async function liveEntryOf(
  db: Executor,
  performanceId: number,
  customerId: number,
): Promise<QueueEntryRow | null> {
  const [row] = await db.select().from(queueEntries).where(live(performanceId, customerId));
  return row ?? null;
}

/** The customer's pass: let in, token used, shopping window still open. One indexed read. */
export async function hasLivePass(
  db: Executor,
  performanceId: number,
  customerId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: queueEntries.id })
    .from(queueEntries)
    .where(
      and(
        live(performanceId, customerId),
        eq(queueEntries.state, "active"),
        gt(queueEntries.activeUntil, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Thrown inside a join's transaction to roll it back and try again. */
class JoinAgain extends Error {}

/**
 * The customer's live entry in the queue, joining it when they have none: before the sale
 * start into the pre-queue (placed by the shuffle), after it at the end. A pass whose window
 * ended is no longer live. Two joins at once meet on the unique index: one entry.
 */
export async function joinQueue(
  deps: Pick<CommerceDeps, "db" | "now">,
  settings: QueueSettingsRow,
  customerId: number,
  reveal: (performanceId: number, now: Date) => Promise<unknown>,
): Promise<QueueEntryRow> {
  const { db } = deps;
  const { performanceId } = settings;
  for (let attempt = 0; attempt < 8; attempt++) {
    const now = deps.now();
    await db
      .update(queueEntries)
      .set({ state: "expired" })
      .where(
        and(
          live(performanceId, customerId),
          eq(queueEntries.state, "active"),
          lte(queueEntries.activeUntil, now),
        ),
      );
    const existing = await liveEntryOf(db, performanceId, customerId);
    if (existing) return existing;
    const [current] = await db
      .select({ revealedAt: queueSettings.seedRevealedAt, startsAt: queueSettings.saleStartsAt })
      .from(queueSettings)
      .where(eq(queueSettings.performanceId, performanceId));
    if (!current) throw new Error(`No queue for performance ${performanceId}`);
    if (!current.revealedAt && now >= current.startsAt) {
      // Started, not shuffled yet: shuffle first, so a later arrival is placed after it.
      await reveal(performanceId, now);
      continue;
    }
    const values = {
      performanceId,
      customerId,
      turnCode: newTurnCode(),
      arrivedAt: now,
      lastSeenAt: now,
    };
    try {
      const entry = await db.transaction(async (tx) => {
        let position: number | null = null;
        if (current.revealedAt) {
          const [next] = await tx
            .update(queueSettings)
            .set({ nextPosition: sql`${queueSettings.nextPosition} + 1` })
            .where(eq(queueSettings.performanceId, performanceId))
            .returning({ taken: sql<number>`${queueSettings.nextPosition} - 1` });
          position = next.taken;
        } else {
          // The shuffle locks the row for update: a pre-queue arrival either lands before it
          // (and is shuffled) or sees it done and tries again.
          const [locked] = await tx
            .select({ revealedAt: queueSettings.seedRevealedAt })
            .from(queueSettings)
            .where(eq(queueSettings.performanceId, performanceId))
            .for("share");
          if (locked.revealedAt) throw new JoinAgain();
        }
        const [inserted] = await tx
          .insert(queueEntries)
          .values({ ...values, preQueue: position === null, position })
          .onConflictDoNothing()
          .returning();
        // Another join of theirs won the race (or the turn code was taken): no gap left.
        if (!inserted) throw new JoinAgain();
        return inserted;
      });
      return entry;
    } catch (error) {
      if (!(error instanceof JoinAgain)) throw error;
    }
  }
  throw new Error(`Could not join the queue of performance ${performanceId}`);
}

/**
 * Uses an admission token's entry: admitted → active, once. Of two uses at once exactly one
 * changes the row; the other (and any later replay) finds nothing to change.
 */
export async function spendAdmission(
  db: Executor,
  input: {
    entryId: number;
    performanceId: number;
    customerId: number;
    now: Date;
    windowSeconds: number;
  },
): Promise<boolean> {
  const used = await db
    .update(queueEntries)
    .set({
      state: "active",
      usedAt: input.now,
      activeUntil: new Date(input.now.getTime() + input.windowSeconds * 1000),
    })
    .where(
      and(
        eq(queueEntries.id, input.entryId),
        eq(queueEntries.performanceId, input.performanceId),
        eq(queueEntries.customerId, input.customerId),
        eq(queueEntries.state, "admitted"),
      ),
    )
    .returning({ id: queueEntries.id });
  return used.length === 1;
}

/** Leaves the customer's live entry (a pass given up too); the entry left, if any. */
export async function leaveQueue(
  db: Executor,
  performanceId: number,
  customerId: number,
): Promise<number | null> {
  const [left] = await db
    .update(queueEntries)
    .set({ state: "left" })
    .where(live(performanceId, customerId))
    .returning({ id: queueEntries.id });
  return left?.id ?? null;
}

/** Leaves by the waiting page's ticket (the entry it names, while still waiting or let in). */
export async function leaveEntry(db: Executor, entryId: number, performanceId: number) {
  const left = await db
    .update(queueEntries)
    .set({ state: "left" })
    .where(
      and(
        eq(queueEntries.id, entryId),
        eq(queueEntries.performanceId, performanceId),
        inArray(queueEntries.state, ["waiting", "admitted"]),
      ),
    )
    .returning({ id: queueEntries.id });
  return left.length > 0;
}

export async function entryById(db: Executor, entryId: number): Promise<QueueEntryRow | null> {
  const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, entryId));
  return row ?? null;
}
