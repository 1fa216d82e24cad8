// The drawn halls and the performances, kept in the storefront's process. A sector's seats
// never change under the same hall version, so they are asked of the API once per version
// and shared by every request after that. The hall itself (outlines, stage, views) and the
// performance (show, date, sectors and prices) are public and the same for every buyer: every
// performance page reads them, so they are kept a few seconds per language, and an
// operator's change shows within HALL_TTL_MS. What changes by the second, the free places,
// the page asks for on every request (Disponibilidad, page.server.ts).
import {
  endpoints,
  type Hall,
  type HallSeat,
  type OfferedProduct,
  type PerformanceDetail,
} from "@contract";
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

type Kept<T> = Map<string, { readAt: number; value: Promise<T> }>;

/** A read shared for HALL_TTL_MS under `key` (failures are not kept: a 404 is asked again). */
function keptRead<T>(kept: Kept<T>, key: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const entry = kept.get(key);
  if (entry && now - entry.readAt >= 0 && now - entry.readAt < HALL_TTL_MS) return entry.value;
  if (kept.size >= capacity) kept.clear();
  const fresh = { readAt: now, value: read() };
  kept.set(key, fresh);
  fresh.value.catch(() => {
    if (kept.get(key) === fresh) kept.delete(key);
  });
  return fresh.value;
}

const halls: Kept<Hall> = new Map();
const performances: Kept<PerformanceDetail> = new Map();
const products: Kept<OfferedProduct[]> = new Map();

/** GET Sala/{id} in the page's language. */
export function hallOf(commerce: CommerceClient, hallId: number, language: string): Promise<Hall> {
  return keptRead(halls, `${hallId}:${language}`, () =>
    commerce.call(endpoints.hall, { params: { id: hallId } }).then(orThrow),
  );
}

/**
 * GET Funcion/{id} in the page's language. Its free places per sector are as old as the
 * entry: the page takes them from Disponibilidad instead.
 */
export function performanceOf(
  commerce: CommerceClient,
  performanceId: number,
  language: string,
): Promise<PerformanceDetail> {
  return keptRead(performances, `${performanceId}:${language}`, () =>
    commerce.call(endpoints.performance, { params: { id: performanceId } }).then(orThrow),
  );
}

/**
 * GET Tienda/ParaFuncion/{id}: the products offered with the performance, in stock when
 * read. None when the call fails: they are an offer, the page works without them.
 */
export function productsOf(
  commerce: CommerceClient,
  performanceId: number,
  language: string,
): Promise<OfferedProduct[]> {
  return keptRead(products, `${performanceId}:${language}`, () =>
    commerce
      .call(endpoints.shopFor, { params: { id: performanceId } })
      .then((answer) => orThrow(answer).Lista),
  ).then(
    (answer) => answer,
    () => [],
  );
}

/** For tests: forget every drawing and performance. */
export function forgetDrawnSeats() {
  seatsBySector.clear();
  halls.clear();
  performances.clear();
  products.clear();
}
