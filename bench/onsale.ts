// On-sale benchmark: many buyers at once for ONE performance, against the commerce API
// running as its own process (commerce/server.ts) on 127.0.0.1, each buyer looping take →
// delivery → payment method → charge on its own keep-alive connection. Reports orders per
// minute, CPU per order of the API and of the database, latency per step, failures,
// SQL statements per order, and checks the sale through SQL afterwards (exit 1 on FAIL).
//
//   npm run bench:onsale                                         PGlite
//   BENCH_DATABASE_URL=postgres://shop:shop@127.0.0.1:5432/onsale_bench npm run bench:onsale
//
// Options (environment): BENCH_BUYERS (50), BENCH_SECONDS (60), BENCH_SEATS=1 (buyers take
// two given numbered seats instead of two general places), BENCH_GENERAL_PLACES (20000),
// BENCH_SEAT_ROWS (200 rows of 50 seats), BENCH_CHECKOUT=/other/checkout (run THAT
// checkout's API, migrations and database packages: old and new code measured by one
// bench), BENCH_CPU_PROFILE=/dir (the API's V8 CPU profile, written there when it stops).
// The PostgreSQL database is EMPTIED: its name must contain "bench".
//
// Why the PGlite data is prepared in a folder: the API's PGlite lives inside the API
// process, so nothing can write into an in-memory one from outside, and the API has no
// endpoint to create a show or a performance. So the bench fills a PGlite data folder on
// tmpfs (/dev/shm: memory-backed like memory://, and a folder is what `npm start` uses),
// closes it (only one process may open a PGlite folder), then starts the API on it.
import { type ChildProcess, execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import type { Server } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "../commerce/customers/password.ts";
import {
  closedPort,
  startSecondStorefront,
  stopSecondStorefront,
} from "../tests/e2e/second-storefront.ts";
import { StorefrontBuyer, storefrontSteps } from "../tests/nodes/support/storefront-buyer.ts";
import { startApi, stopApi, waitForApi } from "./api-process.ts";
import {
  checkSale,
  freeGeneralPlaces,
  type OnSale,
  openEmptyPostgres,
  openPglite,
  openPostgres,
  type Plan,
  prepareOnSale,
  type Sql,
} from "./onsale-db.ts";
import {
  httpBuyer,
  type Outcome,
  percentile,
  purchase,
  SeatPairs,
  steps,
  type Take,
  Tally,
} from "./onsale-load.ts";
import {
  countInProcess,
  countingProxy,
  countStatements,
  type StatementCounts,
} from "./onsale-statements.ts";
import { exitCleanups, whole } from "./options.ts";

// ---------------------------------------------------------------- options

const buyers = whole("BENCH_BUYERS", 50);
const seconds = whole("BENCH_SECONDS", 60);
const seatMode = process.env.BENCH_SEATS === "1";
/** API processes sharing the sale (PostgreSQL only); buyers are spread over them. */
const apiCount = whole("BENCH_APIS", 1);
/**
 * Storefront processes in front of the APIs (PostgreSQL only, after `npm run build`): the
 * buyers then log in and buy through the storefronts' pages, as browsers without JavaScript.
 */
const storefrontCount = process.env.BENCH_STOREFRONTS ? whole("BENCH_STOREFRONTS", 1) : 0;
/** PGlite only: writes the counted pass's statements there, a line each, steps marked. */
const statementLog = process.env.BENCH_STATEMENT_LOG;
const seatsPerRow = 50;
const plan: Plan = {
  generalPlaces: whole("BENCH_GENERAL_PLACES", 20_000),
  seatRows: whole("BENCH_SEAT_ROWS", 200),
  seatsPerRow,
  // One per buyer, plus the statement pass's own.
  customers: buyers + 1,
};
const placesPerOrder = 2;
/** Every customer's password when buyers log in at storefronts. */
const storefrontPassword = "Entradas2026";
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const repo = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), ".."));
const otherCheckout = process.env.BENCH_CHECKOUT || undefined;
const checkout = otherCheckout ? realpathSync(resolve(otherCheckout)) : repo;
const apiPort = 3500 + (process.pid % 100);
const proxyPort = 3500 + ((process.pid + 50) % 100);
/** Purchases the statement pass counts (after one more to warm up). */
const countedOrders = 10;

