// The commerce API on its own Node server (scale-out mode): storefronts reach it with
// COMMERCE_API_URL=http://<host>:<port>/v2. Embedded mode uses startCommerce from server.ts.
import { mkdirSync } from "node:fs";
import { serve } from "@hono/node-server";
import { startCommerce } from "./start.ts";

const env = process.env;
const port = Number(env.PORT ?? 3100);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  throw new Error(`PORT must be a port number, got ${env.PORT}`);
}
const host = env.HOST ?? "127.0.0.1";
const dataDir = env.DATABASE_URL ? undefined : (env.DATA_DIR ?? "./data/commerce");
if (dataDir && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });

const ticketSecret = env.TICKET_SECRET ?? "development-ticket-secret-change-me";
if (!env.TICKET_SECRET) {
  // Every API server must share one key, or a ticket printed by one fails at another's door.
  console.warn("TICKET_SECRET is not set: using the development value (set it in production)");
}

const { api, database } = await startCommerce({
  databaseUrl: env.DATABASE_URL,
  dataDir,
  ticketSecret,
  seedDemo: env.SEED_DEMO !== "false" && env.SEED_DEMO !== "0",
});

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
