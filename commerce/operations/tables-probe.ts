// What readiness asks the database (lifecycle.ts): one row of every table of the schema, in
// one statement. `select 1` only proves a connection: with a table's file damaged, missing or
// unreadable it still answers, while every page that reads that table fails. One row of each
// table reads its first page: about 2 ms on PGlite once warm (the first time loads every
// table's description), asked at most once a second. Damage deeper inside a large table is
// not seen here; the requests that reach it answer 503 (db/unavailable.ts).
import { is, type SQL, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema.ts";

/** Every table the API reads and writes, by name (a new table joins by being in the schema). */
export const schemaTableNames: readonly string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

/** `select (select 1 from t1 limit 1), (select 1 from t2 limit 1), …`: one round trip. */
export function readEveryTable(tables: readonly string[] = schemaTableNames): SQL {
  const reads = tables.map((name) => sql`(select 1 from ${sql.identifier(name)} limit 1)`);
  return sql`select ${sql.join(reads, sql`, `)}`;
}
