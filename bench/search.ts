// Search benchmark: POST EspectaculosCartel/Buscar (and GET Cartelera) on a catalog 100
// times the demo seed, called in-process (api.request, no HTTP server), sequentially.
//
//   npx tsx bench/search.ts                      PGlite in memory
//   BENCH_DATABASE_URL=postgres://…/x_bench npx tsx bench/search.ts   also PostgreSQL
//
// Options (environment): BENCH_SCALE (100), BENCH_ITERATIONS (200 per query),
// BENCH_PLACES=0 (skip generating the ~4.5 million places), BENCH_REBUILD=1 (ignore the
// cached PGlite dump). The PostgreSQL database is EMPTIED: its name must contain "bench".
//
// Building the PGlite catalog with every place takes about two minutes, so the migrated
// and filled database is dumped to the temp folder and reused while the migrations, this
// benchmark's catalog code and the options stay the same.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { createCommerceApi } from "../commerce/app.ts";
import { invalidateShowCards } from "../commerce/catalog/card-cache.ts";
import { refreshNextPerformances, searchPageSql } from "../commerce/catalog/search.ts";
import { commerceSettingsFromEnv } from "../commerce/config.ts";
import {
  billboardSchema,
  type PagingQuery,
  pagedShowsSchema,
  type SearchFilter,
  searchFilter,
} from "../commerce/contract/browse.ts";
import { endpoints, envelope, urlOf } from "../commerce/contract/index.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../commerce/db/client.ts";
import * as schema from "../commerce/db/schema.ts";
import type { CommerceDeps } from "../commerce/deps.ts";
import { SandboxFiscalAuthority } from "../commerce/invoicing/sandbox-authority.ts";
import { defaultRateLimits } from "../commerce/limits/rate-limits.ts";
import { MemoryOutbox } from "../commerce/mail/outbox.ts";
import { SandboxAcquirer } from "../commerce/payments/sandbox/sandbox.ts";
import { TYPE } from "../commerce/seed/data.ts";
import { hashDatabaseSchema, resetDatabase } from "../commerce/testing/harness.ts";
import { ticketSigningKeyFromSeed } from "../commerce/tickets/code.ts";
import { type BenchCatalog, buildBenchCatalog } from "./catalog.ts";

const scale = Number(process.env.BENCH_SCALE ?? 100);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const warmup = Math.max(5, Math.round(iterations / 10));
const withPlaces = process.env.BENCH_PLACES !== "0";
/** A fixed clock: the catalog's dates and every query are relative to it. */
const NOW = new Date("2031-03-10T15:00:00.000Z");

const here = dirname(fileURLToPath(import.meta.url));
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

// ---------------------------------------------------------------- databases

function cacheKey(): string {
  const hash = hashDatabaseSchema(createHash("sha256"));
  for (const file of ["catalog.ts", "../commerce/seed/data.ts", "../commerce/seed/index.ts"]) {
    hash.update(readFileSync(join(here, file)));
  }
  // "vacuumed": dumps are taken after VACUUM ANALYZE.
  hash.update(`${scale}:${withPlaces}:${NOW.toISOString()}:vacuumed`);
  return hash.digest("hex").slice(0, 16);
}

