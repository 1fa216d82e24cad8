// The drawn seats of a hall's sectors, kept in the storefront's process: a drawing never
// changes under the same hall version, so a sector's seats are asked of the API once per
// version and shared by every request after that.
import { endpoints, type HallSeat } from "@contract";
import { type CommerceClient, orThrow } from "~/services/commerce.server";

/** Sectors kept; the oldest entry goes first (a venue has a handful, the demo a few dozen). */
const capacity = 256;
const seatsBySector = new Map<string, ReadonlyMap<number, HallSeat>>();

const keyOf = (hallSectorId: number, version: number) => `${hallSectorId}@${version}`;

function remember(key: string, seats: ReadonlyMap<number, HallSeat>) {
  if (seatsBySector.size >= capacity) {
    const oldest = seatsBySector.keys().next().value;
    if (oldest !== undefined) seatsBySector.delete(oldest);
  }
  seatsBySector.set(key, seats);
}

/** A drawn sector's seats by idButaca, for the hall version the caller read. */
export async function drawnSeatsOf(
  commerce: CommerceClient,
  hallSectorId: number,
  hallVersion: number,
): Promise<ReadonlyMap<number, HallSeat>> {
  const key = keyOf(hallSectorId, hallVersion);
  const cached = seatsBySector.get(key);
  if (cached) return cached;
  const answer = orThrow(
    await commerce.call(endpoints.hallSectorSeats, { params: { id: hallSectorId } }),
  );
  const seats = new Map(answer.listaButacas.map((seat) => [seat.idButaca, seat]));
  // Filed under the version the API answered with: if the hall changed in between, the
  // caller's (older) version is never filed with the newer drawing.
  remember(keyOf(hallSectorId, answer.nVersion), seats);
  return seats;
}

/** For tests: forget every drawing. */
export function forgetDrawnSeats() {
  seatsBySector.clear();
}
