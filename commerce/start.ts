// Opens the database (migrating it), seeds the demo catalog once, and builds the API.
// Shared by the storefront's server (embedded mode) and commerce/server.ts (standalone).
import { createCommerceApi } from "./app.ts";
import type { CommerceSettings } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataFolderError } from "./db/data-folder.ts";
import { SandboxAcquirer } from "./payments/sandbox.ts";
import { seedDemoCatalog } from "./seed/index.ts";

export type { CommerceSettings } from "./config.ts";

export async function startCommerce(settings: CommerceSettings) {
  const handle = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
  });
  if (settings.seedDemo) await seedDemoCatalog(handle.db);
  const api = createCommerceApi({
    db: handle.db,
    payments: new SandboxAcquirer({
      db: handle.db,
      answerDelayMs: settings.sandboxAnswerDelayMs,
    }),
    ticketSecret: settings.ticketSecret,
    purchaseMinutes: settings.purchaseMinutes,
    loginMinutes: settings.loginMinutes,
    now: () => new Date(),
  });
  return { api, database: handle };
}

/**
 * Says why the server cannot start and leaves with status 1. A busy or unrecognised data
 * folder is an expected refusal: its message says what to do, a stack trace would only bury it.
 */
export function exitBecauseStartFailed(error: unknown, server = "commerce API"): never {
  if (error instanceof DataFolderError) console.error(`${server} cannot start: ${error.message}`);
  else console.error(`${server} cannot start:`, error);
  process.exit(1);
}