async function openPglite(): Promise<{ handle: DatabaseHandle; catalog: BenchCatalog | null }> {
  const dump = join(tmpdir(), `search-bench-${cacheKey()}.tar`);
  if (existsSync(dump) && process.env.BENCH_REBUILD !== "1") {
    const started = performance.now();
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(dump)]) });
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Database;
    console.log(`PGlite: loaded the cached catalog in ${ms(performance.now() - started)} ms`);
    return { handle: { db, close: () => client.close(), kind: "pglite" }, catalog: null };
  }
  const handle = await openDatabase();
  const catalog = await buildBenchCatalog(handle.db, { now: NOW, scale, places: withPlaces });
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } })
    .$client;
  // As autovacuum would after a bulk load (PGlite has none); the checkpoint lets PGlite drop
  // the write-ahead log of the load before the dump.
  await handle.db.execute(sql`VACUUM ANALYZE`);
  await handle.db.execute(sql`CHECKPOINT`);
  const partial = `${dump}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  renameSync(partial, dump);
  // Dumps of other catalogs or migrations are of no further use (hundreds of MB each).
  for (const file of readdirSync(tmpdir())) {
    const path = join(tmpdir(), file);
    if (/^search-bench-[0-9a-f]{16}\.tar$/.test(file) && path !== dump)
      rmSync(path, { force: true });
  }
  return { handle, catalog };
}

async function openPostgres(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes("bench")) {
    throw new Error(`BENCH_DATABASE_URL: the database is emptied; its name must contain "bench"`);
  }
  const handle = await openDatabase({ databaseUrl: url });
  await resetDatabase(handle.db);
  const catalog = await buildBenchCatalog(handle.db, { now: NOW, scale, places: withPlaces });
  await handle.db.execute(sql`VACUUM ANALYZE`);
  return { handle, catalog };
}

// ---------------------------------------------------------------- queries

type Scenario = {
  name: string;
  paging: PagingQuery;
  filter: SearchFilter;
};

async function scenarios(db: Database): Promise<Scenario[]> {
  const [venue] = rowsOf<{ id: number; zone: string }>(
    await db.execute(sql`SELECT id, zone FROM venues WHERE seo = 'usina-cultural-sur'`),
  );
  const page = (pagina = 1, cantXpagina = 12): PagingQuery => ({ pagina, cantXpagina });
  const list: Scenario[] = [
    { name: "no filter, page 1 (the billboard's grid)", paging: page(), filter: {} },
    { name: "term only ('tango')", paging: page(), filter: { cBuscar: "tango" } },
    {
      name: "term, accents and case ('MUSICA' → Música)",
      paging: page(),
      filter: { cBuscar: "MUSICA" },
    },
    {
      name: "term + category ('noche', music)",
      paging: page(),
      filter: { cBuscar: "noche", aListaidTipoDeEspectaculo: [TYPE.music] },
    },
    {
      name: "date range (7 days)",
      paging: page(),
      filter: { dDesde: "2031-03-15", dHasta: "2031-03-21" },
    },
    {
      name: "venue + date range (14 days)",
      paging: page(),
      filter: { idEstablecimiento: venue.id, dDesde: "2031-03-12", dHasta: "2031-03-25" },
    },
    {
      name: "all filters (term, 2 categories, venue, zone, dates)",
      paging: page(),
      filter: {
        cBuscar: "tango",
        aListaidTipoDeEspectaculo: [TYPE.music, TYPE.festivals],
        idEstablecimiento: venue.id,
        cZona: venue.zone,
        dDesde: "2031-03-11",
        dHasta: "2031-04-30",
      },
    },
    {
      name: "two-word rare term ('butterfly reestreno')",
      paging: page(),
      filter: { cBuscar: "butterfly reestreno" },
    },
    { name: "no filter, page 50", paging: page(50), filter: {} },
  ];
  // Exactly what the API would accept.
  return list.map((s) => ({ ...s, filter: searchFilter.parse(s.filter) }));
}

const ms = (value: number) => Math.round(value * 10) / 10;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

type Result = {
  name: string;
  p50: number;
  p95: number;
  perSecond: number;
  /** CPU of this process per request: with PGlite that includes the database's work. */
  cpu: number;
  total: number;
};

/**
 * `call(true)` checks the answer against the contract and returns the match count; the
 * timed calls pass false, so they measure the API, not this client's validation.
 */
async function measure(
  name: string,
  call: (check: boolean) => Promise<number>,
  before?: () => void,
): Promise<Result> {
  let total = 0;
  for (let i = 0; i < warmup; i++) {
    before?.();
    total = await call(true);
  }
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    before?.();
    const t0 = performance.now();
    await call(false);
    times.push(performance.now() - t0);
  }
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    name,
    p50: ms(percentile(times, 50)),
    p95: ms(percentile(times, 95)),
    perSecond: Math.round((iterations / elapsed) * 1000),
    cpu: ms((cpu.user + cpu.system) / 1000 / iterations),
    total,
  };
}

async function run(label: string, handle: DatabaseHandle, catalog: BenchCatalog | null) {
  const deps: CommerceDeps = {
    db: handle.db,
    payments: new SandboxAcquirer({ db: handle.db }),
    invoicing: {
      authority: new SandboxFiscalAuthority({ db: handle.db }),
      issuer: commerceSettingsFromEnv("standalone", {}).issuer,
    },
    ticketSecret: "bench",
    ticketSigningKey: ticketSigningKeyFromSeed("bench"),
    queueSigningKey: ticketSigningKeyFromSeed("bench-queue"),
    purchaseMinutes: 30,
    loginMinutes: 180,
    maxPlacesPerPerformance: 10,
    rateLimits: defaultRateLimits,
    mailer: new MemoryOutbox(),
    now: () => NOW,
  };
  const api = createCommerceApi(deps);
  const [counts] = rowsOf<Record<string, number | string>>(
    await handle.db.execute(sql`SELECT
      (SELECT count(*) FROM shows) AS shows, (SELECT count(*) FROM performances) AS performances,
      (SELECT count(*) FROM sectors) AS sectors, (SELECT count(*) FROM positions) AS places,
      (SELECT count(*) FROM venues) AS venues`),
  );
  console.log(`\n## ${label}`);
  if (catalog) console.log(`catalog built in ${(catalog.buildMs / 1000).toFixed(1)} s`);
  console.log(
    `catalog: ${counts.shows} shows (incl. products), ${counts.performances} performances, ` +
      `${counts.sectors} sectors, ${counts.places} places, ${counts.venues} venues`,
  );

  const results: Result[] = [];
  const list = await scenarios(handle.db);
  for (const scenario of list) {
    const path = urlOf(endpoints.search, undefined, scenario.paging);
    const body = JSON.stringify(scenario.filter);
    const call = async (check: boolean) => {
      const response = await api.request(`/v2${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "es" },
        body,
      });
      const json = await response.json();
      if (response.status !== 200) throw new Error(`${scenario.name}: ${JSON.stringify(json)}`);
      return check ? (envelope(pagedShowsSchema).parse(json).oData?.nTotal ?? -1) : 0;
    };
    results.push(await measure(scenario.name, call));
  }
  const billboard = async (check: boolean) => {
    const response = await api.request("/v2/Cartelera", { headers: { "Accept-Language": "es" } });
    const json = await response.json();
    if (!check) return 0;
    const data = billboardSchema.parse(json.oData);
    return data.listaCategorias.reduce((sum, category) => sum + category.nCantidad, 0);
  };
  results.push(
    await measure("GET Cartelera, cache rebuilt every call", billboard, () =>
      invalidateShowCards(deps),
    ),
  );
  results.push(await measure("GET Cartelera, cached", billboard));

  console.log(
    `\n${iterations} sequential requests per row after ${warmup} warm-up ones; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} at the end (2 cores shared with other work).\n`,
  );
  console.log("| query | matches | p50 ms | p95 ms | req/s | CPU ms/req |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    console.log(`| ${r.name} | ${r.total} | ${r.p50} | ${r.p95} | ${r.perSecond} | ${r.cpu} |`);
  }

  await refreshNextPerformances(handle.db, NOW);
  for (const scenario of [list[0], list[1], list[4], list[5], list[8]]) {
    const plan = rowsOf<{ "QUERY PLAN": string }>(
      await handle.db.execute(
        sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${searchPageSql(scenario.filter, scenario.paging, { now: NOW, language: "es" })}`,
      ),
    );
    console.log(`\nEXPLAIN ANALYZE — ${scenario.name}\n`);
    // The folding table is long and says nothing about the plan.
    const fold = new RegExp(
      `'${schema.SEARCH_FOLD_FROM}'::text, '${schema.SEARCH_FOLD_TO}'::text`,
      "g",
    );
    console.log(plan.map((row) => `    ${row["QUERY PLAN"].replace(fold, "'…', '…'")}`).join("\n"));
  }
}

console.log(
  `search benchmark — ${new Date().toISOString()} — ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, scale ${scale}×`,
);
{
  const { handle, catalog } = await openPglite();
  try {
    await run("PGlite (in memory)", handle, catalog);
  } finally {
    await handle.close();
  }
}
if (process.env.BENCH_DATABASE_URL) {
  const { handle, catalog } = await openPostgres(process.env.BENCH_DATABASE_URL);
  try {
    await run("PostgreSQL", handle, catalog);
  } finally {
    await handle.close();
  }
}
