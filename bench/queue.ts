// Waiting-room benchmark (issue 12): 10,000 buyers joined the pre-queue of ONE performance,
// then each keeps its waiting page open, polling GET /cola/estado every 20 s (≈ 500 requests
// a second together), against the commerce API running as its own process on 127.0.0.1.
// Reports the poll's latency (p50/p95/p99), the server's CPU per poll against a bare route
// of the same server measured in the same run, and the admissions per minute against the
// configured rate (read from the database afterwards). Exit 1 when a check fails.
//
//   npm run bench:queue                       60 s (BENCH_SECONDS=300 for the ±5 % figure)
//
// Options (environment): BENCH_SECONDS (60), BENCH_CLIENTS (10000), BENCH_RATE (500 polls
// a second), BENCH_ADMISSIONS_PER_MINUTE (300), BENCH_BASELINE_SECONDS (15: the bare route,
// then the pre-queue's poll, each that long), BENCH_PORT (4207), BENCH_CPU_PROFILE=/dir (the
// API's V8 CPU profile), BENCH_DATABASE_URL (PostgreSQL instead of PGlite; the database is
// EMPTIED, so its name must contain "bench"). PGlite: its data folder is prepared on tmpfs,
// then the API is started on it (see bench/onsale.ts for why).
import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { commitmentOf, newSeed } from "../commerce/queue/commitment.ts";
import { newTurnCode } from "../commerce/queue/entries.ts";
import { signWaitingTicket, waitingTicketKey } from "../commerce/queue/waiting-ticket.ts";
import { type RunningApi, startApi, stopApi, waitForApi } from "./api-process.ts";
import {
  openEmptyPostgres,
  openPglite,
  openPostgres,
  prepareOnSale,
  type Sql,
} from "./onsale-db.ts";
import { exitCleanups, whole } from "./options.ts";
import {
  type Answer,
  closeConnections,
  type LoadResult,
  openLoop,
  percentile,
  v2,
} from "./queue-load.ts";

// ---------------------------------------------------------------- options

const seconds = whole("BENCH_SECONDS", 60);
const clients = whole("BENCH_CLIENTS", 10_000);
const rate = whole("BENCH_RATE", 500);
const admissionsPerMinute = whole("BENCH_ADMISSIONS_PER_MINUTE", 300);
const baselineSeconds = whole("BENCH_BASELINE_SECONDS", 15);
const port = whole("BENCH_PORT", 4207);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const repo = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), ".."));
if (databaseUrl && !new URL(databaseUrl).pathname.includes("bench")) {
  throw new Error(`BENCH_DATABASE_URL: the database is emptied; its name must contain "bench"`);
}
/** The issue's bar for the poll. */
const p99LimitMs = 50;
/** The issue's bar for admissions over 5 minutes. */
const admissionTolerance = 0.05;

// ---------------------------------------------------------------- bounded, cleaned up

const cleanups = exitCleanups();
const hardStopSeconds = seconds + baselineSeconds + 600;
setTimeout(() => {
  console.error(`hard stop: still running after ${hardStopSeconds} s`);
  process.exit(3);
}, hardStopSeconds * 1000).unref();

// ---------------------------------------------------------------- the queue

type Prepared = { performanceId: number; operatorToken: string; tickets: string[] };

/** The API's HMAC secret in this bench (the waiting tickets' key is derived from it). */
const ticketSecret = "queue-bench-ticket-secret";

/**
 * The on-sale bench's performance and customers (the last one is the operator), its queue on
 * with the sale an hour away, and every other customer in its pre-queue, as the service's
 * join leaves them: a waiting entry with a turn code and no place yet, and the waiting ticket
 * the turn call would hand out (signed with the service's own code). Written in bulk: 10,000
 * joins through the API take minutes on a shared machine, and are not what is measured.
 */
