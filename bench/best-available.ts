// Best-available benchmark: BENCH_BUYERS (200) buyers ask at the same moment for the
// BENCH_GROUP (4) best seats of one drawn sector of about 1,000 seats (25 curved rows of 40,
// two aisles), over HTTP against the commerce API running as its own process
// (commerce/server.ts) on 127.0.0.1. The baseline, measured in the same run: the same buyers
// each take 4 given seats (Posiciones/Tomar, no choosing) in a sector of the same size.
// Reports holds per second of both and their ratio, latency, the API's CPU per hold, and
// checks: no seat given twice, every winner's seats held by its process, and no buyer given
// separate seats while 4 side by side were still free (exit 1 on any failure).
//
//   npm run bench:best                                                      PGlite
//   BENCH_DATABASE_URL=postgres://shop:shop@127.0.0.1:5432/best_bench npm run bench:best
//   TEST_DATABASE_URL=postgres://shop:shop@127.0.0.1:5432/shop_test npm run bench:best
//
// BENCH_DATABASE_URL is EMPTIED (its name must contain "bench"); with TEST_DATABASE_URL a
// scratch database is created on that server and dropped at the end. PGlite: the API's
// database lives in its process, so the bench fills a data folder on tmpfs first (as
// bench/onsale.ts does) and starts the API on it. Options: BENCH_BUYERS, BENCH_GROUP,
// BENCH_ROWS (25), BENCH_SEATS_PER_ROW (40), BENCH_PORT (4121).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CandidateSeat } from "../commerce/purchase/best-available.ts";
import { areSideBySide } from "../commerce/purchase/best-available.ts";
import { separatedWhileAdjacentLeft } from "../commerce/testing/group-holds.ts";
import { type RunningApi, startApi, stopApi, waitForApi } from "./api-process.ts";
import {
  openEmptyPostgres,
  openPglite,
  openPostgres,
  prepareOnSale,
  type Sql,
} from "./onsale-db.ts";
import { httpBuyer, percentile, type Reply } from "./onsale-load.ts";
import { whole } from "./options.ts";
import { cpuSeconds } from "./process-cpu.ts";

const buyers = whole("BENCH_BUYERS", 200);
const group = whole("BENCH_GROUP", 4);
const rows = whole("BENCH_ROWS", 25);
const seatsPerRow = whole("BENCH_SEATS_PER_ROW", 40);
const port = whole("BENCH_PORT", 4121);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const benchUrl = process.env.BENCH_DATABASE_URL || undefined;
const testServerUrl = benchUrl ? undefined : process.env.TEST_DATABASE_URL || undefined;
if (benchUrl && !new URL(benchUrl).pathname.includes("bench")) {
  throw new Error(`BENCH_DATABASE_URL: the database is emptied; its name must contain "bench"`);
}

// ---------------------------------------------------------------- bounded, cleaned up

const cleanups: Array<() => void | Promise<void>> = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // Best effort: the others must still run.
    }
  }
}
process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));
process.on("SIGTERM", () => void cleanUp().then(() => process.exit(143)));
const hardStopSeconds = 300;
setTimeout(() => {
  console.error(`hard stop: still running after ${hardStopSeconds} s`);
  void cleanUp().then(() => process.exit(3));
}, hardStopSeconds * 1000).unref();

// ---------------------------------------------------------------- the hall

/**
 * Adds the drawn sector the buyers choose in: `rows` rows of `seatsPerRow`, bent round the
 * stage, with aisles after the first and third quarter of each row.
 */
