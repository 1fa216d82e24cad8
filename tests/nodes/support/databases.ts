// The PostgreSQL databases of the multi-node and fault tests (decision 0051): a database of
// the test's own on the shared test server (TEST_DATABASE_URL), dropped afterwards, or a
// throwaway cluster of its own (to stop and start it), removed afterwards.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export const sharedServerUrl = process.env.TEST_DATABASE_URL || undefined;

export type OwnDatabase = { url: string; drop: () => Promise<void> };

/** Runs one statement on the server of `url`, on its maintenance database. */
async function onServer(url: string, statement: string) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty database `shop_nodes_<pid>_<name>` on the server of `serverUrl`. */
export async function ownDatabase(serverUrl: string, name: string): Promise<OwnDatabase> {
  const database = `shop_nodes_${process.pid}_${name}`.replace(/[^a-z0-9_]/g, "_");
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
  };
}

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
