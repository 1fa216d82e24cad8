// The PostgreSQL databases of the multi-node and fault tests (decision 0051): a database of
// the test's own on the shared test server (TEST_DATABASE_URL; the race tests' scratch
// database), dropped afterwards, or a throwaway cluster of its own (to stop and start it),
// removed afterwards.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchPostgresDatabase } from "../../../commerce/testing/database.ts";

export const sharedServerUrl = process.env.TEST_DATABASE_URL || undefined;

/** A database of the test's own on the shared server, dropped afterwards. */
export type OwnDatabase = Awaited<ReturnType<typeof scratchPostgresDatabase>>;
export const ownDatabase = (serverUrl: string) => scratchPostgresDatabase(serverUrl);

const binaries = (() => {
  const versions = existsSync("/usr/lib/postgresql")
    ? execFileSync("ls", ["/usr/lib/postgresql"], { encoding: "utf8" }).split("\n").filter(Boolean)
    : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest ? `/usr/lib/postgresql/${newest}/bin` : null;
})();

/** Whether this machine can run a cluster of the test's own (PostgreSQL's binaries, root). */
export const canRunPrivateCluster =
  binaries !== null && process.getuid?.() === 0 && existsSync("/usr/sbin/runuser");

export type PrivateCluster = {
  url: string;
  stop: () => void;
  start: () => void;
  remove: () => void;
};

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
function asPostgres(binary: string, args: string[]) {
  execFileSync("runuser", ["-u", "postgres", "--", join(binaries as string, binary), ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * A cluster of its own on 127.0.0.1:`port`, its socket and data in a temporary folder, with
 * the role shop/shop and the database shop: stopped (fast) and started again at will.
 */
export function privateCluster(port: number): PrivateCluster {
  const folder = mkdtempSync(join(tmpdir(), "shop-nodes-pg-"));
  chmodSync(folder, 0o777);
  const data = join(folder, "data");
  const log = join(folder, "server.log");
  execFileSync("chown", ["postgres", folder]);
  asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => asPostgres("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "start"]);
  const stop = () => asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const psql = (sql: string) =>
    asPostgres("psql", ["-h", folder, "-p", String(port), "-U", "postgres", "-qc", sql]);
  psql("CREATE ROLE shop LOGIN SUPERUSER PASSWORD 'shop'");
  psql("CREATE DATABASE shop OWNER shop");
  return {
    url: `postgres://shop:shop@127.0.0.1:${port}/shop`,
    stop,
    start,
    remove: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
