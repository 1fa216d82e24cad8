// A graceful stop on SIGTERM or SIGINT, the same for the storefront's server and the
// standalone API: readiness turns 503 at once, the port stops taking connections, requests
// under way finish (for graceMs at most, then their connections are cut), then the closers
// run in order (the API's: its jobs, the work it started in the background, its database),
// and the process leaves with 0. A closer that fails is logged; the others still run.
import { Server as HttpServer } from "node:http";
import type { Logger } from "../log.ts";
import type { Lifecycle } from "./lifecycle.ts";

type Closable = { close: (done?: (error?: Error) => void) => unknown };

/** Resolves after `ms`, or with `promise` if that settles first (true: it did). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops taking connections and waits until the open ones are done: idle ones are closed at
 * once, busy ones after their answer (the gate marks it Connection: close); any still open
 * after graceMs are cut. Resolves true when every request finished in time.
 */
export async function drainHttpServer(server: Closable, graceMs: number): Promise<boolean> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if (server instanceof HttpServer) server.closeIdleConnections();
  if (await within(closed, graceMs)) return true;
  if (server instanceof HttpServer) server.closeAllConnections();
  // Upgraded sockets (a development server's hot-update websocket) are not the server's to
  // cut: they are not waited for either.
  await within(closed, 1000);
  return false;
}

export type GracefulStop = {
  server: Closable;
  lifecycle: Lifecycle;
  /** SHUTDOWN_GRACE_MS: how long requests under way (and the start under way) may take. */
  graceMs: number;
  logger: Logger;
  /** What "shutting down" lines are about: "storefront", "commerce API". */
  name: string;
  /** The start under way: a stop during it waits for it (a migration is not cut). */
  started?: Promise<unknown>;
  /** Run in order once no request is left; read at the stop (the start may have set them). */
  closers: () => Array<(() => Promise<void>) | undefined>;
};

/**
 * Stops the server gracefully on the first SIGINT or SIGTERM (later ones are ignored). With
 * STOP_WITH_PARENT=true (a server a test started, its stdin a pipe from the test), also when
 * that pipe closes: a test runner killed outright leaves no server holding its port and
 * database.
 */
export function stopGracefullyOnSignals(stop: GracefulStop, env = process.env) {
  let stopping = false;
  const onSignal = (reason: string) => {
    if (stopping) return;
    stopping = true;
    void stopGracefully(stop, reason).finally(() => process.exit(0));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (env.STOP_WITH_PARENT === "true") {
    const parentGone = () => onSignal("its parent is gone");
    process.stdin.once("end", parentGone);
    process.stdin.once("close", parentGone);
    process.stdin.resume();
  }
}

export async function stopGracefully(stop: GracefulStop, reason: string) {
  const { server, lifecycle, graceMs, logger, name } = stop;
  lifecycle.stopping();
  // The port is closed by the time the line is written (the drain closes it at once).
  const drained = drainHttpServer(server, graceMs);
  logger.info(`${name}: ${reason}, shutting down (requests under way have ${graceMs} ms)`);
  if (!(await drained)) {
    logger.warn(`${name}: requests still under way after ${graceMs} ms were cut`);
  }
  if (
    stop.started &&
    !(await within(
      stop.started.catch(() => {}),
      graceMs,
    ))
  ) {
    logger.warn(`${name}: the start did not finish in ${graceMs} ms`);
  }
  for (const close of stop.closers()) {
    try {
      await close?.();
    } catch (error) {
      logger.error({ err: error }, `${name}: shutting down failed`);
    }
  }
  logger.info(`${name}: stopped`);
}
