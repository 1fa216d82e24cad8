import * as pgliteModule from "@electric-sql/pglite";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteForDrizzle, textResultTypes } from "./pglite-client.ts";

const samples = pgTable("samples", {
  id: integer("id").primaryKey(),
  at: timestamp("at", { withTimezone: true, mode: "string" }),
  localAt: timestamp("local_at", { mode: "string" }),
  day: date("day"),
  span: interval("span"),
  amount: numeric("amount"),
  flag: boolean("flag"),
  data: jsonb("data"),
  tags: text("tags").array(),
  amounts: numeric("amounts").array(),
  days: date("days").array(),
  moments: timestamp("moments", { withTimezone: true, mode: "string" }).array(),
});

let client: PGlite;
const sent: { parsers?: object }[] = [];

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  await client.exec(`
    create table samples (
      id integer primary key, at timestamptz, local_at timestamp, day date, span interval,
      amount numeric, flag boolean, data jsonb, tags text[], amounts numeric[], days date[],
      moments timestamptz[]);
    insert into samples values
      (1, '2026-11-27 10:00:00.123+00', '2026-11-27 07:00:00', '2026-12-24', '1 day 02:03:04',
       '12345.67', true, '{"a": [1, "b"]}', '{x,"y z"}', '{1.5,2}', '{2026-01-01,2026-01-02}',
       '{"2026-11-27 10:00:00+00"}'),
      (2, null, null, null, null, null, null, null, null, null, null, null);`);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

/** The client, recording the options each statement outside a transaction is sent with. */
function recordingClient(): PGlite {
  return new Proxy(client, {
    get(object, key) {
      const value = Reflect.get(object, key, object);
      if (key === "query") {
        return (query: string, params?: unknown[], options?: { parsers?: object }) => {
          sent.push({ parsers: options?.parsers });
          return value.call(object, query, params, options);
        };
      }
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** The rows drizzle reads: through the query builder (array rows), raw SQL, and a transaction. */
async function readEverything(db: ReturnType<typeof drizzle>) {
  const built = await db.select().from(samples).orderBy(samples.id);
  const raw = await db.execute(sql`select * from samples order by id`);
  const inTransaction = await db.transaction(async (tx) =>
    tx.select().from(samples).orderBy(samples.id),
  );
  return { built, raw: raw.rows, inTransaction };
}

describe("drizzle over PGlite, parsers set once", () => {
  it("reads exactly what drizzle reads with its own per-statement parsers, and sends none", async () => {
    // drizzle as it comes, on a client that records what each statement is sent with.
    const recording = recordingClient();
    const expected = await readEverything(drizzle(recording));

    // The types drizzle asks to keep as text are the ones set on the instance.
    const asked = sent.find((options) => options.parsers)?.parsers;
    expect(asked).toBeDefined();
    expect(
      Object.keys(asked ?? {})
        .map(Number)
        .sort(),
    ).toEqual([...textResultTypes].sort());

    sent.length = 0;
    const once = pgliteForDrizzle(recordingClient());
    const actual = await readEverything(drizzle(once));

    expect(actual).toEqual(expected);
    expect(actual.built[0]?.at).toBe("2026-11-27 10:00:00.123+00");
    expect(actual.built[0]?.day).toBe("2026-12-24");
    expect(actual.built[0]?.amounts).toEqual(["1.5", "2"]);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((options) => options.parsers === undefined)).toBe(true);

    // The same rows again with the statements named (pglite-named-statements.ts).
    const named = await readEverything(drizzle(pgliteForDrizzle(client, pgliteModule)));
    expect(named).toEqual(expected);
  });
});
