// The commerce API as its own process for a bench (commerce/server.ts of the checkout being
// measured, on 127.0.0.1): started over the database the bench prepared, its stderr kept to
// explain a failed start, waited for, and stopped so it closes its database.
import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { get } from "node:http";

export type RunningApi = { child: ChildProcess; base: string; stderr: string[]; exited: boolean };

const newKey = () =>
  generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
/**
 * One bench's APIs share these (a production API on DATABASE_URL needs them set, decision
 * 0059); made anew for each bench run, like its database.
 */
const benchSecrets = {
  TICKET_SECRET: randomBytes(32).toString("base64"),
  TICKET_SIGNING_KEY: newKey(),
  QUEUE_SIGNING_KEY: newKey(),
  SANDBOX_NOTIFICATION_SECRET: randomBytes(32).toString("base64"),
};

/**
 * Starts the API of `repo` on `port` with `env` (its database, ticket secret…) over the
 * bench's environment without any database of its own; `cleanup` is handed what kills it
 * should the bench exit first. BENCH_CPU_PROFILE=/dir writes its V8 CPU profile there.
 */
export function startApi(
  options: { repo: string; port: number; env: Record<string, string> },
  cleanup: (kill: () => void) => void,
): RunningApi {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "DATA_DIR", "PGLITE_DIR", "COMMERCE_API_URL"]) {
    delete inherited[key];
  }
  const profile = process.env.BENCH_CPU_PROFILE;
  const profiling = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, "--import", "tsx", "commerce/server.ts"], {
    cwd: options.repo,
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      // Its stdin is a pipe from the bench: it stops even if the bench is killed outright.
      STOP_WITH_PARENT: "true",
      ...benchSecrets,
      ...options.env,
    },
    stdio: ["pipe", "ignore", "pipe"],
  });
  const api: RunningApi = {
    child,
    base: `http://127.0.0.1:${options.port}`,
    stderr: [],
    exited: false,
  };
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (text: string) => {
    api.stderr.push(...text.split("\n").filter((line) => line.trim() !== ""));
  });
  child.on("exit", () => {
    api.exited = true;
  });
  cleanup(() => {
    if (!api.exited) child.kill("SIGKILL");
  });
  return api;
}

/** Until the API answers a catalog read (90 s at most), or why it did not start. */
export async function waitForApi(api: RunningApi) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !api.exited) {
    const status = await new Promise<number>((done) => {
      get(`${api.base}/v2/EspectaculoCartelTipos`, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      }).on("error", () => done(0));
    });
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not start:\n${api.stderr.slice(-20).join("\n")}`);
}

/**
 * SIGTERM (the server finishes its requests and background work, then closes its database),
 * SIGKILL if it has not exited in 60 s (twice its default grace, SHUTDOWN_GRACE_MS, and more).
 */
export async function stopApi(api: RunningApi) {
  if (api.exited) return;
  const exited = new Promise((done) => api.child.once("exit", done));
  api.child.kill("SIGTERM");
  const timer = setTimeout(() => api.child.kill("SIGKILL"), 60_000);
  await exited;
  clearTimeout(timer);
}
