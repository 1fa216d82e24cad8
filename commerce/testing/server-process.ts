// The standalone commerce API as a real child process (node --import tsx commerce/server.ts),
// for tests of what only a process shows: locks between processes, starts that must fail,
// kills in the middle of a payment. Each listens on a port the system picks (PORT=0), read
// back from its start-up line.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";
import { openDataFolder } from "./database.ts";
import { buildFixture } from "./fixture.ts";
import { createCustomerWithToken, TestClock } from "./harness.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves once a line matching the pattern was printed (or rejects when it exits first). */
  waitForOutput: (pattern: RegExp) => Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal's name) when it has exited. */
  exited: Promise<number | string>;
  /** A JSON call to its /v2 API. */
  call: (
    path: string,
    init?: { method?: string; token?: string; body?: unknown },
  ) => Promise<{
    status: number;
    // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's oData loosely.
    json: { nCode: number; cMensaje?: string; oData?: any };
  }>;
  /** SIGTERM (a clean stop) or SIGKILL (a crash), then waits for the exit. */
  stop: (signal?: "SIGTERM" | "SIGKILL") => Promise<number | string>;
};

/**
 * Runs one of the shop's servers (commerce/server.ts, server/dev.ts) as a child on
 * 127.0.0.1, without the demo catalog, with the test's variables over a bare environment:
 * the API's and the storefront's process tests start them the same way.
 */
export function spawnServerScript(
  script: string,
  env: Record<string, string | undefined>,
): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      // The process tests pay with the sandbox acquirer's cards (Cobrar), whose answers they
      // can hold up: Bancard's stand-in (which refuses card data) is not started.
      PAYMENT_STAND_INS: "off",
      // Its stdin is a pipe from this process: it stops when this one ends, however.
      STOP_WITH_PARENT: "true",
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/**
 * Starts the API on the data folder; resolves as soon as it runs (use listening()). A
 * variable given as undefined is left out (TICKET_SECRET: undefined starts it without one).
 */
export function spawnApiServer(env: Record<string, string | undefined>): ServerProcess {
  const child = spawnServerScript("commerce/server.ts", {
    PORT: "0",
    TICKET_SECRET: "server-process-test-secret",
    ...env,
  });
  let output = "";
  const waiters: Array<() => void> = [];
  const onChunk = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout?.on("data", onChunk);
  child.stderr?.on("data", onChunk);
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => {
      resolve(code ?? signal ?? "unknown");
      for (const wake of waiters.splice(0)) wake();
    });
  });
  let exitCode: number | string | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  function waitForOutput(pattern: RegExp): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) return resolve(match);
        if (exitCode !== undefined) {
          return reject(new Error(`server exited (${exitCode}) before ${pattern}:\n${output}`));
        }
        waiters.push(check);
      };
      check();
    });
  }

  let port: number | undefined;
  async function call(
    path: string,
    init: { method?: string; token?: string; body?: unknown } = {},
  ) {
    port ??= Number((await waitForOutput(/listening on http:\/\/127\.0\.0\.1:(\d+)\/v2/))[1]);
    const headers: Record<string, string> = { "Accept-Language": "en" };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`http://127.0.0.1:${port}/v2${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, json: await response.json() };
  }

  async function stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM") {
    if (exitCode === undefined) child.kill(signal);
    return exited;
  }

  if (!child.pid) throw new Error("could not start the API server");
  return { child, pid: child.pid, output: () => output, waitForOutput, exited, call, stop };
}

/** Waits until the server listens (or throws with what it printed when it exits first). */
export async function listening<T extends ServerProcess>(server: T): Promise<T> {
  await server.waitForOutput(/listening on http:\/\/127\.0\.0\.1:\d+\/v2/);
  return server;
}

/**
 * Fills a data folder with the test catalog (performances days from now) and a customer
 * "ana", for a server process to start on; the folder is free again when this returns.
 */
export async function fillShopFolder(folder: string) {
  const handle = await openDataFolder(folder);
  try {
    const clock = new TestClock(new Date());
    const fx = await buildFixture(handle.db, clock);
    const { token } = await createCustomerWithToken(handle.db, clock, "ana");
    return { fx, token };
  } finally {
    await handle.close();
  }
}

/**
 * A test file's servers and data folders: each test starts what it needs, and after it the
 * servers still running are killed and the folders removed.
 */
export function serverProcessesOfTests(folderPrefix: string) {
  const started: ServerProcess[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) await server.stop("SIGKILL");
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return {
    start(env: Record<string, string | undefined>) {
      const server = spawnApiServer(env);
      started.push(server);
      return server;
    },
    newFolder() {
      const folder = mkdtempSync(join(tmpdir(), folderPrefix));
      folders.push(folder);
      return folder;
    },
  };
}
