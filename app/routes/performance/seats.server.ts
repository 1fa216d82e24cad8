// A numbered sector's seats as the seat map shows them: the drawn hall's seats (geometry,
// cached) joined with the performance's places (state). They are named on the page, from
// one translated template per sector (seat-names.ts), not here: names would not be sent.
import type { HallSeat, SectorPlace } from "@contract";
import type { UnnamedSeat } from "~/components/seat-map/packed-seats";
import type { MapSeat, PlanPoint } from "~/components/seat-map/types";

/** Rows of places the hall has no drawing for come after every drawn row. */
const undrawnRowOffset = 100_000;

/**
 * The performance's places joined with their drawn seats, in row order from the stage and
 * seat order along each row. A place without a drawn seat (a hall not drawn yet) keeps its
 * own row and number and sits at the plan's origin.
 */
export function mapSeats(
  places: readonly SectorPlace[],
  drawn: ReadonlyMap<number, HallSeat> | null,
): UnnamedSeat[] {
  const undrawnRows = new Map<string, number>();
  const seats = places.map((place): UnnamedSeat => {
    const seat = place.idButaca === null ? undefined : drawn?.get(place.idButaca);
    const row = seat?.cFila ?? place.cFila ?? "";
    const number = seat?.nNumero ?? place.nNumero ?? 0;
    let rowIndex = seat?.nFila;
    if (rowIndex === undefined) {
      if (!undrawnRows.has(row)) undrawnRows.set(row, undrawnRowOffset + undrawnRows.size);
      rowIndex = undrawnRows.get(row) ?? undrawnRowOffset;
    }
    const kind = seat?.cTipo ?? "SEAT";
    const restrictedView = seat?.lVisionReducida ?? false;
    return {
      placeId: place.idPosicion,
      row,
      number,
      rowIndex,
      seatIndex: seat?.nOrden ?? number,
      block: seat?.nBloque ?? 0,
      x: seat?.x ?? 0,
      y: seat?.y ?? 0,
      kind,
      restrictedView,
      state: place.cEstado,
    };
  });
  return seats.sort((a, b) => a.rowIndex - b.rowIndex || a.seatIndex - b.seatIndex);
}

/** The part of the plan a sector covers (its outline and its seats), with a margin. */
export function sectorViewBox(
  outline: readonly PlanPoint[],
  seats: readonly Pick<MapSeat, "x" | "y">[],
  margin = 10,
): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const include = (x: number, y: number) => {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  };
  for (const [x, y] of outline) include(x, y);
  for (const seat of seats) include(seat.x, seat.y);
  if (!Number.isFinite(minX)) return [0, 0, 0, 0];
  return [minX - margin, minY - margin, maxX - minX + 2 * margin, maxY - minY + 2 * margin];
}
