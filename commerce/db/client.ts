// Opens the database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise embedded
// PGlite (a data folder on disk, or in memory for tests). Migrations run on open. A folder on
// disk is locked to this process and checked first (data-folder.ts): a busy, damaged or
// unrecognised folder stops the start with a DataFolderError and is never replaced.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { log } from "../log.ts";
import { DataFolderError, prepareDataFolder } from "./data-folder.ts";
import { fillNewFolderInChild } from "./first-fill.ts";
import { pgliteForDrizzle } from "./pglite-client.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A database or an open transaction (both expose the same query builders). */
export type Executor = Pick<Database, "select" | "update" | "insert" | "delete" | "execute">;

export type DatabaseHandle = {
  db: Database;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
};

export type DatabaseOptions = {
  /** postgres://… to use a PostgreSQL server. */
  databaseUrl?: string;
  /** Folder for PGlite's files; "memory://" (or undefined with inMemory) keeps it in memory. */
  dataDir?: string;
  /**
   * Seeds the demo catalog once migrated (a no-op once seeded). A new PGlite data folder is
   * filled by a child process first (first-fill.ts).
   */
  seedDemo?: boolean;
};

/**
 * PGlite's PostgreSQL settings, as start parameters (a `postgresqlconf` option would rewrite
 * the folder's postgresql.conf at every start). Its default buffer cache (128 MB) lives in the
 * WebAssembly memory for good; 16 MB holds the working set of a performance's on-sale, and
 * the data folder's other pages come from the operating system's file cache (decision 0052).
 */
const pgliteSettings = ["-c", "shared_buffers=16MB"];

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Key of the session advisory lock that one starting node at a time migrates under. */
export const START_LOCK = 1_200_051;

/**
 * Runs `work` while holding START_LOCK on a connection of its own: of several nodes started
 * together on one empty database, one migrates and the others wait for it, then find nothing
 * left to do (drizzle's migrator alone would run the same migrations twice at once).
 */
async function underStartLock<T>(pool: import("pg").Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [START_LOCK]);
    try {
      return await work();
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [START_LOCK]);
    }
  } finally {
    holder.release();
  }
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // node-postgres counts this both for opening a connection and for waiting for a free
      // one of the pool. A stopped server refuses at once (503 then); a burst of buyers waits
      // its turn for up to this long rather than being told the shop is unavailable.
      connectionTimeoutMillis: 15_000,
    });
    // A connection the server dropped (a restart, a stop) reports it as an "error" event:
    // unhandled, that would end the process (decision 0051). The pool listens only while a
    // connection is idle in it, so each one gets its own listener for while it is in use
    // (its query fails then, and the pool drops it when it comes back).
    const lost = (error: Error) => {
      log.warn({ err: error }, "database connection lost (the pool opens a new one)");
    };
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    const db = drizzle(pool, { schema });
    try {
      // Migrations and the demo seed once, however many processes start together.
      await underStartLock(pool, async () => {
        await migrate(db, { migrationsFolder });
        if (options.seedDemo) await seedDemo(db as unknown as Database);
      });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return { db: db as unknown as Database, close: () => pool.end(), kind: "postgres" };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (dataDir.startsWith("memory://")) {
    const pglite = await loadPglite();
    const { PGlite } = pglite;
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite(dataDir, {
      startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
    });
    await client.waitReady;
    const db = drizzle(pgliteForDrizzle(client, pglite), { schema });
    await migrate(db, { migrationsFolder });
    if (options.seedDemo) await seedDemo(db as unknown as Database);
    return { db: db as unknown as Database, close: () => client.close(), kind: "pglite" };
  }
  if (!options.seedDemo) return openPgliteFolder(dataDir);
  if (isNewFolder(dataDir)) await fillNewFolderInChild(dataDir);
  const opened = await openPgliteFolder(dataDir);
  const { seededNow } = await seedDemo(opened.db).catch(async (error) => {
    await opened.close().catch(() => {});
    throw error;
  });
  if (!seededNow) return opened;
  // Seeded here after all (a folder whose first fill failed): not kept at that size.
  await opened.close();
  collectClosedInstances();
  return openPgliteFolder(dataDir);
}

/** Whether the folder holds no database yet; a busy or damaged one throws DataFolderError. */
function isNewFolder(dataDir: string): boolean {
  const folder = prepareDataFolder(dataDir);
  folder.release();
  return folder.state === "new";
}

/** The demo seed, loaded only where it runs. */
async function seedDemo(db: Database) {
  const { seedDemoCatalog } = await import("../seed/index.ts");
  return seedDemoCatalog(db);
}

/**
 * PGlite's module, compiled by V8's optimizing compiler only. By default V8 compiles
 * WebAssembly twice (a quick baseline first, optimized code for hot functions later) and keeps
 * both: for PostgreSQL's code that is about 65 MB of the server's memory for good. Set before
 * the module is first compiled (decision 0052).
 */
async function loadPglite() {
  setFlagsFromString("--no-liftoff");
  return import("@electric-sql/pglite");
}

/**
 * Gives back the memory of PGlite instances that were closed: V8 frees an instance's
 * WebAssembly memory only when it collects the instance, and an idle server may not collect
 * for a long time.
 */
function collectClosedInstances() {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** A PGlite data folder, locked to this process, checked and migrated. */
async function openPgliteFolder(dataDir: string): Promise<DatabaseHandle> {
  const pglite = await loadPglite();
  const { PGlite } = pglite;
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const folder = prepareDataFolder(dataDir);
  let client: InstanceType<typeof PGlite>;
  try {
    client = new PGlite(dataDir, {
      startParams: [...PGlite.defaultStartParams, ...pgliteSettings],
    });
    await client.waitReady;
  } catch (error) {
    folder.release();
    throw new DataFolderError(
      `The database in ${resolve(dataDir)} could not be opened (${
        (error as Error).message ?? error
      }). It was left as it is: restore it from a backup, or point DATA_DIR (PGLITE_DIR) at ` +
        "another folder.",
      { cause: error },
    );
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      folder.release();
    }
  };
  try {
    const db = drizzle(pgliteForDrizzle(client, pglite), { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, close, kind: "pglite" };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
