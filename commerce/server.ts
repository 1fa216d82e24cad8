// The commerce API on its own Node server (scale-out mode): storefronts reach it with
// COMMERCE_API_URL=http://<host>:<port>/v2. Embedded mode uses startCommerce from server.ts.
import { Server as HttpServer } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { commerceSettingsFromEnv } from "./config.ts";
import { apiRouteOf, type RequestLogEnv, requestLog, withRequestId } from "./http/request-log.ts";
import { log } from "./log.ts";
import { exitBecauseStartFailed, startCommerce } from "./start.ts";

const settings = commerceSettingsFromEnv("standalone");
const { port, host } = settings;
if (settings.developmentTicketSecret) {
  // Every API server must share one key, or a ticket printed by one fails at another's door.
  log.warn("TICKET_SECRET is not set: using the development value (set it in production)");
}

const { api, database } = await startCommerce(settings).catch(exitBecauseStartFailed);

// One log line per request; the API's own error lines carry the same id.
const app = new Hono<RequestLogEnv>();
app.use(requestLog(log, (c) => apiRouteOf(c.req.method, c.req.path)));
app.all("*", (c) => api.fetch(withRequestId(c.req.raw, c.get("requestId"))));
app.onError((error, c) => {
  log.error({ err: error, requestId: c.get("requestId") }, "request failed");
  return c.text("Internal Server Error", 500);
});

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  log.info(`commerce API (${database.kind}) listening on http://${host}:${info.port}/v2`);
});
// As the storefront's server does (server.ts): idle keep-alive sockets are kept longer than
// clients keep theirs, or a client reusing a socket the server is just closing gets
// ECONNRESET (seen in bench:queue's polls).
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`commerce API: ${signal}, closing`);
  server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
