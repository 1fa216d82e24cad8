// Opens the database (migrating it), seeds the demo catalog once, and builds the API.
// Shared by the storefront's server (embedded mode) and commerce/server.ts (standalone).
import { createCommerceApi } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { SandboxAcquirer } from "./payments/sandbox.ts";
import { seedDemoCatalog } from "./seed/index.ts";

export type CommerceSettings = {
  databaseUrl?: string;
  dataDir?: string;
  ticketSecret: string;
  seedDemo: boolean;
};

export async function startCommerce(settings: CommerceSettings) {
  const handle = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
  });
  if (settings.seedDemo) await seedDemoCatalog(handle.db);
  const api = createCommerceApi({
    db: handle.db,
    payments: new SandboxAcquirer(),
    ticketSecret: settings.ticketSecret,
    purchaseMinutes: 30,
    loginMinutes: 180,
    now: () => new Date(),
  });
  return { api, database: handle };
}
