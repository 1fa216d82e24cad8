// Memory of the embedded server at rest (issue 13: under 300 MB): the storefront with its
// commerce API and PGlite in one process, started on a NEW data folder (it migrates and seeds
// the demo catalog), a few pages visited, then left idle; then started again on the filled
// folder. Each server's resident memory (VmRSS) and peak (VmHWM) come from /proc. Measured in
// the same run: a bare Node HTTP server (the baseline), and the same storefront run from its
// TypeScript sources through tsx, as it ran before the bundle.
//
//   npm run build && npm run bench:memory
//
// Options: BENCH_IDLE_SECONDS (20: how long each server is left idle before reading),
// BENCH_PORT (4208). Everything on 127.0.0.1, bounded: each start has 180 s.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exitCleanups, whole } from "./options.ts";

const idleSeconds = whole("BENCH_IDLE_SECONDS", 20);
const port = whole("BENCH_PORT", 4208);
const base = `http://127.0.0.1:${port}`;
const pages = ["/", "/cartelera", "/cartelera?categoria=musica", "/"];

const cleanups = exitCleanups();
setTimeout(() => {
  console.error("hard stop: the memory bench ran for 20 minutes");
  process.exit(3);
}, 20 * 60_000).unref();

type Reading = { name: string; readyMs: number; rssMb: number; peakMb: number };

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

async function answers(path: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

/** Starts `args`, waits until it answers, visits the pages, idles, reads its memory. */
async function measure(name: string, args: string[], env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      // Its stdin is a pipe from the bench: it stops even if the bench is killed outright.
      STOP_WITH_PARENT: "true",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SESSION_SECRET: "memory-bench-session-secret-0123",
      ...env,
    },
    stdio: ["pipe", "ignore", "inherit"],
  });
  cleanups.push(() => child.kill("SIGKILL"));
  const deadline = Date.now() + 180_000;
  while (!(await answers("/"))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const readyMs = performance.now() - started;
  for (const page of pages) await answers(page);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const reading: Reading = { name, readyMs, ...memoryOf(child.pid as number) };
  await stop(child);
  return reading;
}

const bareServer = `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1")`;

async function main() {
  if (!existsSync("build/node/storefront.mjs")) throw new Error("run `npm run build` first");
  const readings: Reading[] = [];
  readings.push(await measure("bare Node HTTP server (baseline)", ["-e", bareServer], {}));
  for (const [name, args] of [
    ["bundled storefront (npm start)", ["build/node/storefront.mjs"]],
    ["storefront from source through tsx", ["--import", "tsx", "server.ts"]],
  ] as const) {
    const folder = mkdtempSync(join(tmpdir(), "memory-bench-"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    readings.push(await measure(`${name}, new data folder`, [...args], { DATA_DIR: folder }));
    readings.push(await measure(`${name}, filled folder`, [...args], { DATA_DIR: folder }));
  }
  const baseline = readings[0].rssMb;
  console.log(
    `idle ${idleSeconds} s after visiting ${pages.length} pages; Node ${process.version}`,
  );
  console.log("");
  console.log("| server | ready after s | RSS at rest MB | peak MB | RSS / baseline |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const r of readings) {
    console.log(
      `| ${r.name} | ${(r.readyMs / 1000).toFixed(1)} | ${r.rssMb.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${(r.rssMb / baseline).toFixed(1)}× |`,
    );
  }
  const bundled = readings.filter((r) => r.name.startsWith("bundled"));
  const pass = bundled.every((r) => r.rssMb < 300);
  console.log("");
  console.log(`${pass ? "PASS" : "FAIL"} the bundled embedded server under 300 MB at rest`);
  process.exitCode = pass ? 0 : 1;
}

main().then(
  () => process.exit(),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
