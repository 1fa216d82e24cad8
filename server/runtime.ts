// What the production and development servers read from the environment and do at start
// and stop, beside the app they compose (server/app.ts).
import { mkdirSync } from "node:fs";
import { startCommerce } from "../commerce/start.ts";
import type { CommerceFetch } from "./app.ts";

export const port = Number(process.env.PORT ?? 3000);
export const host = process.env.HOST ?? "127.0.0.1";
const dataDir = process.env.DATA_DIR ?? "./data";

export type EmbeddedCommerce = { fetch: CommerceFetch; close: () => Promise<void> };

/**
 * Opens the embedded API (migrating and seeding its database), or nothing when
 * COMMERCE_API_URL points the storefront at a remote one.
 */
export async function openEmbeddedCommerce(): Promise<EmbeddedCommerce | undefined> {
  if (process.env.COMMERCE_API_URL) {
    console.log(`commerce API: remote at ${process.env.COMMERCE_API_URL}`);
    return undefined;
  }
  const databaseUrl = process.env.DATABASE_URL;
  const pgliteDir = databaseUrl ? undefined : (process.env.PGLITE_DIR ?? `${dataDir}/pglite`);
  // PGlite creates its own folder but not the ones above it (a fresh DATA_DIR).
  if (pgliteDir && !pgliteDir.startsWith("memory://")) mkdirSync(pgliteDir, { recursive: true });
  const commerce = await startCommerce({
    databaseUrl,
    dataDir: pgliteDir,
    ticketSecret: process.env.TICKET_SECRET ?? "development-ticket-secret-change-me",
    seedDemo: process.env.SEED_DEMO !== "false",
  });
  console.log(`commerce API: embedded (${commerce.database.kind})`);
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
        console.error("shutting down failed", error);
      }
    }
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.log(`${signal}: shutting down`);
      server.close();
      void closeAll().finally(() => process.exit(0));
    });
  }
}