async function prepare(sql: Sql): Promise<Prepared> {
  const onSale = await prepareOnSale(sql, {
    generalPlaces: 1000,
    seatRows: 1,
    seatsPerRow: 2,
    customers: clients + 1,
  });
  const customerIds = (await sql.query<{ id: number }>("SELECT id FROM customers ORDER BY id")).map(
    (row) => row.id,
  );
  const operatorId = customerIds[clients];
  await sql.query("INSERT INTO staff_roles (customer_id, role) VALUES ($1, 'OPERATOR')", [
    operatorId,
  ]);
  const seed = newSeed();
  await sql.query(
    `INSERT INTO queue_settings (performance_id, enabled, sale_starts_at, admissions_per_minute,
       max_active, shopping_window_seconds, seed, seed_commitment, updated_at)
     VALUES ($1, true, now() + interval '1 hour', $2, $3, 600, $4, $5, now())`,
    [onSale.performanceId, admissionsPerMinute, clients, seed, commitmentOf(seed)],
  );
  const codes = new Set<string>();
  while (codes.size < clients) codes.add(newTurnCode());
  const turnCodes = [...codes];
  const entries = await sql.query<{ id: number; turn_code: string }>(
    `INSERT INTO queue_entries (performance_id, customer_id, turn_code, arrived_at, pre_queue,
       state, last_seen_at)
     SELECT $1, c, code, now(), true, 'waiting', now()
     FROM unnest($2::int[], $3::text[]) WITH ORDINALITY AS t(c, code, n) ORDER BY n
     RETURNING id, turn_code`,
    [onSale.performanceId, customerIds.slice(0, clients), turnCodes],
  );
  const key = waitingTicketKey(ticketSecret);
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  const tickets = entries.map((entry) =>
    signWaitingTicket(key, {
      entryId: Number(entry.id),
      performanceId: onSale.performanceId,
      position: null,
      turnCode: entry.turn_code,
      expiresAt,
    }),
  );
  return { performanceId: onSale.performanceId, operatorToken: onSale.tokens[clients], tickets };
}

function configure(api: RunningApi, prepared: Prepared, saleStartsAt: Date) {
  return v2(api, "PUT", `/Cola/${prepared.performanceId}/Configuracion`, prepared.operatorToken, {
    lActiva: true,
    dInicioVenta: saleStartsAt.toISOString(),
    nAdmisionesPorMinuto: admissionsPerMinute,
    // Only the rate limits admissions here: nobody admitted goes on to buy.
    nMaximoActivos: clients,
    nVentanaCompraSegundos: 600,
  });
}

type Admissions = { minutes: number[]; total: number; spanMinutes: number };

/** Admissions per whole minute since the sale start, read from the stopped API's database. */
async function admissionsOf(sql: Sql, performanceId: number, saleStart: Date, end: Date) {
  const rows = await sql.query<{ minute: number; admitted: number }>(
    `SELECT floor(extract(epoch FROM admitted_at - $2::timestamptz) / 60)::int AS minute,
            count(*)::int AS admitted
     FROM queue_entries
     WHERE performance_id = $1 AND admitted_at IS NOT NULL
     GROUP BY 1 ORDER BY 1`,
    [performanceId, saleStart.toISOString()],
  );
  const spanMinutes = (end.getTime() - saleStart.getTime()) / 60_000;
  const minutes = Array.from({ length: Math.floor(spanMinutes) }, (_, minute) => {
    return rows.find((row) => row.minute === minute)?.admitted ?? 0;
  });
  const total = rows.reduce((sum, row) => sum + row.admitted, 0);
  return { minutes, total, spanMinutes } satisfies Admissions;
}

function report(name: string, result: LoadResult) {
  const { latencies } = result;
  const ms = (p: number) => percentile(latencies, p).toFixed(1);
  const cpuPer = (result.cpuSeconds * 1e6) / Math.max(1, result.sent);
  const statuses = [...result.statuses].map(([key, count]) => `${key}: ${count}`).join(", ");
  console.log(
    `| ${name} | ${result.sent} | ${(result.sent / result.elapsed).toFixed(0)} | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${cpuPer.toFixed(0)} | ${statuses} |`,
  );
  return cpuPer;
}

