// Seat map API benchmark (issue 9, "Speed and size"): server time and bytes of the seat map's
// reads on performances of 100, 1,000, 10,000 and 15,000 numbered seats, against
// GET Funcion/{id} (sectors and counts). Until session 6 that call listed every seat with its
// state; its figures from then are kept in bench/README.md.
//
//   npm run bench:seatmap-api                                  PGlite in memory
//   BENCH_DATABASE_URL=postgres://shop:shop@127.0.0.1:5432/shop_test npm run bench:seatmap-api
//
// With BENCH_DATABASE_URL the bench creates a scratch database of its own on that server
// (the role needs CREATEDB), runs there, and drops it at the end: the given database itself
// is not written to. Options (environment): BENCH_ITERATIONS (40 per case, after 5 warm-up
// calls), BENCH_PORT (4131), BENCH_SIZES (100,1000,10000,15000).
//
// The API runs in this process behind @hono/node-server on 127.0.0.1 and is called over
// HTTP with keep-alive, one request at a time. "Server ms" is the time from the request
// reaching the API's fetch handler to its Response (with PGlite that includes the database,
// which runs in this process; with PostgreSQL it includes waiting for the server). Bytes are
// the JSON body as sent, and gzipped (level 6) as a compressing proxy would send it. The
// baseline is GET EspectaculoCartelTipos (one tiny read) measured in the same run; ratios are
// medians over the baseline's median.
import { gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { createCommerceApi } from "../commerce/app.ts";
import { commerceSettingsFromEnv } from "../commerce/config.ts";
import { type DatabaseHandle, openDatabase } from "../commerce/db/client.ts";
import * as schema from "../commerce/db/schema.ts";
import type { CommerceDeps } from "../commerce/deps.ts";
import { SandboxFiscalAuthority } from "../commerce/invoicing/sandbox-authority.ts";
import { defaultRateLimits } from "../commerce/limits/rate-limits.ts";
import { MemoryOutbox } from "../commerce/mail/outbox.ts";
import { SandboxAcquirer } from "../commerce/payments/sandbox/sandbox.ts";
import { scratchPostgresDatabase } from "../commerce/testing/database.ts";
import { createCustomerWithToken, TestClock } from "../commerce/testing/harness.ts";
import { ticketSigningKeyFromSeed } from "../commerce/tickets/code.ts";

const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const warmup = 5;
const port = Number(process.env.BENCH_PORT ?? 4131);
const sizes = (process.env.BENCH_SIZES ?? "100,1000,10000,15000").split(",").map(Number);
const serverUrl = process.env.BENCH_DATABASE_URL || undefined;
const SEATS_PER_ROW = 50;
/** Sectors of at most this many seats (a 15,000-seat venue has three). */
const SECTOR_SEATS = 5_000;
/** Share of seats sold before measuring, so the bitsets are not all zeros. */
const SOLD_EVERY = 7;

// Bounded: whatever happens, the process ends.
setTimeout(() => {
  console.error("hard stop: the bench ran for 20 minutes");
  process.exit(3);
}, 20 * 60_000).unref();

type Built = {
  performanceId: number;
  sectorIds: number[];
  hallSectorId: number;
  seatIds: number[];
};

/** One venue with a drawn hall per size, one show, one performance with numbered sectors. */
async function buildPerformance(
  handle: DatabaseHandle,
  seats: number,
  typeId: number,
  startsAt: Date,
): Promise<Built> {
  const { db } = handle;
  const [venue] = await db
    .insert(schema.venues)
    .values({
      seo: `sala-bench-${seats}`,
      name: `Sala bench ${seats}`,
      address: "-",
      city: "Buenos Aires",
      zone: "Centro",
      latitude: "0",
      longitude: "0",
      description: { es: "-", en: "-", pt: "-" },
    })
    .returning();
  const [show] = await db
    .insert(schema.shows)
    .values({
      seo: `obra-bench-${seats}`,
      typeId,
      venueId: venue.id,
      title: `Obra bench ${seats}`,
      summary: { es: "-", en: "-", pt: "-" },
      description: { es: "-", en: "-", pt: "-" },
      imagePath: "/v2/Imagenes/obra-bench.svg",
    })
    .returning();
  const [performance] = await db
    .insert(schema.performances)
    .values({ showId: show.id, startsAt })
    .returning();
  const rows = Math.ceil(seats / SEATS_PER_ROW);
  const [hall] = await db
    .insert(schema.halls)
    .values({
      venueId: venue.id,
      width: SEATS_PER_ROW * 20 + 100,
      height: rows * 20 + 200,
      stage: {
        outline: [
          [50, 10],
          [SEATS_PER_ROW * 20 + 50, 10],
          [SEATS_PER_ROW * 20 + 50, 80],
          [50, 80],
        ],
        focus: [(SEATS_PER_ROW * 20 + 100) / 2, 80],
        label: { es: "Escenario", en: "Stage", pt: "Palco" },
      },
    })
    .returning();
  const sectorCount = Math.ceil(seats / SECTOR_SEATS);
  const sectorIds: number[] = [];
  const seatIds: number[] = [];
  let firstHallSectorId = 0;
  for (let s = 0; s < sectorCount; s++) {
    const inSector = Math.min(SECTOR_SEATS, seats - s * SECTOR_SEATS);
    const [hallSector] = await db
      .insert(schema.hallSectors)
      .values({
        hallId: hall.id,
        code: `sector-${s + 1}`,
        name: `Sector ${s + 1}`,
        kind: "NUMBERED",
        outline: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        labelX: 0,
        labelY: 0,
        sortOrder: s,
      })
      .returning();
    if (s === 0) firstHallSectorId = hallSector.id;
    const [sector] = await db
      .insert(schema.sectors)
      .values({
        performanceId: performance.id,
        name: `Sector ${s + 1}`,
        kind: "NUMBERED",
        price: 5_000 + s * 1_000,
        sortOrder: s,
        hallSectorId: hallSector.id,
      })
      .returning();
    sectorIds.push(sector.id);
    for (let from = 0; from < inSector; from += 1_000) {
      const chunk = Array.from({ length: Math.min(1_000, inSector - from) }, (_, i) => {
        const n = from + i;
        const rowIndex = Math.floor(n / SEATS_PER_ROW);
        return {
          row: `F${rowIndex + 1}`,
          number: (n % SEATS_PER_ROW) + 1,
          rowIndex,
          seatIndex: n % SEATS_PER_ROW,
        };
      });
      const hallSeatRows = await db
        .insert(schema.hallSeats)
        .values(
          chunk.map((c) => ({
            hallSectorId: hallSector.id,
            ...c,
            block: c.seatIndex < SEATS_PER_ROW / 2 ? 0 : 1,
            x: 60 + c.seatIndex * 20,
            y: 120 + c.rowIndex * 20,
          })),
        )
        .returning({ id: schema.hallSeats.id });
      const placed = await db
        .insert(schema.positions)
        .values(
          chunk.map((c, i) => ({
            sectorId: sector.id,
            performanceId: performance.id,
            row: c.row,
            number: c.number,
            hallSeatId: hallSeatRows[i].id,
            sold: (from + i) % SOLD_EVERY === 3,
          })),
        )
        .returning({ id: schema.positions.id });
      seatIds.push(...placed.map((p) => p.id));
    }
  }
  return { performanceId: performance.id, sectorIds, hallSectorId: firstHallSectorId, seatIds };
}

// ---------------------------------------------------------------- measuring

type Sample = { serverMs: number; raw: number; gzip: number; status: number };
type Row = { label: string; p50: number; mean: number; raw: number; gzip: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const round = (value: number) => (value >= 10 ? Math.round(value) : Math.round(value * 100) / 100);

async function runOn(label: string, handle: DatabaseHandle) {
  const clock = new TestClock(new Date());
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
    maxPlacesPerPerformance: 10_000,
    rateLimits: defaultRateLimits,
    mailer: new MemoryOutbox(),
    // The real clock: the availability cache's 5-second expiry plays its part.
    now: () => new Date(),
  };
  const api = createCommerceApi(deps);
  let lastServerMs = 0;
  const server = serve({
    hostname: "127.0.0.1",
    port,
    fetch: async (request, env) => {
      const started = performance.now();
      const response = await api.fetch(request, env);
      lastServerMs = performance.now() - started;
      return response;
    },
  });
  const base = `http://127.0.0.1:${port}/v2`;

  await handle.db.insert(schema.showTypes).values({
    id: 1,
    name: { es: "Teatro", en: "Theatre", pt: "Teatro" },
    sortOrder: 1,
  });
  const { token } = await createCustomerWithToken(handle.db, clock, "bench");
  const auth = { Authorization: `Bearer ${token}` };

  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few known fields of oData.
  type Json = any;
  async function call(path: string, init: RequestInit = {}): Promise<Sample & { json: Json }> {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string>) },
    });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      serverMs: lastServerMs,
      raw: body.length,
      gzip: body.length === 0 ? 0 : gzipSync(body).length,
      status: response.status,
      json: body.length > 0 ? JSON.parse(body.toString("utf8")) : null,
    };
  }

  /** Warm-up calls, then `iterations` measured ones; `before` runs unmeasured each time. */
  async function measure(
    name: string,
    path: () => string,
    before?: () => Promise<void>,
    /** Request headers, and the status expected (a 304 has no envelope). */
    expect: { headers?: Record<string, string>; status: number } = { status: 200 },
  ): Promise<Row> {
    const samples: Sample[] = [];
    for (let i = 0; i < warmup + iterations; i++) {
      await before?.();
      const sample = await call(path(), { headers: expect.headers });
      if (sample.status !== expect.status || (expect.status === 200 && sample.json.nCode !== 200)) {
        throw new Error(`${name}: ${sample.status} ${JSON.stringify(sample.json).slice(0, 200)}`);
      }
      if (i >= warmup) samples.push(sample);
    }
    const times = samples.map((s) => s.serverMs);
    return {
      label: name,
      p50: median(times),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      raw: median(samples.map((s) => s.raw)),
      gzip: median(samples.map((s) => s.gzip)),
    };
  }

  const startsAt = new Date(Date.now() + 30 * 24 * 60 * 60_000);
  const built: [number, Built][] = [];
  for (const seats of sizes) {
    const started = performance.now();
    built.push([seats, await buildPerformance(handle, seats, 1, startsAt)]);
    console.error(
      `${label}: built ${seats} seats in ${Math.round(performance.now() - started)} ms`,
    );
  }
  await handle.db.execute(sql`ANALYZE`);

  const baseline = await measure(
    "baseline: GET EspectaculoCartelTipos",
    () => "/EspectaculoCartelTipos",
  );
  const lines: string[] = [];
  /** GET Funcion/{id} rebuilt after a change, at the size measured: the second ratio's denominator. */
  let old: Row | undefined;
  const print = (seats: number | string, sectorSeats: number | string, row: Row) =>
    lines.push(
      `| ${seats} | ${sectorSeats} | ${row.label} | ${round(row.p50)} | ${round(row.mean)} | ${round(row.p50 / baseline.p50)}× | ${old ? `${round(row.p50 / old.p50)}×` : "-"} | ${row.raw.toLocaleString("en")} | ${row.gzip.toLocaleString("en")} |`,
    );
  print("-", "-", baseline);

  for (const [seats, performance] of built) {
    const { performanceId, sectorIds, hallSectorId, seatIds } = performance;
    const sectorSeats = Math.min(seats, SECTOR_SEATS);
    const sector = sectorIds[0];
    const availabilityPath = `/Funcion/${performanceId}/Disponibilidad?idSector=${sector}`;
    // A new cart holding the last free seat of the sector each time: the previous one is
    // cancelled (one open cart per customer), so every call follows a change of availability
    // and GET Funcion/{id} is rebuilt rather than read from the catalog cache.
    const lastFree = seatIds.filter((_, n) => n < sectorSeats && n % SOLD_EVERY !== 3).at(-1);
    const churn = async () => {
      const took = await call("/Proceso/0/Posiciones/Tomar", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idFuncion: performanceId, listaPosiciones: [lastFree] }),
      });
      if (took.json.nCode !== 200) throw new Error(`churn: ${JSON.stringify(took.json)}`);
    };
    old = await measure(
      "GET Funcion/{id} (sectors and counts), rebuilt after a hold",
      () => `/Funcion/${performanceId}`,
      churn,
    );
    print(seats, sectorSeats, old);
    print(
      seats,
      sectorSeats,
      await measure("GET Funcion/{id}, from the catalog cache", () => `/Funcion/${performanceId}`),
    );
    print(
      seats,
      sectorSeats,
      await measure(
        "GET Sala/Sector/{id}/Butacas (static, 200)",
        () => `/Sala/Sector/${hallSectorId}/Butacas`,
      ),
    );
    const seatsEtag = (await fetch(`${base}/Sala/Sector/${hallSectorId}/Butacas`)).headers.get(
      "etag",
    );
    print(
      seats,
      sectorSeats,
      await measure(
        "GET Sala/Sector/{id}/Butacas with its ETag (304)",
        () => `/Sala/Sector/${hallSectorId}/Butacas`,
        undefined,
        { headers: { "If-None-Match": seatsEtag ?? "" }, status: 304 },
      ),
    );
    print(
      seats,
      sectorSeats,
      await measure(
        "Posiciones of one sector",
        () => `/Funcion/${performanceId}/Sector/${sector}/Posiciones`,
      ),
    );
    print(seats, sectorSeats, await measure("Disponibilidad, full bitset", () => availabilityPath));

    // Each round holds one more free seat of the sector (one process, so nothing else is
    // released) and then asks for the changes since the version read before the hold.
    let processId = 0;
    let version = "";
    let next = 0;
    const freeSeats = seatIds.filter((_, n) => n < sectorSeats && n % SOLD_EVERY !== 3);
    const holdOne = async () => {
      version = (await call(availabilityPath)).json.oData.cVersion;
      const took = await call(`/Proceso/${processId}/Posiciones/Tomar`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idFuncion: performanceId, listaPosiciones: [freeSeats[next++]] }),
      });
      if (took.json.nCode !== 200) throw new Error(`hold: ${JSON.stringify(took.json)}`);
      processId = took.json.oData.idProcesoDeCompra;
    };
    const delta = await measure(
      "Disponibilidad, delta after one hold",
      () => `${availabilityPath}&cVersion=${version}`,
      holdOne,
    );
    // The delta names exactly the seat just held.
    await holdOne();
    const check = (await call(`${availabilityPath}&cVersion=${version}`)).json.oData;
    const expected = JSON.stringify([[freeSeats[next - 1], 1]]);
    if (JSON.stringify(check.oSector?.listaCambios) !== expected) {
      throw new Error(`delta: ${JSON.stringify(check.oSector)} instead of ${expected}`);
    }
    print(seats, sectorSeats, delta);
    const current = (await call(availabilityPath)).json.oData.cVersion;
    print(
      seats,
      sectorSeats,
      await measure(
        "Disponibilidad, unchanged refresh",
        () => `${availabilityPath}&cVersion=${current}`,
      ),
    );
  }
  server.close();
  console.log(`\n${label}, ${iterations} calls per case after ${warmup} warm-up calls\n`);
  console.log(
    "| seats | in sector | request | p50 ms | mean ms | p50 / baseline | p50 / Funcion rebuilt | bytes | gzip bytes |",
  );
  console.log("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const line of lines) console.log(line);
}

const pglite = await openDatabase();
try {
  await runOn("PGlite (in memory)", pglite);
} finally {
  await pglite.close();
}
if (serverUrl) {
  const scratch = await scratchPostgresDatabase(serverUrl);
  try {
    const postgres = await openDatabase({ databaseUrl: scratch.url });
    try {
      await runOn("PostgreSQL", postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await scratch.drop();
  }
}
process.exit(0);
