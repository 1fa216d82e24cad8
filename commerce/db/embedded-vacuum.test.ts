import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../testing/database.ts";
import type { DatabaseHandle } from "./client.ts";
import { startEmbeddedVacuum } from "./embedded-vacuum.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await testDatabase();
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

/** Bytes the table's row versions take: only a VACUUM lets an update reuse a dead one's room. */
async function tableBytes(table: string): Promise<number> {
  const result = (await handle.db.execute(
    sql`select pg_relation_size(${table}::regclass) as bytes`,
  )) as unknown as { rows: { bytes: string | number }[] };
  return Number(result.rows[0]?.bytes);
}

describe("the embedded database's vacuum", () => {
  it("lets updates reuse the room of the row versions they left behind", async () => {
    const job = startEmbeddedVacuum(handle, 60_000);
    expect(job).not.toBeNull();
    try {
      await handle.db.execute(
        sql`create table vacuum_probe (id int primary key, n int, padding text)`,
      );
      await handle.db.execute(
        sql`insert into vacuum_probe select g, 0, repeat('x', 200) from generate_series(1, 2000) g`,
      );
      const update = () => handle.db.execute(sql`update vacuum_probe set n = n + 1`);
      // Without a vacuum, each pass over the table adds a whole new copy of its rows.
      await update();
      await update();
      const grown = await tableBytes("vacuum_probe");
      expect(grown).toBeGreaterThan(0);
      await job?.runNow();
      // After it, the next passes fit in the room the vacuum gave back.
      await update();
      await update();
      expect(await tableBytes("vacuum_probe")).toBeLessThanOrEqual(grown);
    } finally {
      await job?.stop();
      await handle.db.execute(sql`drop table if exists vacuum_probe`);
    }
  }, 60_000);

  it("leaves a PostgreSQL server to its own autovacuum", () => {
    expect(startEmbeddedVacuum({ ...handle, kind: "postgres" })).toBeNull();
  });
});