async function main() {
  console.log(
    `queue bench: ${clients} waiting clients, ${rate} polls/s for ${seconds} s, ${admissionsPerMinute} admissions/min configured`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (${cpus().length} CPUs)`,
  );

  console.log(`database: ${databaseUrl ? "PostgreSQL" : "PGlite (data folder on tmpfs)"}`);
  let folder = "";
  if (!databaseUrl) {
    const parent = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
    const temp = mkdtempSync(join(parent, "queue-bench-"));
    cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
    folder = join(temp, "pglite");
  }
  const preparing = performance.now();
  const sql = databaseUrl
    ? await openEmptyPostgres(repo, databaseUrl)
    : (await openPglite(repo, folder)).sql;
  const prepared = await prepare(sql);
  await sql.close();
  console.log(
    `prepared ${clients} customers in ${((performance.now() - preparing) / 1000).toFixed(1)} s`,
  );

  const database: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { DATA_DIR: folder };
  const api = startApi(
    { repo, port, env: { ...database, TICKET_SECRET: ticketSecret, LOG_LEVEL: "warn" } },
    (kill) => cleanups.push(kill),
  );
  cleanups.push(closeConnections);
  await waitForApi(api);
  const tickets = prepared.tickets;
  const poll = (i: number) => ({
    path: `/cola/estado?qid=${prepared.performanceId}`,
    headers: { Cookie: `colaTurno=${tickets[i % tickets.length]}`, "Accept-Language": "es" },
  });
  // As a browser does: a renewed ticket (its place, once the pre-queue is shuffled) is kept.
  // What the polls said (before-start, waiting, turn…) is counted.
  const said = new Map<string, number>();
  const keepTicket = (i: number, answer: Answer) => {
    for (const cookie of answer.setCookie) {
      const renewed = /^colaTurno=([^;]+)/.exec(cookie)?.[1];
      if (renewed) tickets[i % tickets.length] = renewed;
    }
    let estado = "not JSON";
    try {
      estado = String((JSON.parse(answer.body) as { estado?: unknown }).estado);
    } catch {}
    said.set(estado, (said.get(estado) ?? 0) + 1);
  };
  // Before the sale starts: warm-up, the same server's bare route (the baseline), then the
  // poll of the pre-queue (its steady state: no database read), each at the same rate.
  await openLoop(api, rate, 3, poll, keepTicket);
  const baseline = await openLoop(api, rate, baselineSeconds, () => ({
    path: "/cola/espera.js",
    headers: {},
  }));
  const beforeStart = await openLoop(api, rate, baselineSeconds, poll, keepTicket);

  // The sale starts now; the clients poll through it.
  const saleStart = new Date(Date.now() + 1000);
  await configure(api, prepared, saleStart);
  const loadBefore = loadavg().map((l) => l.toFixed(2));
  const benchCpu = process.cpuUsage();
  said.clear();
  const polls = await openLoop(api, rate, seconds, poll, keepTicket);
  const end = new Date();
  const { user, system } = process.cpuUsage(benchCpu);
  const crashed = api.exited;
  await stopApi(api);

  const checks = databaseUrl
    ? openPostgres(repo, databaseUrl)
    : (await openPglite(repo, folder)).sql;
  const admissions = await admissionsOf(checks, prepared.performanceId, saleStart, end);
  await checks.close();

  console.log("");
  console.log(
    `load average before / after: ${loadBefore.join(" ")} / ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(`this bench's own CPU while polling: ${((user + system) / 1e6).toFixed(1)} s`);
  console.log("");
  console.log(
    "| route | requests | req/s | p50 ms | p95 ms | p99 ms | server CPU µs/req | answers |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  const baselineCpu = report("GET /cola/espera.js (baseline)", baseline);
  const beforeCpu = report("GET /cola/estado before the start (pre-queue)", beforeStart);
  const pollCpu = report("GET /cola/estado through the sale", polls);
  console.log("");
  console.log(
    `CPU per poll / per baseline request: ${(beforeCpu / baselineCpu).toFixed(2)}× before the start, ${(pollCpu / baselineCpu).toFixed(2)}× through the sale`,
  );

  const measuredRate = admissions.total / admissions.spanMinutes;
  const deviation = measuredRate / admissionsPerMinute - 1;
  console.log(
    `admissions: ${admissions.total} in ${admissions.spanMinutes.toFixed(2)} min → ${measuredRate.toFixed(1)}/min vs ${admissionsPerMinute}/min configured (${(deviation * 100).toFixed(1)} %)`,
  );
  console.log(
    `per whole minute since the start: ${admissions.minutes.join(", ") || "(under a minute)"}`,
  );

  console.log(
    `the polls said: ${[...said].map(([estado, count]) => `${estado} ${count}`).join(", ")}`,
  );
  const p99 = percentile(polls.latencies, 99);
  const okPolls = polls.statuses.get("200") ?? 0;
  const results = [
    { name: "the API stayed up", pass: !crashed },
    { name: "every poll answered 200", pass: okPolls === polls.sent },
    {
      name: "every poll knew its place (none lost: no-place or gone)",
      pass: !said.has("no-place") && !said.has("gone"),
    },
    { name: `poll p99 under ${p99LimitMs} ms`, pass: p99 < p99LimitMs },
    {
      name: `admissions within ±${admissionTolerance * 100} % of the rate`,
      pass: Math.abs(deviation) <= admissionTolerance,
    },
  ];
  console.log("");
  for (const result of results) console.log(`${result.pass ? "PASS" : "FAIL"} ${result.name}`);
  if (crashed) console.log(api.stderr.slice(-20).join("\n"));
  process.exitCode = results.every((result) => result.pass) ? 0 : 1;
}

main().then(
  () => process.exit(),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
