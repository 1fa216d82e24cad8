// Applying an availability answer (GET …/disponibilidad, the API's Disponibilidad) to the
// seats the map shows: the full bitset or the delta since the map's version, plus the
// buyer's own holds. Pure, so the map's refresh is tested without a browser.
import type { Availability } from "@contract";
import { decodeTakenBits } from "@contract/availability-bits.ts";
import type { SeatState } from "./types";

export type LiveSeats = {
  version: string;
  /** State by place id. */
  states: Map<number, SeatState>;
};

export type AvailabilityUpdate = LiveSeats & {
  /** Places that were free and are taken now (by someone else). */
  newlyTaken: number[];
};

/**
 * The seats after an answer. `placeIds` are the sector's places in idPosicion order (the
 * bitset's order). An answer for another sector, or a bitset of the wrong size, changes
 * nothing (the next full answer repairs it).
 */
export function applyAvailability(
  current: LiveSeats,
  placeIds: readonly number[],
  sectorId: number,
  answer: Availability,
): AvailabilityUpdate {
  const unchanged = { ...current, newlyTaken: [] };
  if (answer.lSinCambios) return { ...unchanged, version: answer.cVersion };
  const sector = answer.oSector;
  if (!sector || sector.idSector !== sectorId) return unchanged;

  const taken = new Map<number, boolean>();
  if (sector.cOcupadas !== undefined) {
    const bits = decodeTakenBits(sector.cOcupadas, placeIds.length);
    if (!bits) return unchanged;
    placeIds.forEach((id, index) => {
      taken.set(id, bits[index]);
    });
  } else if (sector.listaCambios) {
    for (const [id, isTaken] of sector.listaCambios) {
      if (current.states.has(id)) taken.set(id, isTaken === 1);
    }
  } else {
    return unchanged;
  }

  const mine = new Set(answer.listaMias);
  const states = new Map(current.states);
  const newlyTaken: number[] = [];
  for (const [id, isTaken] of taken) {
    const before = current.states.get(id);
    const after: SeatState = !isTaken ? "FREE" : mine.has(id) ? "MINE" : "TAKEN";
    if (before === after) continue;
    states.set(id, after);
    if (before === "FREE" && after === "TAKEN") newlyTaken.push(id);
  }
  return { version: answer.cVersion, states, newlyTaken };
}