if (!existsSync(join(checkout, "commerce/server.ts"))) {
  throw new Error(`BENCH_CHECKOUT: ${checkout} has no commerce/server.ts`);
}
if (!existsSync(join(checkout, "node_modules/tsx"))) {
  throw new Error(`BENCH_CHECKOUT: run npm ci in ${checkout} first`);
}
if ((apiCount > 1 || storefrontCount > 0) && !databaseUrl) {
  throw new Error(
    "BENCH_APIS > 1 and BENCH_STOREFRONTS need BENCH_DATABASE_URL (PGlite is one process's)",
  );
}
if (
  storefrontCount > 0 &&
  (otherCheckout || !existsSync(join(repo, "build/node/storefront.mjs")))
) {
  throw new Error("BENCH_STOREFRONTS: run `npm run build` first (this checkout's storefront only)");
}
if (databaseUrl && !new URL(databaseUrl).pathname.includes("bench")) {
  throw new Error(`BENCH_DATABASE_URL: the database is emptied; its name must contain "bench"`);
}

// ---------------------------------------------------------------- bounded, cleaned up

const cleanups = exitCleanups();
// Preparing, the statement pass, the API's starts and the checks take well under this.
const hardStopSeconds = seconds + 180;
setTimeout(() => {
  console.error(`hard stop: still running after ${hardStopSeconds} s`);
  process.exit(3);
}, hardStopSeconds * 1000).unref();

// ---------------------------------------------------------------- the API process

/** This checkout's API over `database` (DATABASE_URL, or PGlite's folders). */
const startOnSaleApi = (database: Record<string, string>, port = apiPort) =>
  startApi(
    {
      repo: checkout,
      port,
      env: {
        ...database,
        TICKET_SECRET: "onsale-bench-ticket-secret",
        // Storefronts pass their buyers' addresses on; every buyer logs in from 127.0.0.1.
        TRUST_CLIENT_ADDRESS_FROM: "127.0.0.1",
        RATE_LIMITS: "login.address=100000/15",
        // Each bench buyer buys again and again, and the place limit counts what a customer
        // bought (decision 0060): lifted, so that the count still runs but never refuses.
        MAX_PLACES_PER_PERFORMANCE: "10000",
        // The bench charges with the sandbox acquirer's cards (Cobrar): what it measures is
        // the holds, the charge and the settlement, the same on every path. Bancard's form is
        // typed by a person, not a load generator (decision 0077).
        PAYMENT_STAND_INS: "off",
      },
    },
    (kill) => cleanups.push(kill),
  );

/** A production storefront (this checkout's build) in front of the API at `apiBase`. */
async function startBenchStorefront(
  apiBase: string,
): Promise<{ child: ChildProcess; origin: string }> {
  const port = await closedPort();
  const dataDir = mkdtempSync(join(tmpdir(), "onsale-storefront-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = await startSecondStorefront(port, {
    COMMERCE_API_URL: `${apiBase}/v2`,
    DATA_DIR: dataDir,
    SESSION_SECRET: "onsale-bench-session-secret-0123456789",
    LOG_LEVEL: "warn",
  });
  cleanups.push(() => child.kill("SIGKILL"));
  return { child, origin: `http://127.0.0.1:${port}` };
}

// ---------------------------------------------------------------- CPU from /proc

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process; with `reaped`, also of its children it has waited for. */
function cpuTicks(pid: number | string, reaped = false): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  const own = Number(fields[11]) + Number(fields[12]);
  return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
}

/** Busy ticks of the whole machine (all cores), from /proc/stat: to see what else ran. */
function machineBusyTicks(): number {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is already in user).
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return user + nice + system + irq + softirq + steal;
}

type PostgresCpu = { all: number; backends: Map<string, number> };

/**
 * CPU of every local process named postgres (the postmaster's reaped-children time
 * included, so backends that exit during the run still count), and apart, of each backend
 * serving the bench's database (its process title names the database): other work on the
 * same server, such as another project's tests, shows up only in the first.
 */
