// The commerce API on its own Node server (scale-out mode): storefronts reach it with
// COMMERCE_API_URL=http://<host>:<port>/v2. Embedded mode uses startCommerce from server.ts.
import { serve } from "@hono/node-server";
import { commerceSettingsFromEnv } from "./config.ts";
import { exitBecauseStartFailed, startCommerce } from "./start.ts";

const settings = commerceSettingsFromEnv("standalone");
const { port, host } = settings;
if (settings.developmentTicketSecret) {
  // Every API server must share one key, or a ticket printed by one fails at another's door.
  console.warn("TICKET_SECRET is not set: using the development value (set it in production)");
}

const { api, database } = await startCommerce(settings).catch(exitBecauseStartFailed);

const server = serve({ fetch: api.fetch, port, hostname: host }, (info) => {
  console.log(`commerce API (${database.kind}) listening on http://${host}:${info.port}/v2`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`commerce API: ${signal}, closing`);
  server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
