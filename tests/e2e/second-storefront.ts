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
 * once it answers (robots.txt), fails if it exits or does not answer within a minute.
 */
export async function startSecondStorefront(
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["build/node/storefront.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      COOKIE_SECURE: "false",
      ...env,
    },
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`storefront exited with ${child.exitCode}`);
    try {
      await fetch(`http://127.0.0.1:${port}/robots.txt`);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  child.kill();
  throw new Error("storefront did not start");
}
