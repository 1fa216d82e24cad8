// PGlite runs PostgreSQL as a single process: the autovacuum launcher never starts, so every
// update's old row version stays in its table and indexes until a VACUUM (a table updated 20
// times over keeps all 21 versions). An on-sale updates each place twice and each purchase
// at every step; the embedded server would grow and slow down for good. It vacuums its own
// database at an interval instead. PostgreSQL's own autovacuum does this on a server.
import { sql } from "drizzle-orm";
import { startPeriodicJob } from "../periodic-job.ts";
import type { DatabaseHandle } from "./client.ts";

/** Often enough that an on-sale's dead rows never pile up for long; one pass takes well under a second. */
export const embeddedVacuumIntervalMs = 10 * 60 * 1000;

/** The job vacuuming (and analyzing) an embedded database; none for PostgreSQL. */
export function startEmbeddedVacuum(
  handle: DatabaseHandle,
  intervalMs = embeddedVacuumIntervalMs,
): { runNow: () => Promise<unknown>; stop: () => Promise<void> } | null {
  if (handle.kind !== "pglite") return null;
  return startPeriodicJob(
    "vacuum of the embedded database",
    () => handle.db.execute(sql`vacuum (analyze)`),
    intervalMs,
  );
}
