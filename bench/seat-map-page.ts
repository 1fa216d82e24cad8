// Seat map page benchmark (issue 9): starts the production server on 127.0.0.1 with the
// seeded in-memory database, signs a buyer up, finds the numbered sector whose size is
// nearest BENCH_SEATS (1,000) and the performance with the most numbered seats (the
// 15,000-seat venue), then loads with keep-alive clients, logged in: a bare page (the static
// FAQ), the billboard, the big venue's whole hall, the performance page with the 1,000-seat
// sector's seats and its list, the big venue's largest sector, and the map's availability
// refresh (full and unchanged). Reports requests/s, latency, the server's CPU per request
// (from /proc: the server process, which runs the API too) and its ratio to the bare page,
// and the bytes a browser gets: the body, and the scripts the page loads, gzipped.
//
//   npm run build && npx tsx bench/seat-map-page.ts [seconds-per-page] [connections]
//   BENCH_ONLY=sector  (only the pages whose name has it, and the bare page)
//   BENCH_ROUNDS=4     (the pages take turns: each gets seconds/rounds per round)
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { gzipSync } from "node:zlib";
import { signUpFields } from "../tests/e2e/sign-up-fields.ts";

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 4);
const wantedSeats = Number(process.env.BENCH_SEATS ?? 1000);
const port = Number(process.env.BENCH_PORT ?? 4145);
const base = `http://127.0.0.1:${port}`;
let cookie = "";

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
}
const ticksPerSecond = 100;

