// The two reads behind the seat map's availability: a performance's places (static: read
// once per performance) and their hold data (read again after every change). Both go
// through the performance's sectors, so the (sector_id, …) indexes of `positions` serve them.
import { and, asc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { performances, positions, sectors } from "../db/schema.ts";
import {
  emptyHolds,
  type PlaceHolds,
  type PlacesLayout,
  placeIndexOf,
  recordHold,
} from "./place-states.ts";

/** The performance's sectors (in display order) and places (in id order); null if unknown. */
export async function loadPlacesLayout(
  db: Database,
  performanceId: number,
): Promise<PlacesLayout | null> {
  const [performance] = await db
    .select({ id: performances.id })
    .from(performances)
    .where(eq(performances.id, performanceId))
    .limit(1);
  if (!performance) return null;
  const sectorRows = await db
    .select({ id: sectors.id, kind: sectors.kind })
    .from(sectors)
    .where(eq(sectors.performanceId, performanceId))
    .orderBy(asc(sectors.sortOrder), asc(sectors.id));
  const placeRows =
    sectorRows.length === 0
      ? []
      : await db
          .select({
            id: positions.id,
            sectorId: positions.sectorId,
            row: positions.row,
            number: positions.number,
            hallSeatId: positions.hallSeatId,
          })
          .from(positions)
          .where(
            inArray(
              positions.sectorId,
              sectorRows.map((s) => s.id),
            ),
          )
          .orderBy(asc(positions.id));
  const placesBySector = new Map<number, number[]>(sectorRows.map((s) => [s.id, []]));
  placeRows.forEach((place, index) => {
    placesBySector.get(place.sectorId)?.push(index);
  });
  return {
    performanceId,
    sectors: sectorRows.map((s) => ({
      id: s.id,
      kind: s.kind,
      places: Int32Array.from(placesBySector.get(s.id) ?? []),
    })),
    ids: Int32Array.from(placeRows, (p) => p.id),
    rows: placeRows.map((p) => p.row),
    numbers: placeRows.map((p) => p.number),
    hallSeatIds: placeRows.map((p) => p.hallSeatId),
  };
}

/**
 * The hold data of the layout's places. Only places that are sold or carry a hold (live or
 * expired) come back: on a hall that is mostly free that is a small part of it.
 */
export async function loadPlaceHolds(db: Database, layout: PlacesLayout): Promise<PlaceHolds> {
  const holds = emptyHolds(layout.ids.length);
  if (layout.sectors.length === 0) return holds;
  const rows = await db
    .select({
      id: positions.id,
      sold: positions.sold,
      heldByProcessId: positions.heldByProcessId,
      heldUntil: positions.heldUntil,
    })
    .from(positions)
    .where(
      and(
        inArray(
          positions.sectorId,
          layout.sectors.map((s) => s.id),
        ),
        or(eq(positions.sold, true), isNotNull(positions.heldByProcessId)),
      ),
    );
  for (const row of rows) {
    const index = placeIndexOf(layout, row.id);
    // A place added after the layout was read is not on this map (layouts are static).
    if (index >= 0) recordHold(holds, index, row);
  }
  return holds;
}
