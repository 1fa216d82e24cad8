// A storefront of a test's own, started beside the suite's (built) one with its own settings:
// to see the shop when something it depends on cannot be reached (the API, the queue list).
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A port nothing listens on: taken from the system, then let go. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(address),
      );
    });
  });
}

/**
 * The production server on 127.0.0.1:`port` with `env` over the suite's environment; resolves
 * once it answers (robots.txt), fails if it exits or does not answer within 45 s.
 */
export async function startSecondStorefront(
  port: number,
  env: Record<string, string>,
  /** Told everything it prints (its log lines): unset, its output is not kept. */
  onOutput?: (text: string) => void,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["build/node/storefront.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      COOKIE_SECURE: "false",
      // Its stdin is a pipe from this process: it stops even if this one is killed outright.
      STOP_WITH_PARENT: "true",
      ...env,
    },
    stdio: ["pipe", onOutput ? "pipe" : "ignore", "pipe"],
  });
  // Kept to say why, should it not start.
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (text: string) => {
    stderr = (stderr + text).slice(-4000);
    onOutput?.(text);
  });
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (text: string) => onOutput?.(text));
  // However the test ends (a hook's timeout included), the storefront goes with it: left
  // running, it would keep its port from the next start.
  const killIt = () => child.kill();
  process.once("exit", killIt);
  child.once("exit", () => process.off("exit", killIt));
  // Under the hooks' 60 s: a start that fails says why instead of timing the hook out.
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`storefront exited with ${child.exitCode}:\n${stderr}`);
    }
    try {
      await fetch(`http://127.0.0.1:${port}/robots.txt`, { signal: AbortSignal.timeout(2000) });
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  child.kill();
  throw new Error(`storefront did not start in 45 s:\n${stderr}`);
}

/** Stops a storefront started here and waits until it has exited (its port is free). */
export async function stopSecondStorefront(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill();
  await exited;
}
