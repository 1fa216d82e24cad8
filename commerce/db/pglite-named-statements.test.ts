import * as pgliteModule from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { namedStatements } from "./pglite-named-statements.ts";

const { PGlite } = pgliteModule;
let client: InstanceType<typeof PGlite>;

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
}, 60_000);
afterAll(async () => {
  await client?.close();
});
beforeEach(async () => {
  await client.exec(`
    deallocate all;
    drop table if exists probe;
    create table probe (id int primary key, name text, at timestamptz, amount numeric,
      flag boolean, data jsonb);
    insert into probe values (1, 'uno', '2026-11-27 10:00:00+00', '1.50', true, '{"a": 1}'),
      (2, null, null, null, null, null);`);
});

/** The error a statement failed with (the test fails if it did not). */
async function failureOf(pending: Promise<unknown>) {
  try {
    await pending;
  } catch (error) {
    return error as Error & { code?: string; query?: string };
  }
  throw new Error("the statement was expected to fail");
}

async function preparedCount(): Promise<number> {
  const result = await client.query<{ count: number }>(
    "select count(*)::int as count from pg_prepared_statements",
  );
  return result.rows[0]?.count ?? -1;
}

describe("named statements on PGlite", () => {
  it("answers exactly as PGlite's query() does, row objects or arrays, and parses each text once", async () => {
    const named = namedStatements(client, pgliteModule);
    const cases: [string, unknown[], Record<string, unknown>][] = [
      ["select * from probe where id = $1", [1], {}],
      ["select * from probe where id = $1", [2], { rowMode: "array" }],
      ["select id from probe where name = $1 or $1 is null order by id", [null], {}],
      ["select * from probe where at < $1", [new Date("2027-01-01T00:00:00Z")], {}],
      ["update probe set amount = amount + $1 where id = $2 returning amount", ["1", 1], {}],
      ["insert into probe (id, name) values ($1, $2)", [3, "tres"], {}],
      ["delete from probe where id = $1", [3], {}],
      ["select count(*) from probe", [], { rowMode: "array" }],
    ];
    for (const [text, params, options] of cases) {
      const expected = await client.query(text, params, options);
      // The statement undone where it changed something, so both see the same rows.
      if (text.startsWith("update"))
        await client.query("update probe set amount = 1.50 where id = 1");
      if (text.startsWith("insert")) await client.query("delete from probe where id = 3");
      if (text.startsWith("delete"))
        await client.query("insert into probe (id, name) values (3, 'tres')");
      const actual = await named.query(text, params, options, false);
      expect(actual).toEqual(expected);
    }
    // Seven texts, eight statements: the repeated text was parsed once.
    expect(named.size()).toBe(7);
    expect(await preparedCount()).toBe(7);
  });

  it("throws PGlite's own error, and the next statement runs", async () => {
    const named = namedStatements(client, pgliteModule);
    const insert = "insert into probe (id, name) values ($1, $2)";
    const failure = await failureOf(named.query(insert, [1, "again"], {}, false));
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe("23505");
    expect(failure.query).toBe(insert);
    const syntax = await failureOf(named.query("selec 1", [], {}, false));
    expect(syntax.code).toBe("42601");
    await named.query(insert, [4, "cuatro"], {}, false);
    const rows = await named.query("select name from probe where id = $1", [4], {}, false);
    expect(rows).toMatchObject({ rows: [{ name: "cuatro" }] });
  });

  it("keeps at most its limit, closing the least recently used", async () => {
    const named = namedStatements(client, pgliteModule, 2);
    await named.query("select 1 as a", [], {}, false);
    await named.query("select 2 as b", [], {}, false);
    await named.query("select 1 as a", [], {}, false);
    await named.query("select 3 as c", [], {}, false);
    expect(named.size()).toBe(2);
    // The evicted one is closed before the next statement.
    await named.query("select 1 as a", [], {}, false);
    expect(await preparedCount()).toBe(2);
  });

  it("parses a text anew once a change of the table changed its result", async () => {
    const named = namedStatements(client, pgliteModule);
    const all = "select * from probe where id = $1";
    await named.query(all, [1], {}, false);
    await client.exec("alter table probe add column note text default 'x'");
    const changed = await failureOf(named.query(all, [1], {}, false));
    expect(changed.code).toBe("0A000");
    expect(await named.query(all, [1], {}, false)).toMatchObject({ rows: [{ id: 1, note: "x" }] });
  });

  it("waits for a transaction under way outside it, and runs inside it within it", async () => {
    const named = namedStatements(client, pgliteModule);
    const count = "select count(*)::int as n from probe";
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const insertedRow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into probe (id) values (9)");
      // Inside: sees its own row.
      expect(await named.query(count, [], {}, true)).toMatchObject({ rows: [{ n: 3 }] });
      inserted();
      await held;
    });
    await insertedRow;
    // Outside: must not run inside the open transaction, so it waits for its end.
    const outside = named.query(count, [], {}, false);
    let answered = false;
    void outside.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await outside).toMatchObject({ rows: [{ n: 3 }] });
  });
});
