// The commerce API on its own Node server (scale-out mode): storefronts reach it with
// COMMERCE_API_URL=http://<host>:<port>/v2. Embedded mode uses startCommerce from server.ts.
// The port opens first: /healthz and /readyz answer (503 until ready) while the database
// migrates and seeds, and every other request gets a translated 503 meanwhile. The line
// "listening on …/v2" says it is ready. SIGTERM/SIGINT stop it gracefully (operations/).
import { Server as HttpServer } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { commerceSettingsFromEnv, operationsSettingsFromEnv } from "./config.ts";
import { apiRouteOf, type RequestLogEnv, requestLog, withRequestId } from "./http/request-log.ts";
import { SecretSettingsError } from "./installation-secrets.ts";
import { log } from "./log.ts";
import { requestMetrics } from "./operations/http-metrics.ts";
import { createLifecycle, databaseCheck } from "./operations/lifecycle.ts";
import { watchQueues } from "./operations/metrics.ts";
import { operationsEndpoints, readinessGate } from "./operations/routes.ts";
import { consoleThroughLogger, logClientErrors } from "./operations/server-logs.ts";
import { stopGracefullyOnSignals } from "./operations/shutdown.ts";
import { queueOccupancy } from "./queue/occupancy.ts";
import { exitBecauseStartFailed, exitWhenPortCannotOpen, startCommerce } from "./start.ts";

// Every line JSON: what the libraries print with console.* goes through the log.
consoleThroughLogger(log);

/** A setting refused (a secret missing or published, decision 0059) ends the start in lines. */
function settingsOrExit() {
  try {
    return commerceSettingsFromEnv("standalone");
  } catch (error) {
    if (error instanceof SecretSettingsError) exitBecauseStartFailed(error);
    throw error;
  }
}

const settings = settingsOrExit();
const operations = operationsSettingsFromEnv();
const { port, host } = settings;
if (settings.developmentTicketSecret) {
  // Every API server must share one key, or a ticket printed by one fails at another's door.
  log.warn("TICKET_SECRET is not set: using the development value (set it in production)");
}

const lifecycle = createLifecycle();
let commerce: Awaited<ReturnType<typeof startCommerce>> | undefined;

// One log line per request; the API's own error lines carry the same id.
const routeOf = (c: { req: { method: string; path: string } }) =>
  apiRouteOf(c.req.method, c.req.path);
const app = new Hono<RequestLogEnv>();
app.use(
  operationsEndpoints(lifecycle, {
    token: operations.metricsToken,
    production: operations.production,
  }),
);
app.use(requestLog(log, routeOf));
app.use(requestMetrics(routeOf));
app.use(readinessGate(lifecycle));
app.all("*", (c) =>
  // The gate lets nothing through before the start has set it.
  (commerce as NonNullable<typeof commerce>).api.fetch(
    withRequestId(c.req.raw, c.get("requestId")),
  ),
);
app.onError((error, c) => {
  log.error({ err: error, requestId: c.get("requestId") }, "request failed");
  return c.text("Internal Server Error", 500);
});

let portOpen: (port: number) => void = () => {};
const listening = new Promise<number>((resolve) => {
  portOpen = resolve;
});
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  log.info(`commerce API: port ${info.port} open on ${host}, starting (/readyz says when ready)`);
  portOpen(info.port);
});
exitWhenPortCannotOpen(server, { host, port });
logClientErrors(server, log);
// As the storefront's server does (server.ts): idle keep-alive sockets are kept longer than
// clients keep theirs, or a client reusing a socket the server is just closing gets
// ECONNRESET (seen in bench:queue's polls).
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

const started = startCommerce(settings).then(async (opened) => {
  commerce = opened;
  const { db, kind } = opened.database;
  watchQueues(() => queueOccupancy(db));
  lifecycle.ready(databaseCheck(db));
  log.info(`commerce API (${kind}) listening on http://${host}:${await listening}/v2`);
}, exitBecauseStartFailed);

stopGracefullyOnSignals({
  server,
  lifecycle,
  graceMs: operations.shutdownGraceMs,
  logger: log,
  name: "commerce API",
  started,
  closers: () => [commerce?.database.close],
});
