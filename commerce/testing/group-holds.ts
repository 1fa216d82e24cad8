// Helpers of the group-hold tests and the best-available bench: another drawn numbered
// sector for a performance, and the check that nobody got separate seats while a group of
// seats side by side was still free.

import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { areSideBySide, type CandidateSeat, hasSideBySide } from "../purchase/best-available.ts";

/**
 * A numbered sector drawn on a hall, with `rows` straight rows of `seatsPerRow` seats below
 * `top` (30 units apart, centred on x = 200), and its places for one performance.
 */
export async function addNumberedSector(
  db: Database,
  target: { hallId: number; performanceId: number },
  options: {
    code: string;
    name: string;
    rows: number;
    seatsPerRow: number;
    top: number;
    price?: number;
  },
) {
  const { rows, seatsPerRow, top } = options;
  const [hallSector] = await db
    .insert(schema.hallSectors)
    .values({
      hallId: target.hallId,
      code: options.code,
      name: options.name,
      kind: "NUMBERED",
      outline: [
        [0, top],
        [400, top],
        [400, top + rows * 30],
        [0, top + rows * 30],
      ],
      labelX: 200,
      labelY: top + 10,
    })
    .returning();
  const rowLabel = (r: number) => `R${r + 1}`;
  const layout = Array.from({ length: rows * seatsPerRow }, (_, i) => {
    const rowIndex = Math.floor(i / seatsPerRow);
    const seatIndex = i % seatsPerRow;
    return { rowIndex, seatIndex, row: rowLabel(rowIndex), number: seatIndex + 1 };
  });
  const seatsOnPlan: Array<{ id: number }> = [];
  // In slices: one statement's parameters are limited.
  for (let start = 0; start < layout.length; start += 2_000) {
    seatsOnPlan.push(
      ...(await db
        .insert(schema.hallSeats)
        .values(
          layout.slice(start, start + 2_000).map((s) => ({
            hallSectorId: hallSector.id,
            row: s.row,
            number: s.number,
            rowIndex: s.rowIndex,
            seatIndex: s.seatIndex,
            x: 200 + (s.seatIndex - (seatsPerRow - 1) / 2) * 10,
            y: top + s.rowIndex * 30,
          })),
        )
        .returning({ id: schema.hallSeats.id })),
    );
  }
  const [sector] = await db
    .insert(schema.sectors)
    .values({
      performanceId: target.performanceId,
      name: options.name,
      kind: "NUMBERED",
      price: options.price ?? 6_000,
      sortOrder: 5,
      hallSectorId: hallSector.id,
    })
    .returning();
  const placeIds: number[] = [];
  for (let start = 0; start < layout.length; start += 2_000) {
    placeIds.push(
      ...(
        await db
          .insert(schema.positions)
          .values(
            layout.slice(start, start + 2_000).map((s, i) => ({
              sectorId: sector.id,
              performanceId: target.performanceId,
              row: s.row,
              number: s.number,
              hallSeatId: seatsOnPlan[start + i].id,
            })),
          )
          .returning({ id: schema.positions.id })
      ).map((p) => p.id),
    );
  }
  return { sectorId: sector.id, placeIds };
}

/**
 * How many buyers got separate seats although `quantity` side by side were still free when
 * they were served. Served in the most favourable order for the checked code (every group
 * side by side first, then the separate ones), so a count above 0 is a sure fault: in any
 * real order at least as many seats were free for that buyer.
 */
export function separatedWhileAdjacentLeft(
  /** The sector's seats before the buyers came (`free` as then). */
  before: readonly CandidateSeat[],
  /** Each served buyer's seats (ids of `before`). */
  groups: readonly (readonly number[])[],
  quantity: number,
): number {
  const separate = groups.filter((ids) => !areSideBySide(before, ids));
  let taken = new Set(groups.filter((ids) => areSideBySide(before, ids)).flat());
  let faults = 0;
  for (const ids of separate) {
    const now = before.map((s) => (taken.has(s.id) ? { ...s, free: false } : s));
    if (hasSideBySide(now, quantity)) faults++;
    taken = new Set([...taken, ...ids]);
  }
  return faults;
}
