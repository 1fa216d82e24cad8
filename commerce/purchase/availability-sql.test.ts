// The SQL conditions of availability.ts against their pure twins, over the same rows: random
// places (sold or not, held by one of three processes or nobody, deadlines around now),
// evaluated by the database and by the functions, must pick the same places.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { testDatabase } from "../testing/harness.ts";
import { freeFor, freePlace, isPlaceFree, isPlaceFreeFor, type PlaceHold } from "./availability.ts";

const now = new Date("2031-03-10T15:00:00.000Z");

let db: Database;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

const placeArbitrary: fc.Arbitrary<PlaceHold> = fc.record({
  sold: fc.boolean(),
  heldByProcessId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  // Whole minutes around now, the exact deadline included.
  heldUntil: fc.option(
    fc.integer({ min: -3, max: 3 }).map((m) => new Date(now.getTime() + m * 60_000)),
    { nil: null },
  ),
});

/** The ids of `places` (by index) the condition picks, as the database sees them. */
async function pickedBySql(places: PlaceHold[], condition: ReturnType<typeof freePlace>) {
  const rows = sql.join(
    places.map(
      (p, i) =>
        sql`(${i}::int, ${p.sold}::boolean, ${p.heldByProcessId}::int, ${p.heldUntil?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = (await db.execute(
    sql`SELECT id FROM (VALUES ${rows}) AS positions(id, sold, held_by_process_id, held_until) WHERE ${condition} ORDER BY id`,
  )) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((row) => Number(row.id));
}

const pickedByFunction = (places: PlaceHold[], test: (p: PlaceHold) => boolean) =>
  places.flatMap((p, i) => (test(p) ? [i] : []));

describe("availability: SQL and its pure twin agree", () => {
  it("on which places are free", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(placeArbitrary, { minLength: 1, maxLength: 30 }),
        async (places) => {
          expect(await pickedBySql(places, freePlace(now))).toEqual(
            pickedByFunction(places, (p) => isPlaceFree(p, now)),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("on which places a process may take (free, or already its own)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(placeArbitrary, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 3 }),
        async (places, processId) => {
          expect(await pickedBySql(places, freeFor(processId, now))).toEqual(
            pickedByFunction(places, (p) => isPlaceFreeFor(p, processId, now)),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