type Answer = {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

function send(agent: Agent, path: string, init: { method?: string; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        agent,
        method: init.method ?? "GET",
        headers: {
          "Accept-Language": "es-AR,es;q=0.9",
          ...(cookie ? { Cookie: cookie } : {}),
          ...(init.body
            ? { "Content-Type": "application/x-www-form-urlencoded", Origin: base }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

async function timed(agent: Agent, path: string) {
  const started = performance.now();
  const answer = await send(agent, path);
  if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
  return performance.now() - started;
}

async function api<T>(agent: Agent, path: string): Promise<T> {
  const answer = await send(agent, `/v2${path}`);
  return JSON.parse(answer.body).oData as T;
}

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await send(new Agent(), "/v2/EspectaculoCartelTipos")).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("server did not start");
}

async function signUp(agent: Agent) {
  const email = `bench-${Date.now()}@example.com`;
  const form = new URLSearchParams(signUpFields(email));
  const answer = await send(agent, "/signUp", { method: "POST", body: String(form) });
  const set = answer.headers["set-cookie"];
  cookie = (Array.isArray(set) ? set : [set ?? ""]).map((c) => c.split(";")[0]).join("; ");
  if (answer.status !== 302 || !cookie) throw new Error(`sign-up: HTTP ${answer.status}`);
}

type Sector = { idSector: number; cNombre: string; cTipo: string; nCapacidad: number };
type Found = { path: string; sector: Sector; numberedSeats: number; sectors: Sector[] };

/**
 * The numbered sector nearest the wanted size, with its performance page path, and the
 * performance with the most numbered seats (the 15,000-seat venue) with its largest sector.
 */
async function findSectors(agent: Agent) {
  const cards = await api<{ Lista: Array<{ cSeo: string; idEspectaculoCartelTipo: number }> }>(
    agent,
    "/EspectaculosCartel",
  );
  let nearest: Found | null = null;
  let biggest: Found | null = null;
  for (const card of cards.Lista) {
    if (card.idEspectaculoCartelTipo === 100) continue;
    const show = await api<{ listaFunciones: Array<{ idFuncion: number }> }>(
      agent,
      `/EspectaculoCartel/${card.cSeo}`,
    );
    const first = show.listaFunciones[0];
    if (!first) continue;
    const { listaSectores: sectors } = await api<{ listaSectores: Sector[] }>(
      agent,
      `/Funcion/${first.idFuncion}`,
    );
    const numbered = sectors.filter((sector) => sector.cTipo === "NUMBERED");
    const path = `/funcion/${card.cSeo}/${first.idFuncion}`;
    const numberedSeats = numbered.reduce((sum, sector) => sum + sector.nCapacidad, 0);
    for (const sector of numbered) {
      const distance = Math.abs(sector.nCapacidad - wantedSeats);
      if (!nearest || distance < Math.abs(nearest.sector.nCapacidad - wantedSeats)) {
        nearest = { path, sector, numberedSeats, sectors };
      }
    }
    if (numbered.length > 0 && (!biggest || numberedSeats > biggest.numberedSeats)) {
      const largest = numbered.reduce((a, b) => (b.nCapacidad > a.nCapacidad ? b : a));
      biggest = { path, sector: largest, numberedSeats, sectors };
    }
  }
  if (!nearest || !biggest) throw new Error("no numbered sector in the seed");
  return { nearest, biggest };
}

/** The scripts a page makes the browser load (module preloads and module scripts), gzipped. */
async function scriptBytes(agent: Agent, html: string) {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) {
    sources.add(match[1]);
  }
  for (const match of html.matchAll(/(?:import\(|from )"(\/assets\/[^"]+\.js)"/g))
    sources.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1]);
  let raw = 0;
  let gzip = 0;
  for (const source of sources) {
    const answer = await send(agent, source);
    if (answer.status !== 200) throw new Error(`${source}: HTTP ${answer.status}`);
    raw += Buffer.byteLength(answer.body);
    gzip += gzipSync(answer.body).length;
  }
  return { count: sources.size, raw, gzip };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

type Tally = { requests: number; seconds: number; cpuMs: number; latencies: number[] };

/** Warm-up calls, then `slice` seconds of load; adds what it measured to the page's tally. */
async function loadSlice(path: string, slice: number, tally: Tally, warmup: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  for (let i = 0; i < warmup; i++) await timed(agent, path);
  const stopAt = performance.now() + slice * 1000;
  const startTicks = cpuTicks(server.pid as number);
  const started = performance.now();
  let requests = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stopAt) {
        tally.latencies.push(await timed(agent, path));
        requests++;
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
  tally.cpuMs += ((cpuTicks(server.pid as number) - startTicks) / ticksPerSecond) * 1000;
  tally.requests += requests;
  agent.destroy();
}

// BENCH_SAVE=<dir> keeps each page's HTML there, to see what its bytes are.
const saveDir = process.env.BENCH_SAVE;

async function weigh(path: string) {
  const agent = new Agent({ keepAlive: true });
  const html = (await send(agent, path)).body;
  agent.destroy();
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(`${saveDir}/${path.replace(/[^\w.-]+/g, "_")}.html`, html);
  }
  return {
    bytes: Buffer.byteLength(html),
    gzipBytes: gzipSync(html).length,
    scripts: await scriptBytes(new Agent({ keepAlive: true }), html),
  };
}

// BENCH_CPU_PROFILE=<dir> writes the server's CPU profile there when it stops.
const profile = process.env.BENCH_CPU_PROFILE;
const server = spawn(
  process.execPath,
  [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), "build/node/storefront.mjs"],
  {
    env: {
      ...process.env,
      // Its stdin is a pipe from the bench: it stops even if the bench is killed outright.
      STOP_WITH_PARENT: "true",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DIR: "memory://",
      DATA_DIR: "test-results/bench-seat-map-data",
      SESSION_SECRET: "bench-session-secret-0123456789",
      COOKIE_SECURE: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["pipe", "ignore", "inherit"],
  },
);

try {
  await waitForServer();
  const agent = new Agent({ keepAlive: true });
  await signUp(agent);
  const { nearest, biggest } = await findSectors(agent);
  const version = (
    JSON.parse(
      (await send(agent, `${biggest.path}/disponibilidad?sector=${biggest.sector.idSector}`)).body,
    ) as { cVersion: string }
  ).cVersion;
  agent.destroy();
  console.log(
    `${connections} connections, ${seconds} s per page; sector ${nearest.sector.cNombre} (${nearest.sector.nCapacidad} seats) of ${nearest.path}; largest venue ${biggest.path} (${biggest.numberedSeats} numbered seats, ${biggest.sectors.length} sectors), its largest sector ${biggest.sector.cNombre} (${biggest.sector.nCapacidad})`,
  );
  const availability = `${biggest.path}/disponibilidad?sector=${biggest.sector.idSector}`;
  const pages = [
    { name: "bare page (/FAQ)", path: "/FAQ" },
    { name: "billboard (/)", path: "/" },
    { name: `whole hall, ${biggest.numberedSeats} seats`, path: biggest.path },
    {
      name: `hall + ${nearest.sector.nCapacidad}-seat sector`,
      path: `${nearest.path}?sector=${nearest.sector.idSector}`,
    },
    {
      name: `list of the ${nearest.sector.nCapacidad}-seat sector`,
      path: `${nearest.path}?vista=lista&sector=${nearest.sector.idSector}`,
    },
    {
      name: `hall + ${biggest.sector.nCapacidad}-seat sector`,
      path: `${biggest.path}?sector=${biggest.sector.idSector}`,
    },
    { name: `availability of ${biggest.sector.nCapacidad}, full`, path: availability },
    { name: "availability, unchanged refresh", path: `${availability}&version=${version}` },
  ];
  console.log(
    "page | req/s | p50 ms | p95 ms | server CPU ms/req | × bare | body KB | body gzip KB | JS files | JS gzip KB | body+JS gzip KB",
  );
  // BENCH_ONLY=<text> loads only the pages whose name contains it (after the bare page).
  const only = process.env.BENCH_ONLY;
  const chosen = pages.filter((p, i) => i === 0 || !only || p.name.includes(only));
  // The pages take turns, a slice each per round, so a drift of the machine's speed during
  // the run (other work, the JIT, the heap growing) weighs on every page alike.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
  const tallies = chosen.map((): Tally => ({ requests: 0, seconds: 0, cpuMs: 0, latencies: [] }));
  for (let round = 0; round < rounds; round++) {
    for (const [index, page] of chosen.entries()) {
      await loadSlice(page.path, seconds / rounds, tallies[index], round === 0 ? 30 : 5);
    }
  }
  const cpuPerRequest = (tally: Tally) => tally.cpuMs / tally.requests;
  const bare = cpuPerRequest(tallies[0]);
  for (const [index, page] of chosen.entries()) {
    const tally = tallies[index];
    const weight = await weigh(page.path);
    tally.latencies.sort((a, b) => a - b);
    console.log(
      [
        page.name,
        (tally.requests / tally.seconds).toFixed(0),
        percentile(tally.latencies, 50).toFixed(1),
        percentile(tally.latencies, 95).toFixed(1),
        cpuPerRequest(tally).toFixed(2),
        (cpuPerRequest(tally) / bare).toFixed(2),
        (weight.bytes / 1024).toFixed(1),
        (weight.gzipBytes / 1024).toFixed(1),
        weight.scripts.count,
        (weight.scripts.gzip / 1024).toFixed(1),
        ((weight.gzipBytes + weight.scripts.gzip) / 1024).toFixed(1),
      ].join(" | "),
    );
  }
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}
