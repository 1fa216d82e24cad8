// What the production and development servers read from the environment and do at start
// and stop, beside the app they compose (server/app.ts).
import { config } from "../app/services/config.server.ts";
import { log } from "../app/services/log.server.ts";
import { commerceSettingsFromEnv } from "../commerce/config.ts";
import { exitBecauseStartFailed, startCommerce } from "../commerce/start.ts";
import type { CommerceFetch } from "./app.ts";

export const { port, host, trustProxyHops } = config;

export type EmbeddedCommerce = { fetch: CommerceFetch; close: () => Promise<void> };

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
  return { fetch: commerce.api.fetch, close: commerce.database.close };
}

/**
 * On SIGINT or SIGTERM: stop taking connections, run the closers in order (the database
 * last, so PGlite flushes to disk), then leave. One failing closer does not skip the others.
 */
export function stopOnSignals(
  server: { close: () => unknown },
  closers: Array<(() => Promise<void>) | undefined>,
) {
  async function closeAll() {
    for (const close of closers) {
      try {
        await close?.();
      } catch (error) {
        log.error({ err: error }, "shutting down failed");
      }
    }
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info(`${signal}: shutting down`);
      server.close();
      void closeAll().finally(() => process.exit(0));
    });
  }
}