async function addDrawnSector(sql: Sql, performanceId: number) {
  const [venue] = await sql.query<{ id: number }>(
    `SELECT s.venue_id AS id FROM performances p JOIN shows s ON s.id = p.show_id WHERE p.id = $1`,
    [performanceId],
  );
  const width = seatsPerRow * 12 + 200;
  const stage = {
    outline: [
      [width / 2 - 150, 10],
      [width / 2 + 150, 10],
      [width / 2 + 150, 60],
      [width / 2 - 150, 60],
    ],
    focus: [width / 2, 60],
    label: { es: "Escenario", en: "Stage", pt: "Palco" },
  };
  const [hall] = await sql.query<{ id: number }>(
    `INSERT INTO halls (venue_id, width, height, stage) VALUES ($1, $2, $3, $4) RETURNING id`,
    [venue.id, width, rows * 20 + 200, JSON.stringify(stage)],
  );
  const [hallSector] = await sql.query<{ id: number }>(
    `INSERT INTO hall_sectors (hall_id, code, name, kind, outline, label_x, label_y)
     VALUES ($1, 'pullman', 'Pullman', 'NUMBERED', $2, $3, 90) RETURNING id`,
    [
      hall.id,
      JSON.stringify([
        [0, 80],
        [width, 80],
        [width, rows * 20 + 180],
        [0, rows * 20 + 180],
      ]),
      width / 2,
    ],
  );
  const [sector] = await sql.query<{ id: number }>(
    `INSERT INTO sectors (performance_id, name, kind, price, sort_order, hall_sector_id)
     VALUES ($1, 'Pullman', 'NUMBERED', 40000, 3, $2) RETURNING id`,
    [performanceId, hallSector.id],
  );
  const middle = (seatsPerRow - 1) / 2;
  await sql.query(
    `INSERT INTO hall_seats (hall_sector_id, "row", number, row_index, seat_index, block, x, y)
     SELECT $1, (r + 1)::text, n + 1, r, n,
            CASE WHEN n < $3::int / 4 THEN 0 WHEN n < 3 * $3::int / 4 THEN 1 ELSE 2 END,
            $4::real + (n - $5::real) * 12, 100 + r * 20 + (n - $5::real) * (n - $5::real) * 0.04
     FROM generate_series(0, $2 - 1) r, generate_series(0, $3 - 1) n ORDER BY r, n`,
    [hallSector.id, rows, seatsPerRow, width / 2, middle],
  );
  await sql.query(
    `INSERT INTO positions (sector_id, performance_id, "row", number, hall_seat_id)
     SELECT $1, $2, "row", number, id FROM hall_seats WHERE hall_sector_id = $3 ORDER BY id`,
    [sector.id, performanceId, hallSector.id],
  );
  await sql.query("ANALYZE");
  return sector.id;
}

/** The drawn sector's seats, free or not right now, as the algorithm sees them. */
async function seatsOf(sql: Sql, sectorId: number): Promise<CandidateSeat[]> {
  const found = await sql.query<{
    id: number;
    row_index: number;
    seat_index: number;
    block: number;
    x: number;
    y: number;
    free: boolean;
  }>(
    `SELECT p.id, s.row_index, s.seat_index, s.block, s.x, s.y,
            NOT p.sold AND (p.held_by_process_id IS NULL OR p.held_until <= now()) AS free
     FROM positions p JOIN hall_seats s ON s.id = p.hall_seat_id WHERE p.sector_id = $1`,
    [sectorId],
  );
  return found.map((s) => ({
    id: s.id,
    rowIndex: s.row_index,
    seatIndex: s.seat_index,
    block: s.block,
    x: Number(s.x),
    y: Number(s.y),
    kind: "SEAT",
    companionOf: null,
    free: s.free,
  }));
}

// ---------------------------------------------------------------- the API process

/** The API over `database` (DATABASE_URL, or PGlite's folders). */
const startBenchApi = (database: Record<string, string>) =>
  startApi(
    {
      repo,
      port,
      env: { ...database, TICKET_SECRET: "best-available-bench-ticket-secret", LOG_LEVEL: "warn" },
    },
    (kill) => cleanups.push(kill),
  );

// ---------------------------------------------------------------- one burst

type Burst = {
  name: string;
  seconds: number;
  answers: Reply[];
  latencies: number[];
  cpu: number;
};

