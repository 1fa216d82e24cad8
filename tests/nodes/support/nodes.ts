// The shop's nodes as real processes for the multi-node and fault tests: standalone commerce
// APIs (commerce/testing/server-process.ts) and production storefronts pointed at one of
// them (tests/e2e/second-storefront.ts, which needs `react-router build` first), all on
// 127.0.0.1 ports 4195-4199, every one stopped by stopAll.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  listening,
  type ServerProcess,
  spawnApiServer,
} from "../../../commerce/testing/server-process.ts";
import { startSecondStorefront } from "../../e2e/second-storefront.ts";

/** The ports of the nodes: APIs first, then storefronts. */
export const nodePorts = { apis: [4195, 4196], storefronts: [4197, 4198] } as const;

/** Every API process shares these (tickets, notifications); the database is the test's. */
export const sharedApiEnv = {
  TICKET_SECRET: "nodes-test-ticket-secret",
  SANDBOX_NOTIFICATION_SECRET: "nodes-test-notification-secret",
  // The storefronts pass on their buyers' addresses.
  TRUST_CLIENT_ADDRESS_FROM: "127.0.0.1",
  PAYMENT_RECONCILE_INTERVAL_SECONDS: "2",
  PAYMENT_RECONCILE_GRACE_SECONDS: "5",
};

export const storefrontBuildExists = () => existsSync("build/server/index.js");

export type ApiNode = ServerProcess & { base: string; port: number };

const running: Array<() => Promise<unknown>> = [];

/** A standalone API on `port` over `databaseUrl` (not waited for: see listening()). */
export function spawnApi(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): ApiNode {
  const server = spawnApiServer({
    ...sharedApiEnv,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    ...env,
  });
  running.push(() => server.stop("SIGKILL"));
  return Object.assign(server, { base: `http://127.0.0.1:${port}`, port });
}

/** Starts APIs on each port at once and waits until all of them listen. */
export async function startApis(
  ports: readonly number[],
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiNode[]> {
  const apis = ports.map((port) => spawnApi(port, databaseUrl, env));
  await Promise.all(apis.map((api) => listening(api)));
  return apis;
}

export type StorefrontNode = { child: ChildProcess; origin: string };

/** A production storefront on `port` calling the API at `apiBase`. */
export async function startStorefront(port: number, apiBase: string): Promise<StorefrontNode> {
  const dataDir = mkdtempSync(join(tmpdir(), "shop-nodes-storefront-"));
  const child = await startSecondStorefront(port, {
    COMMERCE_API_URL: `${apiBase}/v2`,
    DATA_DIR: dataDir,
    SESSION_SECRET: "nodes-test-session-secret-0123456789",
    LOG_LEVEL: "silent",
  });
  running.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** Stops every node this file started (a crash's way: the tests' databases go anyway). */
export async function stopAll() {
  for (const stop of running.splice(0)) await stop().catch(() => {});
}

/**
 * `apis` APIs started at once over `databaseUrl`, and one storefront in front of each of the
 * first `storefronts` of them (the storefronts need the production build).
 */
export async function startShop(
  databaseUrl: string,
  counts: { apis: 1 | 2; storefronts: 0 | 1 | 2 },
  env: Record<string, string> = {},
) {
  if (counts.storefronts > 0 && !storefrontBuildExists()) {
    throw new Error("run `npx react-router build` first");
  }
  const apis = await startApis(nodePorts.apis.slice(0, counts.apis), databaseUrl, env);
  const storefronts = await Promise.all(
    nodePorts.storefronts
      .slice(0, counts.storefronts)
      .map((port, i) => startStorefront(port, apis[i].base)),
  );
  return { apis, storefronts };
}
