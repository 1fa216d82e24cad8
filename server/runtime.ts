// What the production and development servers read from the environment and do at start
// and stop, beside the app they compose (server/app.ts).
import { config } from "../app/services/config.server.ts";
import { log } from "../app/services/log.server.ts";
import { adoptEmbeddedPaymentOrigins } from "../app/services/payment-origins.server.ts";
import { commerceSettingsFromEnv, operationsSettingsFromEnv } from "../commerce/config.ts";
import type { Database } from "../commerce/db/client.ts";
import { createLifecycle, databaseCheck } from "../commerce/operations/lifecycle.ts";
import { watchQueues } from "../commerce/operations/metrics.ts";
import type { MetricsAccess } from "../commerce/operations/routes.ts";
import { type GracefulStop, stopGracefullyOnSignals } from "../commerce/operations/shutdown.ts";
import { queueOccupancy } from "../commerce/queue/occupancy.ts";
import {
  exitBecauseStartFailed,
  exitWhenPortCannotOpen,
  startCommerce,
} from "../commerce/start.ts";
import type { CommerceFetch } from "./app.ts";
import { remoteApiCheck } from "./remote-readiness.ts";

export const { port, host, trustProxyHops, pageCacheMs } = config;

/** The storefront's server: a port it cannot open is said in one line (commerce/start.ts). */
export const exitWhenStorefrontPortCannotOpen = (
  server: Parameters<typeof exitWhenPortCannotOpen>[0],
) => exitWhenPortCannotOpen(server, { host, port }, "storefront");

/** Whether this storefront runs the API in its own process (no COMMERCE_API_URL). */
export const embedsCommerce = !config.commerceApiUrl;
/** The remote API (COMMERCE_API_URL), when there is one. */
export const remoteCommerceApiUrl = config.commerceApiUrl || undefined;

export type EmbeddedCommerce = {
  fetch: CommerceFetch;
  close: () => Promise<void>;
  db: Database;
};

/**
 * Opens the embedded API (migrating and seeding its database), or nothing when
 * COMMERCE_API_URL points the storefront at a remote one.
 */
export async function openEmbeddedCommerce(): Promise<EmbeddedCommerce | undefined> {
  if (config.commerceApiUrl) {
    log.info(`commerce API: remote at ${config.commerceApiUrl}`);
    return undefined;
  }
  // Inside the promise: a refused setting (a secret, decision 0059) is said as any failed start.
  const commerce = await Promise.resolve()
    .then(() => startCommerce(commerceSettingsFromEnv("embedded")))
    .catch((error) => exitBecauseStartFailed(error, "storefront"));
  log.info(`commerce API: embedded (${commerce.database.kind})`);
  adoptEmbeddedPaymentOrigins(commerce.paymentOrigins);
  return {
    fetch: commerce.api.fetch,
    close: commerce.database.close,
    db: commerce.database.db,
  };
}

const settings = operationsSettingsFromEnv();

/**
 * The operator's side of a storefront server (commerce/operations/): what its app needs
 * (the lifecycle, who may read /metrics: METRICS_TOKEN, NODE_ENV), saying it is ready, and
 * its graceful stop on SIGTERM/SIGINT (SHUTDOWN_GRACE_MS).
 */
export function storefrontOperations(name: string) {
  const lifecycle = createLifecycle();
  const metrics: MetricsAccess = { token: settings.metricsToken, production: settings.production };
  return {
    forApp: { lifecycle, metrics },
    /**
     * The server can serve: with the embedded API, while its database reads every table
     * (and the waiting rooms' gauges read it); with a remote one, while that API is ready.
     */
    ready(commerce: EmbeddedCommerce | undefined) {
      if (commerce) watchQueues(() => queueOccupancy(commerce.db));
      const remote = config.commerceApiUrl;
      lifecycle.ready(
        commerce ? databaseCheck(commerce.db) : remote ? remoteApiCheck(remote) : undefined,
      );
    },
    stopOnSignals(
      server: GracefulStop["server"],
      stop: Pick<GracefulStop, "closers" | "started"> & { maxGraceMs?: number },
    ) {
      stopGracefullyOnSignals({
        ...stop,
        server,
        lifecycle,
        graceMs: Math.min(settings.shutdownGraceMs, stop.maxGraceMs ?? Number.POSITIVE_INFINITY),
        logger: log,
        name,
      });
    },
  };
}
