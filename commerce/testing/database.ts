// The test databases: one migrated in-memory PGlite per test file (reused by its tests,
// emptied between them), PGlite data folders, and scratch PostgreSQL databases.

import { createHash, type Hash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client.ts";
import { pgliteForDrizzle } from "../db/pglite-client.ts";
import * as schema from "../db/schema.ts";
import { backgroundWorkSettled } from "../operations/background-work.ts";

const migrationsDir = fileURLToPath(new URL("../db/migrations", import.meta.url));

/**
 * Feeds what a migrated PGlite database depends on (the PGlite version and every migration
 * file) into a hash, so dumps of one can be keyed by it (tests here, the search benchmark).
 */
export function hashDatabaseSchema(hash: Hash): Hash {
  // The package does not export its package.json; find it next to its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  hash.update(readFileSync(join(dir, "package.json")));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsDir);
  return hash;
}

/** Changes whenever a migration or the PGlite version changes. */
function snapshotKey(): string {
  return hashDatabaseSchema(createHash("sha256")).digest("hex").slice(0, 16);
}

/**
 * A migrated PGlite. Creating and migrating one costs seconds; loading a dump of an
 * already-migrated one costs about one, so the first test file leaves a dump in the temp
 * folder for the others (keyed by the migrations, written atomically).
 */
const snapshotPath = () => join(tmpdir(), `commerce-test-pglite-${snapshotKey()}.tar`);

async function openPglite(): Promise<DatabaseHandle> {
  const snapshot = snapshotPath();
  if (existsSync(snapshot)) {
    try {
      const pglite = await import("@electric-sql/pglite");
      const { drizzle } = await import("drizzle-orm/pglite");
      const client = new pglite.PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]) });
      await client.waitReady;
      const db = drizzle(pgliteForDrizzle(client, pglite), { schema }) as unknown as Database;
      return { db, close: () => client.close(), kind: "pglite" };
    } catch {
      // A damaged dump: fall back to a fresh database (and rewrite the dump below).
    }
  }
  const handle = await openDatabase();
  try {
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } })
      .$client;
    const dump = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, dump);
    renameSync(partial, snapshot);
    // Dumps of older migrations are of no further use (about 40 MB each).
    for (const file of readdirSync(tmpdir())) {
      const path = join(tmpdir(), file);
      if (/^commerce-test-pglite-[0-9a-f]{16}\.tar$/.test(file) && path !== snapshot) {
        rmSync(path, { force: true });
      }
    }
  } catch {
    // The dump is only a speed-up.
  }
  return handle;
}

let shared: Promise<DatabaseHandle> | null = null;

/** The PGlite of this test file (vitest runs each file in its own process). */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= openPglite();
  return shared;
}

let folderDump: Promise<Blob> | null = null;

/** A dump of a migrated, empty PGlite: the test files' one if present, else made here. */
function migratedDump(): Promise<Blob> {
  folderDump ??= (async () => {
    try {
      return new Blob([readFileSync(snapshotPath())]);
    } catch {
      // Not there (or removed meanwhile by a run with other migrations): make one.
    }
    const handle = await openDatabase();
    try {
      const client = (
        handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }
      ).$client;
      return await client.dumpDataDir("none");
    } finally {
      await handle.close();
    }
  })();
  return folderDump;
}

/**
 * A migrated PGlite in a folder on disk (locked to this process until closed), for tests of
 * servers that run on a data folder. A new folder gets its database from a dump (a first
 * start would spend seconds on initdb and the migrations).
 */
export async function openDataFolder(folder: string): Promise<DatabaseHandle> {
  if (!existsSync(join(folder, "PG_VERSION"))) {
    const { PGlite } = await import("@electric-sql/pglite");
    const loaded = new PGlite(folder, { loadDataDir: await migratedDump() });
    await loaded.close();
  }
  return openDatabase({ dataDir: folder });
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl` (its role needs CREATEDB),
 * for a test file of its own: files running at once never empty each other's tables.
 */
export async function scratchPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A PostgreSQL database (pool of 10) for tests that need real parallelism. */
export function postgresTestDatabase(url: string): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: url });
}

export type RaceBackend = { name: string; open: () => Promise<DatabaseHandle>; shared: boolean };

/**
 * Where the race tests run: always the file's PGlite (shared by its tests); also a real
 * PostgreSQL server, whose pool lets transactions truly overlap, when TEST_DATABASE_URL is set.
 */
export function raceBackends(): RaceBackend[] {
  const backends: RaceBackend[] = [{ name: "PGlite", open: testDatabase, shared: true }];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    backends.push({
      name: "PostgreSQL",
      open: () => postgresTestDatabase(postgresUrl),
      shared: false,
    });
  }
  return backends;
}

export type ScratchRaceBackend = { name: string; postgres: boolean; skip: boolean };

/**
 * Where the race tests run whose PostgreSQL run needs a database of the file's own (a
 * scratch database on TEST_DATABASE_URL's server, opened by api-test.ts
 * useScratchRaceDatabase): the file's PGlite, and PostgreSQL, listed as skipped when
 * TEST_DATABASE_URL is not set so that a run says what it left out.
 */
export function scratchRaceBackends(): ScratchRaceBackend[] {
  const skip = !process.env.TEST_DATABASE_URL;
  return [
    { name: "PGlite", postgres: false, skip: false },
    {
      name: skip ? "PostgreSQL (skipped: set TEST_DATABASE_URL to run it)" : "PostgreSQL",
      postgres: true,
      skip,
    },
  ];
}

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name);

/**
 * Empties every table and restarts the ids, so each test sees the same numbers. The previous
 * test's background work (its confirmation mails, CAE requests) finishes first: left running,
 * it reads tables while they are emptied (a deadlock on PostgreSQL) or writes into the next
 * test's data. Work that hangs (a test's stuck outside service) is waited for 5 s at most.
 */
export async function resetDatabase(db: Database): Promise<void> {
  await backgroundWorkSettled(5_000);
  await db.execute(
    sql.raw(`TRUNCATE ${tableNames.map((n) => `"${n}"`).join(", ")} RESTART IDENTITY CASCADE`),
  );
}
