// The seat-inventory statements. Each hold is ONE conditional UPDATE … RETURNING: the rows
// are picked and locked with FOR UPDATE SKIP LOCKED (concurrent buyers never wait on each
// other nor pick the same place) and the free condition is checked again on update. The
// caller runs them in a transaction and rolls back when fewer places came back. The
// partial index on (sector_id, id) of unsold places lets a sector's search start at its
// first unsold place instead of walking the sector from its first row.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { placePromotions, positions, sectors } from "../db/schema.ts";
import { freeFor, freePlace } from "./availability.ts";
import { tallyPlaces } from "./inventory.ts";

type HoldTarget = { processId: number; deadline: Date; now: Date };

/** Holds up to `quantity` free places of a sector (lowest ids first); returns their ids. */
export async function holdSectorPlaces(
  tx: Executor,
  target: HoldTarget & { performanceId: number; sectorId: number; quantity: number },
): Promise<number[]> {
  const candidates = tx
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.sectorId, target.sectorId),
        eq(positions.performanceId, target.performanceId),
        freePlace(target.now),
      ),
    )
    .orderBy(asc(positions.id))
    .limit(target.quantity)
    .for("update", { skipLocked: true });
  const held = await tx
    .update(positions)
    .set({ heldByProcessId: target.processId, heldUntil: target.deadline })
    .where(and(inArray(positions.id, candidates), freePlace(target.now)))
    .returning({ id: positions.id });
  const ids = held.map((row) => row.id);
  tallyPlaces(tx, { held: ids });
  return ids;
}

/** Holds the given numbered seats of a performance; returns the ids it could hold. */
export async function holdSeats(
  tx: Executor,
  target: HoldTarget & { performanceId: number; seatIds: readonly number[] },
): Promise<number[]> {
  if (target.seatIds.length === 0) return [];
  const numberedSectors = tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(eq(sectors.performanceId, target.performanceId), eq(sectors.kind, "NUMBERED")));
  const candidates = tx
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        inArray(positions.id, [...target.seatIds]),
        eq(positions.performanceId, target.performanceId),
        inArray(positions.sectorId, numberedSectors),
        freeFor(target.processId, target.now),
      ),
    )
    .orderBy(asc(positions.id))
    .for("update", { skipLocked: true });
  const held = await tx
    .update(positions)
    .set({ heldByProcessId: target.processId, heldUntil: target.deadline })
    .where(and(inArray(positions.id, candidates), freeFor(target.processId, target.now)))
    .returning({ id: positions.id });
  const ids = held.map((row) => row.id);
  tallyPlaces(tx, { held: ids });
  return ids;
}

/**
 * Gives back a process's unsold places (of one performance, or all of them; or only these),
 * and drops the promotions chosen for them: taken again later, a place starts without one.
 */
export async function releaseHolds(
  tx: Executor,
  processIds: readonly number[],
  performanceId?: number,
  positionIds?: readonly number[],
): Promise<number> {
  if (processIds.length === 0) return 0;
  const released = await tx
    .update(positions)
    .set({ heldByProcessId: null, heldUntil: null })
    .where(
      and(
        inArray(positions.heldByProcessId, [...processIds]),
        eq(positions.sold, false),
        performanceId === undefined ? undefined : eq(positions.performanceId, performanceId),
        positionIds === undefined ? undefined : inArray(positions.id, [...positionIds]),
      ),
    )
    .returning({ id: positions.id });
  tallyPlaces(tx, { released: released.map((row) => row.id) });
  if (released.length > 0) {
    await tx.delete(placePromotions).where(
      and(
        inArray(placePromotions.processId, [...processIds]),
        inArray(
          placePromotions.positionId,
          released.map((row) => row.id),
        ),
      ),
    );
  }
  return released.length;
}
