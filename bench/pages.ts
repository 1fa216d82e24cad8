// Page benchmark: starts the production server on 127.0.0.1 with an in-memory seeded
// database, then loads each page with a fixed number of concurrent keep-alive clients for a
// bounded time. Reports requests/s, latency percentiles and the server's CPU per request
// (read from /proc, so it counts only the server process, not this load generator).
//
//   npm run build && npx tsx bench/pages.ts [seconds-per-page] [connections]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 8);
const port = 3900 + (process.pid % 90);
const base = `http://127.0.0.1:${port}`;

const pages = [
  { name: "billboard /", path: "/" },
  { name: "landing", path: "/landing/la-traviata" },
  { name: "login", path: "/login" },
  { name: "static FAQ", path: "/FAQ" },
  { name: "API EspectaculosCartel", path: "/v2/EspectaculosCartel" },
];

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
}
const ticksPerSecond = 100;

function get(agent: Agent, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${base}${path}`,
      { agent, headers: { "Accept-Language": "es-AR,es;q=0.9" } },
      (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
          else resolve(performance.now() - started);
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      await get(new Agent(), "/v2/EspectaculoCartelTipos");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error("server did not start");
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(path: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  // Warm up caches and the JIT before measuring.
  for (let i = 0; i < 50; i++) await get(agent, path);
  const latencies: number[] = [];
  const stopAt = performance.now() + seconds * 1000;
  const startTicks = cpuTicks(server.pid as number);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stopAt) latencies.push(await get(agent, path));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = ((cpuTicks(server.pid as number) - startTicks) / ticksPerSecond) * 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpuMsPerRequest: cpuMs / latencies.length,
  };
}

const server = spawn(process.execPath, ["build/node/storefront.mjs"], {
  env: {
    ...process.env,
    // Its stdin is a pipe from the bench: it stops even if the bench is killed outright.
    STOP_WITH_PARENT: "true",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PGLITE_DIR: "memory://",
    DATA_DIR: "test-results/bench-data",
    SESSION_SECRET: "bench-session-secret-0123456789",
    COOKIE_SECURE: "false",
  },
  stdio: ["pipe", "ignore", "inherit"],
});

try {
  await waitForServer();
  console.log(`${connections} connections, ${seconds} s per page, server pid ${server.pid}`);
  console.log("page | req/s | p50 ms | p95 ms | server CPU ms/req");
  for (const page of pages) {
    const r = await load(page.path);
    console.log(
      `${page.name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.cpuMsPerRequest.toFixed(2)}`,
    );
  }
} finally {
  server.kill("SIGTERM");
}
