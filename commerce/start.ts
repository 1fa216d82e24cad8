// Opens the database (migrating it), seeds the demo catalog once, and builds the API.
// Shared by the storefront's server (embedded mode) and commerce/server.ts (standalone).
import { mkdirSync } from "node:fs";
import { createCommerceApi } from "./app.ts";
import type { CommerceSettings } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { SandboxAcquirer } from "./payments/sandbox.ts";
import { seedDemoCatalog } from "./seed/index.ts";

export type { CommerceSettings } from "./config.ts";

export async function startCommerce(settings: CommerceSettings) {
  if (settings.dataDir && !settings.dataDir.startsWith("memory://")) {
    mkdirSync(settings.dataDir, { recursive: true });
  }
  const handle = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
  });
  if (settings.seedDemo) await seedDemoCatalog(handle.db);
  const api = createCommerceApi(
    {
      db: handle.db,
      payments: new SandboxAcquirer(),
      ticketSecret: settings.ticketSecret,
      purchaseMinutes: settings.purchaseMinutes,
      loginMinutes: settings.loginMinutes,
      maxPlacesPerPerformance: settings.maxPlacesPerPerformance,
      rateLimits: settings.rateLimits,
      now: () => new Date(),
    },
    { trustClientAddressFrom: settings.trustClientAddressFrom },
  );
  return { api, database: handle };
}
