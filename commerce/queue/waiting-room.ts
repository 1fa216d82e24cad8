// What the waiting page's poll reads instead of the database (issue 12): per performance, a
// snapshot of the queue (its settings, the place up to which visitors were let in),
// refreshed at most once a second by whichever poll finds it stale; and the visitors'
// last-seen times, kept in memory and written in one UPDATE by the admission job's pass. A
// steady poll costs a signature check and a map lookup; 10,000 visitors cost one small
// query a second, whatever their number.
import { and, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { queueEntries } from "../db/schema.ts";
import { inSlices } from "../db/turns.ts";
import type { CommerceDeps } from "../deps.ts";
import { performanceInfoOf } from "./performance-info.ts";
import { readQueueSettings } from "./settings.ts";

export const SNAPSHOT_MS = 1000;

export type QueueSnapshot = {
  performanceId: number;
  /** The performance's storefront path and show title. */
  path: string;
  title: string;
  enabled: boolean;
  saleStartsAt: Date;
  admissionsPerMinute: number;
  /** The shopping window once let in, in whole minutes (rounded up). */
  windowMinutes: number;
  revealed: boolean;
  /** Everyone placed up to here was let in (or gave up their turn). */
  admittedThrough: number;
  /** When it was read, by the API's clock (the page's "last update"). */
  readAt: Date;
};

type Slot = { snapshot: QueueSnapshot | null; readAt: number; reading: Promise<unknown> | null };

/** Entries the poll should not keep showing as waiting (left, expired, gone). */
const GONE_LIMIT = 50_000;

/** Last-seen times one UPDATE writes: short enough not to hold up the polls on PGlite. */
const FLUSH_SLICE = 100;

export class WaitingRoom {
  private readonly slots = new Map<number, Slot>();
  private lastSeen = new Map<number, number>();
  private readonly gone = new Set<number>();
  /** The pre-queue's places once drawn, per performance: they never change after the draw. */
  private readonly drawn = new Map<number, Promise<Map<number, number>>>();

  constructor(private readonly deps: Pick<CommerceDeps, "db" | "now">) {}

  /** The queue as read within the last second; null when the performance has no queue. */
  async snapshot(performanceId: number): Promise<QueueSnapshot | null> {
    let slot = this.slots.get(performanceId);
    if (!slot) {
      slot = { snapshot: null, readAt: Number.NEGATIVE_INFINITY, reading: null };
      this.slots.set(performanceId, slot);
    }
    if (performance.now() - slot.readAt >= SNAPSHOT_MS) {
      const current = slot;
      // Polls that find it stale together share one read.
      current.reading ??= this.read(performanceId)
        .then((snapshot) => {
          current.snapshot = snapshot;
          current.readAt = performance.now();
        })
        .finally(() => {
          current.reading = null;
        });
      // Only the first read is waited for: later polls answer from the snapshot they have
      // (at most a second or so old) while the next one is read, so a busy database (the
      // draw at the sale start) never holds the waiting page's polls.
      if (current.readAt === Number.NEGATIVE_INFINITY) await current.reading;
      else current.reading.catch(() => {});
    }
    return slot.snapshot;
  }

  private async read(performanceId: number): Promise<QueueSnapshot | null> {
    const { db } = this.deps;
    const settings = await readQueueSettings(db, performanceId);
    const info = settings && (await performanceInfoOf(db, performanceId));
    if (!settings || !info) return null;
    return {
      performanceId,
      ...info,
      enabled: settings.enabled,
      saleStartsAt: settings.saleStartsAt,
      admissionsPerMinute: settings.admissionsPerMinute,
      windowMinutes: Math.ceil(settings.shoppingWindowSeconds / 60),
      revealed: settings.seedRevealedAt !== null,
      admittedThrough: await admittedThrough(db, performanceId),
      readAt: this.deps.now(),
    };
  }

  /** Forgets a snapshot (after a change made on this node). */
  forget(performanceId: number) {
    this.slots.delete(performanceId);
    this.drawn.delete(performanceId);
  }

  /**
   * A pre-queue entry's drawn place, from one read of the whole draw per node (asked only
   * once the snapshot says the draw was made): right after the sale start every early visitor
   * asks at once, and one query answers them all. Null when not in the draw.
   */
  async drawnPlace(performanceId: number, entryId: number): Promise<number | null> {
    let places = this.drawn.get(performanceId);
    if (!places) {
      places = this.readDraw(performanceId);
      this.drawn.set(performanceId, places);
      places.catch(() => this.drawn.delete(performanceId));
    }
    return (await places).get(entryId) ?? null;
  }

  private async readDraw(performanceId: number): Promise<Map<number, number>> {
    const rows = await this.deps.db
      .select({ id: queueEntries.id, position: queueEntries.position })
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.performanceId, performanceId),
          eq(queueEntries.preQueue, true),
          isNotNull(queueEntries.position),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.position ?? 0]));
  }

  /** A poll of this entry's visitor: written to the database with the next flush. */
  seen(entryId: number) {
    this.lastSeen.set(entryId, this.deps.now().getTime());
  }

  /** An entry that left through this node: its polls say so at once. */
  markGone(entryId: number) {
    if (this.gone.size >= GONE_LIMIT) this.gone.clear();
    this.gone.add(entryId);
    this.lastSeen.delete(entryId);
  }

  /** Whether a flush found this entry no longer waiting or let in. */
  isGone(entryId: number): boolean {
    return this.gone.has(entryId);
  }

  /**
   * Writes the last-seen times, a slice per UPDATE with a turn of the loop between two
   * (db/turns.ts); entries no longer live are remembered as gone. Returns how many were
   * written.
   */
  async flushLastSeen(): Promise<number> {
    if (this.lastSeen.size === 0) return 0;
    const batch = this.lastSeen;
    this.lastSeen = new Map();
    let written = 0;
    await inSlices([...batch], FLUSH_SLICE, async (slice) => {
      written += await this.writeLastSeen(slice);
    });
    return written;
  }

  private async writeLastSeen(seen: Array<[entryId: number, at: number]>): Promise<number> {
    // Array literals of numbers only.
    const idList = `{${seen.map(([id]) => id).join(",")}}`;
    const times = `{${seen.map(([, at]) => at).join(",")}}`;
    const result = await this.deps.db.execute(sql`
      UPDATE queue_entries AS entry SET last_seen_at = to_timestamp(seen.at / 1000.0)
      FROM unnest(${idList}::bigint[], ${times}::float8[]) AS seen(id, at)
      WHERE entry.id = seen.id AND entry.state IN ('waiting', 'admitted')
        AND entry.last_seen_at < to_timestamp(seen.at / 1000.0)
      RETURNING entry.id`);
    const updated = new Set(
      (result as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id)),
    );
    const notUpdated = seen.map(([id]) => id).filter((id) => !updated.has(id));
    if (notUpdated.length > 0) {
      // Not updated: gone, or already seen later by another node. Ask which.
      const stillLive = await this.deps.db
        .select({ id: queueEntries.id })
        .from(queueEntries)
        .where(
          and(
            inArray(queueEntries.id, notUpdated),
            inArray(queueEntries.state, ["waiting", "admitted"]),
          ),
        );
      const live = new Set(stillLive.map((row) => row.id));
      for (const id of notUpdated) {
        if (!live.has(id)) {
          if (this.gone.size >= GONE_LIMIT) this.gone.clear();
          this.gone.add(id);
        }
      }
    }
    return updated.size;
  }
}

/** The place up to which visitors were let in (the waiting page's frontier). */
export async function admittedThrough(db: Executor, performanceId: number): Promise<number> {
  const [row] = await db
    .select({ through: max(queueEntries.position) })
    .from(queueEntries)
    .where(and(eq(queueEntries.performanceId, performanceId), isNotNull(queueEntries.admittedAt)));
  return row?.through ?? 0;
}

const rooms = new WeakMap<object, WaitingRoom>();

/** The waiting room state of this node, per set of deps (each test's API has its own). */
export function waitingRoomOf(deps: Pick<CommerceDeps, "db" | "now">): WaitingRoom {
  let room = rooms.get(deps);
  if (!room) {
    room = new WaitingRoom(deps);
    rooms.set(deps, room);
  }
  return room;
}
