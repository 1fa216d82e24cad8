// Group holds (issue 9): the N best places of a sector or of the whole hall (TomarGrupo),
// moving held places to another sector (CambiarParaSector), and what a process holds.
//
// Two buyers must never compute the same best group: they would both try to hold it and
// one would come back short. So choosing is serialized per sector with a transaction-level
// advisory lock (decision 0032), taken on the sector ids in ascending order (the whole hall
// takes all its numbered sectors: same order for everyone, so no deadlock). The hold itself
// stays ONE conditional UPDATE (holds.ts holdSeats). A buyer who takes given seats (Tomar)
// does not wait for that lock, so a group can still come back short: then the seats that
// were lost count as taken, the group is chosen again, a bounded number of times.
import { eq, inArray, sql } from "drizzle-orm";
import type { TakeGroupRequest } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { hallSeats, hallSectors, halls, positions } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError } from "../errors.ts";
import { freePlace } from "./availability.ts";
import { type BestAvailable, bestAvailable, type CandidateSeat } from "./best-available.ts";
import { processState } from "./clock.ts";
import { ensureProcessMayTake, ensureTakeFitsAlone } from "./customer-places.ts";
import { holdSeats, releaseHolds } from "./holds.ts";
import { changeAvailability } from "./inventory.ts";
import {
  ensureOpen,
  heldOfPerformance,
  lockOwnProcess,
  openProcessForTake,
  ownProcess,
  type ProcessRow,
  sectorsOnSale,
} from "./process.ts";
import { liveHeldPlaces } from "./view.ts";

/** First key of the advisory locks that serialize choosing best places (second: sector id). */
export const BEST_AVAILABLE_LOCK = 9_032;

/** How many times a group that came back short is chosen again before giving up. */
const MAX_ATTEMPTS = 5;

export type GroupHold = { process: ProcessRow; ids: number[]; contiguous: boolean };

/** Where to choose; `focus` null: the sectors are not drawn (see undrawnFocus). */
type SectorChoice = { sectorIds: number[]; focus: readonly [number, number] | null };

type PerformanceSector = Awaited<ReturnType<typeof sectorsOnSale>>[number];

/**
 * The numbered sectors to choose in (one, or the whole hall's) and the stage's focus. The
 * whole hall is its drawn sectors; a venue with no drawn sector has its numbered sectors
 * laid out from their labels (rows in order, seats by number). Naming a sector that is not
 * numbered, or not of the performance, is a field error.
 */
async function sectorsToChooseIn(
  db: Executor,
  sectorsOfPerformance: readonly PerformanceSector[],
  sectorId: number | undefined,
): Promise<SectorChoice> {
  const numbered = sectorsOfPerformance.filter((s) => s.kind === "NUMBERED");
  const drawn = numbered.filter((s) => s.hallSectorId !== null);
  const chosen =
    sectorId !== undefined
      ? numbered.filter((s) => s.id === sectorId)
      : drawn.length > 0
        ? drawn
        : numbered;
  if (chosen.length === 0) {
    if (sectorId !== undefined) throw fieldError("idSector", "invalid");
    throw businessError("NOT_ENOUGH_PLACES");
  }
  const sectorIds = chosen.map((s) => s.id).sort((a, b) => a - b);
  const { hallSectorId } = chosen[0];
  if (hallSectorId === null) return { sectorIds, focus: null };
  const [hall] = await db
    .select({ stage: halls.stage })
    .from(hallSectors)
    .innerJoin(halls, eq(halls.id, hallSectors.hallId))
    .where(eq(hallSectors.id, hallSectorId))
    .limit(1);
  return { sectorIds, focus: hall.stage.focus };
}

/** Undrawn seats have seat numbers for x and row order for y: the stage faces the middle of row 0. */
function undrawnFocus(seats: readonly CandidateSeat[]): [number, number] {
  const xs = seats.map((s) => s.x);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, -1];
}

