// A graceful stop on SIGTERM or SIGINT, the same for the storefront's server and the
// standalone API: readiness turns 503 at once, the port takes the connections the kernel
// already holds and then stops taking any, requests under way finish (for graceMs at most,
// then their connections are cut; http-drain.ts), then the closers run in order (the API's:
// its jobs, the work it started in the background, its database), and the process leaves
// with 0. A closer that fails is logged; the others still run.
import type { Logger } from "../log.ts";
import { type Drain, drainableServer, within } from "./http-drain.ts";
import type { Lifecycle } from "./lifecycle.ts";

type Closable = Parameters<typeof drainableServer>[0];

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
  // Following the connections from the start: a stop must know which are under way.
  const drain = drainableServer(stop.server);
  let stopping = false;
  const onSignal = (reason: string) => {
    if (stopping) return;
    stopping = true;
    void stopGracefully(stop, reason, drain).finally(() => process.exit(0));
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

async function stopGracefully(
  stop: GracefulStop,
  reason: string,
  drain: (graceMs: number) => Drain,
) {
  const { lifecycle, graceMs, logger, name } = stop;
  lifecycle.stopping();
  const { portClosed, done } = drain(graceMs);
  // The port refuses connections by the time the line is written.
  await portClosed;
  logger.info(`${name}: ${reason}, shutting down (requests under way have ${graceMs} ms)`);
  if (!(await done)) {
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
