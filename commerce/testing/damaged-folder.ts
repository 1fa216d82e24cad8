// A PGlite data folder damaged on purpose, as a disk or an operator's mistake would leave it:
// one table's file overwritten with garbage. PostgreSQL still starts on it and answers
// `select 1`; reading the table fails with "invalid page in block 0" (SQLSTATE XX001).
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";

const pageBytes = 8192;

/** Overwrites `table`'s file in the (closed) data folder with garbage; gives its path. */
export async function damageTable(folder: string, table: string): Promise<string> {
  const handle = await openDatabase({ dataDir: folder });
  let relative: string;
  try {
    const result = await handle.db.execute(sql`select pg_relation_filepath(${table}) as path`);
    relative = String((result as unknown as { rows: { path: string }[] }).rows[0]?.path ?? "");
  } finally {
    await handle.close();
  }
  if (!relative) throw new Error(`no table ${table}`);
  const file = join(folder, relative);
  // At least one page, so that even an empty table has a first page to read.
  writeFileSync(file, Buffer.alloc(Math.max(statSync(file).size, pageBytes), 0x5a));
  return file;
}