/** Every buyer sends its call at once; the burst lasts from the first send to the last answer. */
async function burst(
  name: string,
  api: RunningApi,
  tokens: string[],
  call: (i: number) => { path: string; body: unknown },
): Promise<Burst> {
  const connections = tokens.map((token) => httpBuyer(api.base, token));
  const pid = api.child.pid as number;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const latencies: number[] = [];
  const answers = await Promise.all(
    connections.map(async (buyer, i) => {
      const { path, body } = call(i);
      const sent = performance.now();
      const reply = await buyer.send(path, body);
      latencies.push(performance.now() - sent);
      return reply;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  for (const buyer of connections) buyer.close();
  return { name, seconds, answers, latencies, cpu };
}

function summary(b: Burst) {
  const ok = b.answers.filter((a) => a.nCode === 200).length;
  const refused = new Map<string, number>();
  for (const a of b.answers.filter((a) => a.nCode !== 200)) {
    refused.set(a.code || String(a.nCode), (refused.get(a.code || String(a.nCode)) ?? 0) + 1);
  }
  return {
    ok,
    holdsPerSecond: ok / b.seconds,
    p50: percentile(b.latencies, 50),
    p99: percentile(b.latencies, 99),
    cpuMsPerHold: ok > 0 ? (b.cpu * 1000) / ok : Number.NaN,
    refused: [...refused].map(([code, n]) => `${code}×${n}`).join(", ") || "none",
  };
}

// ---------------------------------------------------------------- main

async function main() {
  console.log(
    `best-available bench: ${buyers} buyers × ${group} best seats, one sector of ${rows} × ${seatsPerRow} seats`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (${cpus().length} CPUs)`,
  );

  let url = benchUrl;
  if (testServerUrl) {
    const { scratchPostgresDatabase } = await import("../commerce/testing/database.ts");
    const scratch = await scratchPostgresDatabase(testServerUrl);
    cleanups.push(scratch.drop);
    url = scratch.url;
  }
  console.log(`database: ${url ? "PostgreSQL (local server)" : "PGlite (data folder on tmpfs)"}`);

  // Prepare: a performance with an undrawn numbered sector (the baseline's) and the drawn one.
  let folder: string | undefined;
  let sql: Sql;
  if (url) {
    sql = await openEmptyPostgres(repo, url);
  } else {
    const temp = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "best-bench-"));
    cleanups.push(() => rmSync(temp, { recursive: true, force: true }));
    folder = join(temp, "pglite");
    sql = (await openPglite(repo, folder)).sql;
  }
  const sale = await prepareOnSale(sql, {
    generalPlaces: 1,
    seatRows: rows,
    seatsPerRow,
    customers: buyers + 1,
  });
  const sectorId = await addDrawnSector(sql, sale.performanceId);
  const baselineSeats = sale.seatPairs.flat();
  const before = await seatsOf(sql, sectorId);
  await sql.close();
  if (baselineSeats.length < buyers * group || before.length < buyers * group) {
    throw new Error("too few seats for the buyers: raise BENCH_ROWS or BENCH_SEATS_PER_ROW");
  }

  const api = startBenchApi(
    url
      ? { DATABASE_URL: url }
      : { DATA_DIR: dirname(folder as string), PGLITE_DIR: folder as string },
  );
  await waitForApi(api);
  const performanceId = sale.performanceId;
  const buyerTokens = sale.tokens.slice(0, buyers);

  // Warm-up (not measured) by the extra customer: a given-seat take and a group hold, both
  // given back, so the sector is whole again.
  const warm = httpBuyer(api.base, sale.tokens[buyers]);
  for (let i = 0; i < 3; i++) {
    const taken = await warm.send("/Proceso/0/Posiciones/Tomar", {
      idFuncion: performanceId,
      listaPosiciones: baselineSeats.slice(-group),
    });
    const grouped = await warm.send(
      `/Proceso/${taken.data.idProcesoDeCompra}/Posiciones/TomarGrupo`,
      { idFuncion: performanceId, idSector: sectorId, nCantidad: group },
    );
    if (taken.nCode !== 200 || grouped.nCode !== 200) {
      throw new Error(`warm-up refused: ${taken.code} ${grouped.code}`);
    }
    await warm.send(`/Proceso/${taken.data.idProcesoDeCompra}/Posiciones/SoltarGrupo`, {
      idFuncion: performanceId,
    });
  }
  warm.close();

  const baseline = await burst("Tomar of 4 given seats (baseline)", api, buyerTokens, (i) => ({
    path: "/Proceso/0/Posiciones/Tomar",
    body: {
      idFuncion: performanceId,
      listaPosiciones: baselineSeats.slice(i * group, (i + 1) * group),
    },
  }));
  // Proceso/0 again: each buyer's new process gives its baseline seats back.
  const best = await burst(`TomarGrupo of the ${group} best seats`, api, buyerTokens, () => ({
    path: "/Proceso/0/Posiciones/TomarGrupo",
    body: { idFuncion: performanceId, idSector: sectorId, nCantidad: group },
  }));
  await stopApi(api);
  const stderr = api.stderr.filter((line) => !line.includes('"level":30'));

  // Checks, through SQL once the API has stopped.
  const check = url ? openPostgres(repo, url) : (await openPglite(repo, folder as string)).sql;
  const winners = best.answers
    .filter((a) => a.nCode === 200)
    .map((a) => ({
      processId: a.data.idProcesoDeCompra as number,
      ids: a.data.listaTomadas as number[],
    }));
  const given = winners.flatMap((w) => w.ids);
  const givenTwice = given.length - new Set(given).size;
  const heldRows = await check.query<{ id: number; by: number | null }>(
    "SELECT id, held_by_process_id AS by FROM positions WHERE sector_id = $1 AND held_by_process_id IS NOT NULL",
    [sectorId],
  );
  const heldBy = new Map(heldRows.map((r) => [r.id, r.by]));
  const notHeldAsAnswered = winners.reduce(
    (n, w) => n + w.ids.filter((id) => heldBy.get(id) !== w.processId).length,
    0,
  );
  await check.close();
  const groups = winners.map((w) => w.ids);
  const separated = groups.filter((ids) => !areSideBySide(before, ids)).length;
  const faults = separatedWhileAdjacentLeft(before, groups, group);

  const base = summary(baseline);
  const chosen = summary(best);
  console.log("");
  console.log("| burst | holds | holds/s | p50 / p99 ms | API CPU ms/hold | refused |");
  console.log("| --- | ---: | ---: | --- | ---: | --- |");
  for (const [b, s] of [
    [baseline, base],
    [best, chosen],
  ] as const) {
    console.log(
      `| ${b.name} | ${s.ok} | ${s.holdsPerSecond.toFixed(0)} | ${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} | ${s.cpuMsPerHold.toFixed(2)} | ${s.refused} |`,
    );
  }
  console.log("");
  console.log(
    `ratio to the baseline: ${(chosen.holdsPerSecond / base.holdsPerSecond).toFixed(2)}× the holds per second, ${(chosen.cpuMsPerHold / base.cpuMsPerHold).toFixed(2)}× the API CPU per hold`,
  );
  console.log(`buyers given separate seats: ${separated} (of ${winners.length})`);
  const checks = [
    { name: "no seat given twice", pass: givenTwice === 0, detail: `${givenTwice}` },
    {
      name: "every answered seat is held by the buyer's process",
      pass: notHeldAsAnswered === 0,
      detail: `${notHeldAsAnswered} not`,
    },
    {
      name: `no buyer given separate seats while ${group} side by side were free`,
      pass: faults === 0,
      detail: `${faults}`,
    },
    {
      name: "every buyer served (enough seats for all)",
      pass: winners.length === buyers,
      detail: `${winners.length} of ${buyers}`,
    },
    {
      name: "nothing on the API's stderr",
      pass: stderr.length === 0,
      detail: stderr.slice(0, 3).join(" | "),
    },
  ];
  for (const c of checks) console.log(`${c.pass ? "PASS" : "FAIL"} ${c.name}: ${c.detail}`);
  await cleanUp();
  process.exit(checks.every((c) => c.pass) ? 0 : 1);
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(2);
});