/** The sectors' seats on the plan, free or not (a place this process holds counts as taken). */
export async function candidateSeats(
  tx: Executor,
  performanceId: number,
  sectorIds: readonly number[],
  now: Date,
): Promise<CandidateSeat[]> {
  // One row of JSON rather than a row per seat: a 1,000-seat sector is read on every group
  // hold, while the sector's lock is held, and decoding a thousand rows cost the API more
  // than choosing among them.
  const result = await tx.execute(sql`
    SELECT coalesce(json_agg(json_build_array(
      ${positions.id}, ${positions.sectorId}, ${hallSeats.id}, ${hallSeats.rowIndex},
      ${hallSeats.seatIndex}, ${hallSeats.block}, ${hallSeats.x}, ${hallSeats.y},
      ${hallSeats.kind}, ${hallSeats.companionOf}, ${hallSeats.restrictedView}, ${freePlace(now)},
      ${positions.row}, ${positions.number}
    ) ORDER BY ${positions.id}), '[]') AS seats
    FROM ${positions} LEFT JOIN ${hallSeats} ON ${hallSeats.id} = ${positions.hallSeatId}
    WHERE ${positions.performanceId} = ${performanceId}
      AND ${inArray(positions.sectorId, [...sectorIds])}`);
  const [{ seats }] = (result as unknown as { rows: Array<{ seats: SeatRow[] }> }).rows;
  // Companions point at their wheelchair place's seat on the plan: here, at its place.
  const placeOfSeat = new Map(seats.map((row) => [row[2], row[0]]));
  // A place not drawn: its row in the order rows first appear, its number along the row.
  const undrawnRows = new Map<string, number>();
  return seats.map((row) => {
    const [id, sectorId, hallSeatId, , , , , , kind, companionOf, restrictedView, free] = row;
    if (hallSeatId === null) {
      const rowKey = `${sectorId}:${row[12]}`;
      const rowIndex = undrawnRows.get(rowKey) ?? undrawnRows.size;
      undrawnRows.set(rowKey, rowIndex);
      const seatIndex = row[13] ?? 0;
      return {
        id,
        sectorId,
        rowIndex,
        seatIndex,
        block: 0,
        x: seatIndex,
        y: rowIndex,
        kind: "SEAT",
        companionOf: null,
        free,
      };
    }
    return {
      id,
      sectorId,
      rowIndex: row[3] as number,
      seatIndex: row[4] as number,
      block: row[5] as number,
      x: row[6] as number,
      y: row[7] as number,
      kind: kind as CandidateSeat["kind"],
      companionOf: companionOf === null ? null : (placeOfSeat.get(companionOf) ?? null),
      restrictedView: restrictedView as boolean,
      free,
    };
  });
}

/** A place as candidateSeats reads it (the plan's columns are null for an undrawn place). */
type SeatRow = [
  id: number,
  sectorId: number,
  hallSeatId: number | null,
  rowIndex: number | null,
  seatIndex: number | null,
  block: number | null,
  x: number | null,
  y: number | null,
  kind: CandidateSeat["kind"] | null,
  companionOf: number | null,
  restrictedView: boolean | null,
  free: boolean,
  row: string | null,
  number: number | null,
];

/**
 * Chooses and holds the best `quantity` places of the sectors for the process, or throws
 * NOT_ENOUGH_PLACES. Runs inside the caller's transaction, which holds the sectors' locks
 * until it ends.
 */
