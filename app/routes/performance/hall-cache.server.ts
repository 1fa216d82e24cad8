// The drawn halls, kept in the storefront's process. A sector's seats never change under the
// same hall version, so they are asked of the API once per version and shared by every
// request after that. The hall itself (outlines, stage, views; public and the same for every
// buyer) is kept a few seconds per language: every performance page reads it, and an
// operator's change to a drawing shows within HALL_TTL_MS.
import { endpoints, type Hall, type HallSeat } from "@contract";
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

export const HALL_TTL_MS = 10_000;
const halls = new Map<string, { readAt: number; hall: Promise<Hall> }>();

/** GET Sala/{id} in the page's language, shared for HALL_TTL_MS (failures are not kept). */
export function hallOf(commerce: CommerceClient, hallId: number, language: string): Promise<Hall> {
  const key = `${hallId}:${language}`;
  const now = Date.now();
  const kept = halls.get(key);
  if (kept && now - kept.readAt >= 0 && now - kept.readAt < HALL_TTL_MS) return kept.hall;
  if (halls.size >= capacity) halls.clear();
  const entry = {
    readAt: now,
    hall: commerce.call(endpoints.hall, { params: { id: hallId } }).then(orThrow),
  };
  halls.set(key, entry);
  entry.hall.catch(() => {
    if (halls.get(key) === entry) halls.delete(key);
  });
  return entry.hall;
}

/** For tests: forget every drawing. */
export function forgetDrawnSeats() {
  seatsBySector.clear();
  halls.clear();
}