function postgresTicks(database: string): PostgresCpu | null {
  const cpu: PostgresCpu = { all: 0, backends: new Map() };
  let found = false;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      cpu.all += cpuTicks(pid, true);
      found = true;
      const title = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      if (title.includes(` ${database} `)) cpu.backends.set(pid, cpuTicks(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found ? cpu : null;
}

/** Seconds of CPU between two readings: all postgres processes, and this database's backends. */
function postgresSeconds(before: PostgresCpu | null, after: PostgresCpu | null) {
  if (!before || !after) return null;
  let backends = 0;
  for (const [pid, ticks] of after.backends) backends += ticks - (before.backends.get(pid) ?? 0);
  return { all: (after.all - before.all) / ticksPerSecond, backends: backends / ticksPerSecond };
}

// ---------------------------------------------------------------- the sale

function describeCheckout(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", checkout, ...args], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
    return `${checkout} @ ${git("rev-parse", "--short", "HEAD")}${dirty ? " + uncommitted changes" : ""}`;
  } catch {
    return checkout;
  }
}

/** Charges answered "approved", for the check against the orders in the database. */
let approvedSeen = 0;
let onSale: OnSale;
let seatPairs: SeatPairs;

const generalTake = (sale: OnSale): Take => ({
  idFuncion: sale.performanceId,
  listaSectores: [{ idSector: sale.generalSectorId, nCantidad: placesPerOrder }],
});

/** What a buyer "hears" once the bench knows no places are left (numbered seats). */
const soldOut: Outcome = {
  ok: false,
  step: "take",
  reply: { nCode: 0, code: "NOT_ENOUGH_PLACES", data: {} },
};

/** The next purchase's places, or null when the bench knows no more are left. */
function nextTake(): { take: Take; pair: [number, number] | null } | null {
  if (!seatMode) return { take: generalTake(onSale), pair: null };
  const pair = seatPairs.pick();
  return pair ? { take: { idFuncion: onSale.performanceId, listaPosiciones: pair }, pair } : null;
}

/** The statement pass's places: the last seat pairs (the back row), so buyers rarely want them. */
function statementTakes(): () => Take {
  let next = onSale.seatPairs.length - 1;
  return () => {
    if (!seatMode) return generalTake(onSale);
    const pair = onSale.seatPairs[next--];
    seatPairs.gone(pair);
    return { idFuncion: onSale.performanceId, listaPosiciones: pair };
  };
}

async function openForChecks(folder: string | undefined): Promise<Sql> {
  if (databaseUrl) return openPostgres(checkout, databaseUrl);
  return (await openPglite(checkout, folder as string)).sql;
}

async function main() {
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(
    `on-sale bench: ${buyers} buyers, ${seconds} s, ${seatMode ? "2 numbered seats" : "2 general places"} per order`,
  );
  console.log(`checkout: ${describeCheckout()}`);
  console.log(
    `database: ${databaseUrl ? `PostgreSQL ${withoutPassword(databaseUrl)}` : "PGlite (data folder on tmpfs)"}`,
  );
  console.log(`load average at start: ${load.join(" ")} (${cpus().length} CPUs)`);

  // Prepare: schema from the checkout's migrations, the performance, customers and tokens.
  let folder: string | undefined;
  const prepared = performance.now();
  if (databaseUrl) {
    const sql = await openEmptyPostgres(checkout, databaseUrl);
    onSale = await prepareOnSale(sql, plan);
    if (storefrontCount > 0) {
      // Buyers through a storefront log in with a password like anyone.
      await sql.query("UPDATE customers SET password_hash = $1", [
        await hashPassword(storefrontPassword),
      ]);
    }
    await sql.close();
  } else {
    const parent = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
    const temp = mkdtempSync(join(parent, "onsale-bench-"));
    cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
    folder = join(temp, "pglite");
    const { sql } = await openPglite(checkout, folder);
    onSale = await prepareOnSale(sql, plan);
    await sql.close();
  }
  seatPairs = new SeatPairs(onSale.seatPairs);
  console.log(
    `prepared ${plan.generalPlaces} general places, ${plan.seatRows * seatsPerRow} seats, ${plan.customers} customers in ${((performance.now() - prepared) / 1000).toFixed(1)} s`,
  );

  // SQL statements per order, in a separate untimed pass.
  let statements: StatementCounts | null = null;
  let statementsHow = "";
  const statementToken = onSale.tokens[buyers];
  if (databaseUrl) {
    const target = new URL(databaseUrl);
    const { counter, server } = await countingProxy(
      { host: target.hostname || "127.0.0.1", port: Number(target.port || 5432) },
      proxyPort,
    );
    const proxied = new URL(databaseUrl);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxyPort);
    // A Unix socket (?host=/var/run/postgresql) would bypass the proxy.
    proxied.searchParams.delete("host");
    const api = startOnSaleApi({ DATABASE_URL: proxied.toString() });
    try {
      await waitForApi(api);
      const buyer = httpBuyer(api.base, statementToken);
      statements = await countStatements(buyer.send, statementTakes(), counter, countedOrders);
      // It throws unless every purchase (one warm-up, then the counted ones) was approved.
      approvedSeen += countedOrders + 1;
      buyer.close();
    } finally {
      await stopApi(api);
      await closeServer(server);
    }
    statementsHow = "counted on the wire (Query/Execute messages through a proxy), API over HTTP";
  } else if (!otherCheckout) {
    const small = await openPglite(checkout, "memory://");
    const sample = await prepareOnSale(small.sql, {
      generalPlaces: 100,
      seatRows: 2,
      seatsPerRow,
      customers: 1,
    });
    let next = 0;
    const log: string[] | undefined = statementLog ? [] : undefined;
    statements = await countInProcess(
      small.client,
      sample.tokens[0],
      () =>
        seatMode
          ? { idFuncion: sample.performanceId, listaPosiciones: sample.seatPairs[next++] }
          : generalTake(sample),
      countedOrders,
      log,
    );
    if (statementLog && log) writeFileSync(statementLog, `${log.join("\n")}\n`);
    await small.sql.close();
    statementsHow = "counted at the PGlite client, this checkout's API in-process";
  }

  // The timed sale: the buyers call the APIs (round robin), or buy through the storefronts.
  const apis = Array.from({ length: apiCount }, (_, index) =>
    startOnSaleApi(
      databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: folder as string },
      index === 0 ? apiPort : 3400 + ((process.pid + index) % 100),
    ),
  );
  for (const api of apis) await waitForApi(api);
  const storefronts = await Promise.all(
    Array.from({ length: storefrontCount }, (_, index) =>
      startBenchStorefront(apis[index % apis.length].base),
    ),
  );
  const apiPids = apis.map((api) => api.child.pid as number);
  const storefrontPids = storefronts.map((storefront) => storefront.child.pid as number);
  const anyExited = () =>
    apis.some((api) => api.exited) || storefronts.some((s) => s.child.exitCode !== null);
  const clients = onSale.tokens
    .slice(0, buyers)
    .map((token, index) => httpBuyer(apis[index % apis.length].base, token));
  cleanups.push(() => {
    for (const client of clients) client.close();
  });
  const shoppers = storefronts.length
    ? Array.from(
        { length: buyers },
        (_, index) =>
          new StorefrontBuyer(
            storefronts[index % storefronts.length].origin,
            `buyer${index + 1}@bench.example`,
            storefrontPassword,
          ),
      )
    : [];
  for (const shopper of shoppers) {
    const login = await shopper.logIn();
    if (!login.ok) throw new Error(`storefront login refused (${login.status})`);
  }
  const salePage = {
    path: `/funcion/gran-recital/${onSale.performanceId}`,
    generalSectorId: onSale.generalSectorId,
  };
  /** A purchase through a storefront, its requests tallied like the API's steps. */
  const shop = async (shopper: StorefrontBuyer, tally: Tally): Promise<Outcome> => {
    const bought = await shopper.buy(salePage, {
      visitPages: true,
      observe: (step, ms, status) => {
        const ok =
          step === "take" || step === "pay" ? status === 303 || status === 302 : status === 200;
        tally.observe(step, ms, { nCode: ok ? 200 : status, code: `HTTP ${status}` });
      },
    });
    if (bought.ok) return { ok: true, orderId: bought.processId };
    // A sold-out sale answers the performance page's form with the refusal (4xx).
    const soldOut = bought.step === "take" && bought.body.includes("NOT_ENOUGH_PLACES");
    return {
      ok: false,
      step: bought.step === "take" ? "take" : "charge",
      reply: { nCode: bought.status, code: soldOut ? "NOT_ENOUGH_PLACES" : "", data: {} },
    };
  };
  const buyersToRun: Array<(tally: Tally) => Promise<Outcome>> = shoppers.length
    ? shoppers.map((shopper) => (tally) => shop(shopper, tally))
    : clients.map((client) => (tally) => {
        const next = nextTake();
        if (!next) return Promise.resolve(soldOut);
        return purchase(client.send, next.take, tally.observe).then((outcome) => {
          // Taken by this buyer or refused (mostly SEAT_TAKEN: someone else has them): off the
          // list. After a later step's failure they stay on it: this buyer's next take
          // (Proceso/0) cancels the unpaid process and so gives them back.
          if (next.pair && (outcome.ok || outcome.step === "take")) seatPairs.gone(next.pair);
          return outcome;
        });
      });
  const newTally = (): Tally => (shoppers.length ? new Tally(storefrontSteps, "pay") : new Tally());

  let soldOutAt: number | null = null;
  const loop = async (
    buy: (tally: Tally) => Promise<Outcome>,
    tally: Tally,
    until: number,
    once: boolean,
  ) => {
    while (!anyExited() && performance.now() < until) {
      const outcome = await buy(tally);
      if (outcome.ok) approvedSeen += 1;
      if (!outcome.ok && outcome.step === "take" && outcome.reply.code === "NOT_ENOUGH_PLACES") {
        soldOutAt ??= performance.now();
        return;
      }
      if (once) return;
    }
  };

  // Warm-up (not measured): one purchase per buyer opens its connection and warms the JIT.
  await Promise.all(
    buyersToRun.map((buy) => loop(buy, newTally(), Number.POSITIVE_INFINITY, true)),
  );
  soldOutAt = null;

  const loadBefore = loadavg().map((l) => l.toFixed(2));
  const tally = newTally();
  const sumTicks = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
  const apiTicks = sumTicks(apiPids);
  const storefrontTicks = sumTicks(storefrontPids);
  const machineTicks = machineBusyTicks();
  const databaseName = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : "";
  const dbTicks = databaseUrl ? postgresTicks(databaseName) : null;
  const benchCpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(buyersToRun.map((buy) => loop(buy, tally, until, false)));
  const elapsed = (performance.now() - started) / 1000;
  const apiCpu = (sumTicks(apiPids) - apiTicks) / ticksPerSecond;
  const storefrontCpu = (sumTicks(storefrontPids) - storefrontTicks) / ticksPerSecond;
  const machineCpu = (machineBusyTicks() - machineTicks) / ticksPerSecond;
  const dbCpu = databaseUrl ? postgresSeconds(dbTicks, postgresTicks(databaseName)) : null;
  const { user, system } = process.cpuUsage(benchCpu);
  const loadAfter = loadavg().map((l) => l.toFixed(2));
  const crashed = anyExited();
  for (const client of clients) client.close();
  for (const storefront of storefronts) await stopSecondStorefront(storefront.child);
  for (const api of apis) await stopApi(api);

  // Report.
  const orders = tally.orderTimes.length;
  const perOrder = (cpu: number) => (orders > 0 ? ((cpu * 1000) / orders).toFixed(1) : "n/a");
  console.log("");
  console.log(
    `load average before / after the timed part: ${loadBefore.join(" ")} / ${loadAfter.join(" ")}`,
  );
  console.log(
    `completed orders: ${orders} in ${elapsed.toFixed(1)} s → ${((orders / elapsed) * 60).toFixed(0)} orders/min` +
      (soldOutAt !== null
        ? ` (sold out after ${((soldOutAt - started) / 1000).toFixed(1)} s)`
        : ""),
  );
  console.log(
    `API process${apis.length > 1 ? `es' (${apis.length})` : ""} CPU: ${apiCpu.toFixed(1)} s → ${perOrder(apiCpu)} ms/order`,
  );
  if (storefronts.length > 0) {
    console.log(
      `storefront processes' (${storefronts.length}) CPU: ${storefrontCpu.toFixed(1)} s → ${perOrder(storefrontCpu)} ms/order`,
    );
  }
  console.log(
    databaseUrl
      ? dbCpu === null
        ? "database CPU: n/a (no local postgres processes)"
        : `database CPU (all local postgres processes): ${dbCpu.all.toFixed(1)} s → ${perOrder(dbCpu.all)} ms/order` +
          ` (of which backends of ${databaseName}: ${dbCpu.backends.toFixed(1)} s → ${perOrder(dbCpu.backends)} ms/order)`
      : "database CPU: included above (PGlite runs inside the API process)",
  );
  // The buyers share the machine's cores with the API (and the database).
  const benchSeconds = (user + system) / 1e6;
  console.log(`this bench's own CPU: ${benchSeconds.toFixed(1)} s`);
  // Other work on the machine slows the sale down: say how much there was.
  const others = machineCpu - apiCpu - storefrontCpu - benchSeconds - (dbCpu?.all ?? 0);
  console.log(
    `everything else on the machine: ${Math.max(0, others).toFixed(1)} s of CPU (${cpus().length} cores × ${elapsed.toFixed(0)} s = ${(cpus().length * elapsed).toFixed(0)} s available)`,
  );
  console.log("");
  console.log("| step | answered OK | p50 ms | p99 ms |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const step of tally.stepNames) {
    const times = tally.latencies.get(step) ?? [];
    console.log(
      `| ${step} | ${times.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} |`,
    );
  }
  console.log("");
  if (tally.failures.size === 0) console.log("failed steps: none");
  else {
    console.log("failed steps:");
    for (const [key, count] of [...tally.failures].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${count} × ${key}`);
    }
  }
  console.log("");
  console.log(
    statements
      ? `SQL statements per order: ${statements.perOrder.toFixed(1)} (${steps.map((s) => `${s} ${statements.perStep[s].toFixed(1)}`).join(", ")}; ${statementsHow}, ${statements.orders} orders)`
      : "SQL statements per order: n/a (PGlite with BENCH_CHECKOUT: the other checkout's API cannot be counted in-process; use PostgreSQL)",
  );
  // How the sale moved: the take's cost may grow as places sell.
  const windows = Math.ceil(elapsed / 10);
  const timeline: string[] = [];
  for (let w = 0; w < windows; w++) {
    const from = started + w * 10_000;
    const inWindow = (t: number) => t >= from && t < from + 10_000;
    const takes = tally.takeTimeline.filter(([t]) => inWindow(t)).map(([, ms]) => ms);
    timeline.push(
      `${w * 10}–${w * 10 + 10 <= elapsed ? w * 10 + 10 : elapsed.toFixed(1)} s: ${tally.orderTimes.filter(inWindow).length} orders, take p50 ${percentile(takes, 50).toFixed(1)} ms`,
    );
  }
  console.log(`by 10 s: ${timeline.join("; ")}`);

  // Checks through SQL, once the API has closed the database.
  const sql = await openForChecks(folder);
  const checks = await checkSale(sql, onSale.performanceId, placesPerOrder, approvedSeen);
  const free = await freeGeneralPlaces(sql, onSale.generalSectorId);
  await sql.close();
  console.log("");
  for (const check of checks) {
    console.log(`${check.pass ? "PASS" : "FAIL"}  ${check.name} (${check.detail})`);
  }
  console.log(`free general places left: ${free}`);
  for (const api of apis) {
    if (api.stderr.length === 0) continue;
    console.log(`\n${api.base}'s API wrote ${api.stderr.length} lines to stderr; the first ones:`);
    for (const line of api.stderr.slice(0, 15)) console.log(`  ${line}`);
  }
  if (crashed) {
    console.error("an API or storefront process exited during the sale");
    return 1;
  }
  return checks.every((c) => c.pass) ? 0 : 1;
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => server.close(() => done()));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