async function holdBest(
  tx: Executor,
  target: { processId: number; deadline: Date; now: Date; performanceId: number },
  choice: SectorChoice,
  request: { quantity: number; wheelchair: boolean },
): Promise<BestAvailable> {
  for (const sectorId of choice.sectorIds) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BEST_AVAILABLE_LOCK}, ${sectorId})`);
  }
  let seats = await candidateSeats(tx, target.performanceId, choice.sectorIds, target.now);
  const focus = choice.focus ?? undrawnFocus(seats);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const best = bestAvailable({ seats, focus, ...request });
    if (!best) break;
    const held = await holdSeats(tx, { ...target, seatIds: best.ids });
    if (held.length === best.ids.length) return best;
    // Someone took one of them meanwhile (a seat chosen by hand): give back what came, count
    // the rest as taken and choose again.
    await releaseHolds(tx, [target.processId], target.performanceId, held);
    const lost = new Set(best.ids.filter((id) => !held.includes(id)));
    seats = seats.map((seat) => (lost.has(seat.id) ? { ...seat, free: false } : seat));
  }
  throw businessError("NOT_ENOUGH_PLACES");
}

/** TomarGrupo: the N best places for the customer's process (0: a new one). All or nothing. */
export async function takeGroup(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; request: TakeGroupRequest },
): Promise<GroupHold> {
  const now = deps.now();
  const { idFuncion: performanceId, idSector, nCantidad: quantity } = input.request;
  const asked = { generalPlaces: quantity, seatIds: [] };
  // Too many on its own: refused before anything is locked.
  await ensureTakeFitsAlone(deps, { customerId: input.customerId, performanceId, now }, asked);
  const sectorsOfPerformance = await sectorsOnSale(deps.db, performanceId, now);
  const choice = await sectorsToChooseIn(deps.db, sectorsOfPerformance, idSector);

  return changeAvailability(deps, async (tx) => {
    const process = await openProcessForTake(tx, deps, input, now);
    // Before the sectors' locks: a customer's second take waits without holding them.
    await ensureProcessMayTake(tx, deps, process, { performanceId, now }, asked);
    const best = await holdBest(
      tx,
      { processId: process.id, deadline: process.deadline, now, performanceId },
      choice,
      { quantity, wheelchair: input.request.lSillaDeRuedas ?? false },
    );
    return { process, ...best };
  });
}

/**
 * CambiarParaSector: the process's held numbered places of the performance (all, or those of
 * one sector) move to as many best places of another sector. All or nothing: when the new
 * sector cannot take them all, the process keeps what it had.
 */
export async function changeSector(
  deps: CommerceDeps,
  input: {
    processId: number;
    customerId: number;
    performanceId: number;
    fromSectorId?: number;
    toSectorId: number;
  },
): Promise<GroupHold> {
  const now = deps.now();
  const { performanceId, fromSectorId } = input;
  const sectorsOfPerformance = await sectorsOnSale(deps.db, performanceId, now);
  const choice = await sectorsToChooseIn(deps.db, sectorsOfPerformance, input.toSectorId);
  const numbered = sectorsOfPerformance.filter((s) => s.kind === "NUMBERED").map((s) => s.id);
  if (fromSectorId !== undefined && !numbered.includes(fromSectorId)) {
    throw fieldError("idSectorOrigen", "invalid");
  }
  // Places already in the new sector stay where they are.
  const movingFrom = numbered.filter(
    (id) => id !== input.toSectorId && (fromSectorId === undefined || id === fromSectorId),
  );

  return changeAvailability(deps, async (tx) => {
    const process = await lockOwnProcess(tx, input.processId, input.customerId);
    ensureOpen(process, now);
    const moving =
      movingFrom.length === 0
        ? []
        : await heldOfPerformance(
            tx,
            process.id,
            performanceId,
            now,
            inArray(positions.sectorId, movingFrom),
          );
    if (moving.length === 0) throw fieldError("idSector", "nothingToChange");
    await releaseHolds(tx, [process.id], performanceId, moving);
    const best = await holdBest(
      tx,
      { processId: process.id, deadline: process.deadline, now, performanceId },
      choice,
      { quantity: moving.length, wheelchair: false },
    );
    return { process, ...best };
  });
}

/** POST Proceso/{id}/Posiciones: what the customer's process holds now (nothing once it ended). */
export async function heldPlacesOf(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
) {
  const now = deps.now();
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  const active = processState(process.status, process.deadline, now) === "ACTIVE";
  return { process, places: active ? await liveHeldPlaces(deps.db, process.id, now) : [] };
}
