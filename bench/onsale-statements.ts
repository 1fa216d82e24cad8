// SQL statements per purchase, counted where they reach the database, in a short untimed
// pass of sequential purchases (so every statement of a step belongs to that step):
// - PostgreSQL: a TCP proxy between the API and the server counts the statements of the
//   wire protocol (Query 'Q' and Execute 'E' messages), so it works for any checkout and
//   needs no server setting (pg_stat_statements has to be preloaded at server start);
// - PGlite runs inside the API process, so there the purchases run in THIS process against
//   this checkout's API with a counting wrapper around the PGlite client (only when the
//   bench targets its own checkout: it cannot load another version's API in-process).
// Both count BEGIN and COMMIT as statements, like the server sees them.
import { createServer, connect as netConnect, type Server } from "node:net";
import type { PGliteInstance } from "./onsale-db.ts";
import {
  type Outcome,
  purchase,
  readEnvelope,
  type Send,
  type Step,
  steps,
  type Take,
} from "./onsale-load.ts";

/** Statements seen; with `log`, their text too (BENCH_STATEMENT_LOG), a line each. */
export type Counter = { statements: number; log?: string[] };

function logStatement(counter: Counter, text: string) {
  counter.log?.push(text.replace(/\s+/g, " ").slice(0, 400));
}

/** Counts statements in the frontend messages of one connection (protocol 3). */
function frontendParser(counter: Counter) {
  let startup = true; // StartupMessage and SSLRequest come without a type byte
  let header = Buffer.alloc(0);
  let skip = 0;
  return (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - at);
        skip -= n;
        at += n;
        continue;
      }
      const need = startup ? 8 : 5;
      const n = Math.min(need - header.length, chunk.length - at);
      header = Buffer.concat([header, chunk.subarray(at, at + n)]);
      at += n;
      if (header.length < need) break;
      if (startup) {
        // 196608 = protocol 3.0: the startup message proper; typed messages follow.
        if (header.readInt32BE(4) === 196_608) startup = false;
        skip = header.readInt32BE(0) - 8;
      } else {
        const type = String.fromCharCode(header[0]);
        if (type === "Q" || type === "E") counter.statements += 1;
        skip = header.readInt32BE(1) - 4;
      }
      header = Buffer.alloc(0);
    }
  };
}

/** Listens on 127.0.0.1:port and forwards every connection to the PostgreSQL server. */
export function countingProxy(
  target: { host: string; port: number },
  port: number,
): Promise<{ counter: Counter; server: Server }> {
  const counter: Counter = { statements: 0 };
  const server = createServer((client) => {
    const upstream = netConnect(target.port, target.host);
    const count = frontendParser(counter);
    client.on("data", count);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve({ counter, server }));
  });
}

/** Wraps a PGlite so every statement it runs (BEGIN/COMMIT included) is counted. */
export function countingPglite(client: PGliteInstance, counter: Counter): PGliteInstance {
  const countQueries = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key, object);
        if (typeof value !== "function") return value;
        if (key === "query") {
          return (...args: unknown[]) => {
            counter.statements += 1;
            logStatement(counter, String(args[0]));
            return value.apply(object, args);
          };
        }
        if (key === "transaction") {
          return (run: (tx: object) => Promise<unknown>) => {
            counter.statements += 2; // BEGIN, then COMMIT or ROLLBACK
            logStatement(counter, "BEGIN");
            return value
              .call(object, (tx: object) => run(countQueries(tx)))
              .finally(() => logStatement(counter, "COMMIT or ROLLBACK"));
          };
        }
        // PGlite keeps private fields: its methods must run on the object itself.
        return value.bind(object);
      },
    });
  return countQueries(client);
}

export type StatementCounts = { perStep: Record<Step, number>; perOrder: number; orders: number };

/**
 * Runs `orders` sequential purchases of `take()`'s places (after one not counted, to warm
 * caches and the connection pool) and averages the statements of each step.
 */
export async function countStatements(
  send: Send,
  take: () => Take,
  counter: Counter,
  orders: number,
): Promise<StatementCounts> {
  const totals = Object.fromEntries(steps.map((s) => [s, 0])) as Record<Step, number>;
  const must = (outcome: Outcome) => {
    if (!outcome.ok) {
      throw new Error(`statement pass: ${outcome.step} failed: ${JSON.stringify(outcome.reply)}`);
    }
  };
  must(await purchase(send, take(), () => {}));
  for (let i = 0; i < orders; i++) {
    let before = counter.statements;
    must(
      await purchase(send, take(), (step) => {
        totals[step] += counter.statements - before;
        logStatement(counter, `-- ${step} answered (${counter.statements - before} statements)`);
        before = counter.statements;
      }),
    );
  }
  const perStep = Object.fromEntries(steps.map((s) => [s, totals[s] / orders])) as Record<
    Step,
    number
  >;
  const perOrder = steps.reduce((sum, s) => sum + perStep[s], 0);
  return { perStep, perOrder, orders };
}

/** The PGlite pass: this checkout's API in-process on a counted in-memory PGlite. */
export async function countInProcess(
  client: PGliteInstance,
  token: string,
  take: () => Take,
  orders: number,
  log?: string[],
): Promise<StatementCounts> {
  const [
    { createCommerceApi },
    { commerceDeps },
    { commerceSettingsFromEnv },
    schema,
    { drizzle },
  ] = await Promise.all([
    import("../commerce/app.ts"),
    import("../commerce/start.ts"),
    import("../commerce/config.ts"),
    import("../commerce/db/schema.ts"),
    import("drizzle-orm/pglite"),
  ]);
  type Database = import("../commerce/db/client.ts").Database;
  const counter: Counter = { statements: 0, log };
  const db = drizzle(countingPglite(client, counter), { schema }) as unknown as Database;
  // The API as the server builds it (defaults of every setting), on the counted database;
  // its one buyer buys again and again, so the place limit (which counts bought places) is
  // lifted as for the timed buyers.
  const settings = commerceSettingsFromEnv("standalone", {
    TICKET_SECRET: "onsale-bench",
    MAX_PLACES_PER_PERFORMANCE: "10000",
  });
  const api = createCommerceApi(commerceDeps(db, settings));
  const send: Send = async (path, body) => {
    const response = await api.request(`/v2${path}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Accept-Language": "es",
      },
      body: JSON.stringify(body),
    });
    return readEnvelope(response.status, await response.text());
  };
  return countStatements(send, take, counter, orders);
}
