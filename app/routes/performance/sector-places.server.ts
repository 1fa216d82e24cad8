// A numbered sector's seats with their state for the page, without reading and rebuilding
// every place on every request. Which places a sector has (id, drawn seat, row and number)
// never changes for a performance, nor its drawing under one hall version: the seats in row
// order are built once (Posiciones joined with the drawn seats), packed for the page once, and
// kept in the storefront's process. Each request then asks only for the sector's availability
// (Disponibilidad: the taken places as a bitset and the caller's own, from the API's cache).
import { type Availability, endpoints, type HallSeat, type SectorPlace } from "@contract";
import { decodeTakenBits } from "@contract/availability-bits.ts";
import { type PackedSeats, packSeats, type UnnamedSeat } from "~/components/seat-map/packed-seats";
import type { SeatState } from "~/components/seat-map/types";
import { type CommerceClient, orThrow } from "~/services/commerce.server";
import { mapSeats } from "./seats.server";

/**
 * A sector's seats in row order (all FREE: states come per request), the same packed for the
 * page, and where each one's bit is in the API's bitset (places in idPosicion order).
 */
type SectorSeats = { seats: UnnamedSeat[]; packed: PackedSeats; bitOf: Int32Array };

/** The drawing the seats are placed on: a sector of a hall at a version. */
export type Drawing = {
  key: string;
  seats: () => Promise<ReadonlyMap<number, HallSeat> | null>;
};

/** Sectors kept; past it the memory starts again (a big on-sale has a handful). */
const capacity = 512;
const kept = new Map<string, Promise<SectorSeats>>();

async function buildSectorSeats(
  commerce: CommerceClient,
  performanceId: number,
  sectorId: number,
  drawing: Drawing,
): Promise<SectorSeats> {
  const [answer, drawn] = await Promise.all([
    commerce
      .call(endpoints.sectorPlaces, { params: { id: performanceId, idSector: sectorId } })
      .then(orThrow),
    drawing.seats(),
  ]);
  const byId = [...answer.listaPosiciones].sort((a, b) => a.idPosicion - b.idPosicion);
  const bitIndex = new Map(byId.map((place, index) => [place.idPosicion, index]));
  const free = byId.map((place): SectorPlace => ({ ...place, cEstado: "FREE" }));
  const seats = mapSeats(free, drawn);
  return {
    seats,
    packed: packSeats(seats),
    bitOf: Int32Array.from(seats, (seat) => bitIndex.get(seat.placeId) ?? -1),
  };
}

function sectorSeats(
  commerce: CommerceClient,
  performanceId: number,
  sectorId: number,
  drawing: Drawing,
) {
  const key = `${performanceId}:${sectorId}:${drawing.key}`;
  let entry = kept.get(key);
  if (!entry) {
    if (kept.size >= capacity) kept.clear();
    entry = buildSectorSeats(commerce, performanceId, sectorId, drawing);
    kept.set(key, entry);
    const built = entry;
    built.catch(() => {
      if (kept.get(key) === built) kept.delete(key);
    });
  }
  return entry;
}

/**
 * The sector's seats in row order and packed (kept between requests: do not change them),
 * and each one's state in `availability` (Disponibilidad asked for this sector, in full).
 */
export async function sectorSeatsOf(
  commerce: CommerceClient,
  performanceId: number,
  sectorId: number,
  drawing: Drawing,
  availability: Availability,
): Promise<{ seats: readonly UnnamedSeat[]; packed: PackedSeats; states: SeatState[] }> {
  const { seats, packed, bitOf } = await sectorSeats(commerce, performanceId, sectorId, drawing);
  const taken = decodeTakenBits(availability.oSector?.cOcupadas ?? "", seats.length);
  if (!taken) throw new Error(`availability of sector ${sectorId} does not fit its places`);
  const mine = new Set(availability.listaMias);
  const states = seats.map((seat, position): SeatState => {
    if (!taken[bitOf[position]]) return "FREE";
    return mine.has(seat.placeId) ? "MINE" : "TAKEN";
  });
  return { seats, packed, states };
}

/** For tests: forget every sector's seats. */
export function forgetSectorPlaces() {
  kept.clear();
}
