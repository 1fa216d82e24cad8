// What the production and development servers read from the environment and do at start
// and stop, beside the app they compose (server/app.ts).
import { config } from "../app/services/config.server.ts";
import { log } from "../app/services/log.server.ts";
import { commerceSettingsFromEnv, operationsSettingsFromEnv } from "../commerce/config.ts";
import type { Database } from "../commerce/db/client.ts";
import { databaseCheck, type Lifecycle } from "../commerce/operations/lifecycle.ts";
import { watchQueues } from "../commerce/operations/metrics.ts";
import type { MetricsAccess } from "../commerce/operations/routes.ts";
import { queueOccupancy } from "../commerce/queue/occupancy.ts";
import { exitBecauseStartFailed, startCommerce } from "../commerce/start.ts";
import type { CommerceFetch } from "./app.ts";

export const { port, host, trustProxyHops } = config;

const operations = operationsSettingsFromEnv();

/** METRICS_TOKEN and NODE_ENV: who may read /metrics. */
export const metricsAccess: MetricsAccess = {
  token: operations.metricsToken,
  production: operations.production,
};

/** SHUTDOWN_GRACE_MS. */
export const shutdownGraceMs = operations.shutdownGraceMs;

/** Whether this storefront runs the API in its own process (no COMMERCE_API_URL). */
export const embedsCommerce = !config.commerceApiUrl;

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
  const commerce = await startCommerce(commerceSettingsFromEnv("embedded")).catch((error) =>
    exitBecauseStartFailed(error, "storefront"),
  );
  log.info(`commerce API: embedded (${commerce.database.kind})`);
  return {
    fetch: commerce.api.fetch,
    close: commerce.database.close,
    db: commerce.database.db,
  };
}

/**
 * The server can serve: with the embedded API, while its database answers (and the waiting
 * rooms' gauges read it); with a remote one, from now on (that API has its own readiness).
 */
export function markReady(lifecycle: Lifecycle, commerce: EmbeddedCommerce | undefined) {
  if (commerce) watchQueues(() => queueOccupancy(commerce.db));
  lifecycle.ready(commerce ? databaseCheck(commerce.db) : undefined);
}
