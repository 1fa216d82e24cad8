// Where a server is in its life, for its readiness endpoint and its gate (routes.ts):
// starting (the port is open, the database still migrating or seeding), ready, or stopping
// (a signal came: in-flight requests finish, new traffic goes elsewhere). Once ready, the
// answer also depends on the database answering a read of every table, asked at most once a
// second whatever the number of probes, and given up after a short timeout.
import type { Database } from "../db/client.ts";
import { readEveryTable } from "./tables-probe.ts";

export type Phase = "starting" | "ready" | "stopping";

export type Readiness = {
  ready: boolean;
  phase: Phase;
  /** Only for a server with a database of its own, once started. */
  database?: "up" | "down";
};

export type Lifecycle = {
  phase: () => Phase;
  /** Started: ready from now on, while `check` (the database) says so. */
  ready: (check?: () => Promise<boolean>) => void;
  /** A stop began: never ready again. */
  stopping: () => void;
  readiness: () => Promise<Readiness>;
};

export function createLifecycle(): Lifecycle {
  let phase: Phase = "starting";
  let check: (() => Promise<boolean>) | undefined;
  return {
    phase: () => phase,
    ready: (databaseCheck) => {
      if (phase !== "starting") return;
      check = databaseCheck;
      phase = "ready";
    },
    stopping: () => {
      phase = "stopping";
    },
    readiness: async () => {
      if (phase !== "ready") return { ready: false, phase };
      if (!check) return { ready: true, phase };
      const up = await check();
      // A stop may have begun while the database was asked.
      const current = phase as Phase;
      return { ready: up && current === "ready", phase: current, database: up ? "up" : "down" };
    },
  };
}

export type CheckOptions = { timeoutMs?: number; cacheMs?: number; now?: () => number };

/**
 * A check of `query` whose answer is kept cacheMs (one query in flight at a time), and which
 * counts as down when the query fails or takes longer than timeoutMs.
 */
export function cachedCheck(
  query: () => Promise<unknown>,
  { timeoutMs = 1000, cacheMs = 1000, now = Date.now }: CheckOptions = {},
): () => Promise<boolean> {
  let last: { at: number; up: boolean } | undefined;
  let asking: Promise<boolean> | undefined;
  const ask = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([query().then(() => true as const), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    if (last && now() - last.at < cacheMs) return Promise.resolve(last.up);
    asking ??= ask().then((up) => {
      last = { at: now(), up };
      asking = undefined;
      return up;
    });
    return asking;
  };
}

/** The readiness check of a database: one row of every table (tables-probe.ts). */
export function databaseCheck(db: Database, options?: CheckOptions): () => Promise<boolean> {
  const everyTable = readEveryTable();
  return cachedCheck(() => db.execute(everyTable), options);
}
