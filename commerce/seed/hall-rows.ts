// Stores the demo venues' drawn halls: one hall per venue with its sectors and seats, written
// once and shared by every performance there (a performance's sectors point at the hall's).
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { hallSectors, halls } from "../db/schema.ts";
import { hallPlanFor, viewImagePath } from "./halls/index.ts";

/** Inserts the halls of the given venues; answers the hall sector ids by `${venueSeo}:${code}`. */
export async function insertDemoHalls(
  db: Executor,
  venueIdBySeo: Map<string, number>,
): Promise<Map<string, number>> {
  const drawn = [...venueIdBySeo].flatMap(([seo, venueId]) => {
    const plan = hallPlanFor(seo);
    return plan ? [{ seo, venueId, plan }] : [];
  });
  const hallSectorIds = new Map<string, number>();
  if (drawn.length === 0) return hallSectorIds;

  const hallRows = await db
    .insert(halls)
    .values(
      drawn.map(({ venueId, plan }) => ({
        venueId,
        width: plan.width,
        height: plan.height,
        stage: plan.stage,
      })),
    )
    .returning({ id: halls.id, venueId: halls.venueId });
  const hallIdByVenue = new Map(hallRows.map((h) => [h.venueId, h.id]));

  const sectorRows = await db
    .insert(hallSectors)
    .values(
      drawn.flatMap(({ seo, venueId, plan }) =>
        plan.sectors.map((sector, sortOrder) => ({
          hallId: hallIdByVenue.get(venueId) as number,
          code: sector.code,
          name: sector.name,
          kind: sector.kind,
          outline: sector.outline,
          labelX: sector.label[0],
          labelY: sector.label[1],
          viewImage: sector.view360 ? viewImagePath(seo, sector.code) : null,
          viewDescription: sector.view360?.description ?? null,
          sortOrder,
        })),
      ),
    )
    .returning({ id: hallSectors.id, hallId: hallSectors.hallId, code: hallSectors.code });
  const venueSeoByHall = new Map(
    drawn.map(({ seo, venueId }) => [hallIdByVenue.get(venueId) as number, seo]),
  );
  for (const row of sectorRows) {
    hallSectorIds.set(`${venueSeoByHall.get(row.hallId)}:${row.code}`, row.id);
  }

  // Seats go in as one array per column (unnest: far cheaper to parse than JSON objects for
  // the ~17,000 seats), and companions are pointed at their wheelchair places by (row, seat)
  // once all have ids.
  const columns = {
    sector: [] as number[],
    row: [] as string[],
    number: [] as number[],
    rowIndex: [] as number[],
    seatIndex: [] as number[],
    block: [] as number[],
    x: [] as number[],
    y: [] as number[],
    kind: [] as string[],
    restricted: [] as boolean[],
  };
  const companions: object[] = [];
  for (const { seo, plan } of drawn) {
    for (const sector of plan.sectors) {
      const h = hallSectorIds.get(`${seo}:${sector.code}`) as number;
      for (const seat of sector.seats) {
        columns.sector.push(h);
        columns.row.push(seat.row);
        columns.number.push(seat.number);
        columns.rowIndex.push(seat.rowIndex);
        columns.seatIndex.push(seat.seatIndex);
        columns.block.push(seat.block);
        columns.x.push(seat.x);
        columns.y.push(seat.y);
        columns.kind.push(seat.kind);
        columns.restricted.push(seat.restrictedView);
        if (seat.companionOf !== null) {
          const place = sector.seats[seat.companionOf];
          companions.push({
            h,
            ri: seat.rowIndex,
            si: seat.seatIndex,
            wri: place.rowIndex,
            wsi: place.seatIndex,
          });
        }
      }
    }
  }
  if (columns.sector.length > 0) {
    // Array literals: labels and kinds are plain letters and digits, quoted all the same.
    const list = (values: (number | boolean)[]) => `{${values.join(",")}}`;
    const texts = (values: string[]) => `{${values.map((v) => JSON.stringify(v)).join(",")}}`;
    await db.execute(sql`
      INSERT INTO hall_seats
        (hall_sector_id, "row", "number", row_index, seat_index, block, x, y, kind, restricted_view)
      SELECT * FROM unnest(
        ${list(columns.sector)}::int[], ${texts(columns.row)}::text[],
        ${list(columns.number)}::int[], ${list(columns.rowIndex)}::int[],
        ${list(columns.seatIndex)}::int[], ${list(columns.block)}::int[],
        ${list(columns.x)}::real[], ${list(columns.y)}::real[],
        ${texts(columns.kind)}::text[], ${list(columns.restricted)}::boolean[])`);
  }
  if (companions.length > 0) {
    await db.execute(sql`
      UPDATE hall_seats AS companion SET companion_of = place.id
      FROM jsonb_to_recordset(${JSON.stringify(companions)}::jsonb)
             AS c(h int, ri int, si int, wri int, wsi int),
           hall_seats AS place
      WHERE companion.hall_sector_id = c.h AND companion.row_index = c.ri
        AND companion.seat_index = c.si
        AND place.hall_sector_id = c.h AND place.row_index = c.wri AND place.seat_index = c.wsi`);
  }
  return hallSectorIds;
}
