// The operator's endpoints of both servers (the storefront's and the standalone API's), and
// the gate in front of everything else while the server starts:
//   GET /healthz  200 while the process runs (liveness);
//   GET /readyz   200 when it can serve: started, not stopping, its database answering;
//                 503 otherwise (readiness: a load balancer sends nobody there);
//   GET /metrics  Prometheus's text format; with METRICS_TOKEN set, only for
//                 "Authorization: Bearer <token>" (401 otherwise); without it, 404 in
//                 production (nobody's business on a public port) and open elsewhere.
// Until the server is ready every other request gets a translated 503 (the API's envelope
// under /v2, a plain page elsewhere), and once a stop began every answer closes its
// connection so the client's next request goes to another server.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { writableHeaders } from "../http/security-headers.ts";
import { languageFromHeader, translate } from "../i18n.ts";
import type { Lifecycle } from "./lifecycle.ts";
import { metricsRegistry } from "./metrics.ts";

export const operationsPaths = { health: "/healthz", ready: "/readyz", metrics: "/metrics" };

export type MetricsAccess = {
  /** METRICS_TOKEN: the scraper's bearer token. */
  token?: string;
  /** NODE_ENV=production: without a token, /metrics is not there. */
  production: boolean;
};

/** Seconds a client is told to wait before trying a starting server again. */
const RETRY_AFTER_SECONDS = 5;

const noStore = { "Cache-Control": "no-store" };

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the request carries the token (compared in constant time). */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const given = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

async function metricsAnswer(c: Context, access: MetricsAccess) {
  if (!access.token) {
    if (access.production) return c.body(null, 404, noStore);
  } else if (!carriesToken(c.req.header("authorization"), access.token)) {
    return c.body(null, 401, { ...noStore, "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
  return c.body(await metricsRegistry.metrics(), 200, {
    ...noStore,
    "Content-Type": metricsRegistry.contentType,
  });
}

/**
 * The three endpoints; outermost, before the request log (probes every few seconds are not
 * traffic) and before the gate (they answer while starting and stopping).
 */
export function operationsEndpoints(
  lifecycle: Lifecycle,
  access: MetricsAccess,
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    switch (c.req.path) {
      case operationsPaths.health:
        return c.json({ status: "up" }, 200, noStore);
      case operationsPaths.ready: {
        const readiness = await lifecycle.readiness();
        return c.json(
          {
            status: readiness.ready
              ? "ready"
              : readiness.phase === "ready"
                ? "unready"
                : readiness.phase,
            ...(readiness.database ? { database: readiness.database } : {}),
          },
          readiness.ready ? 200 : 503,
          noStore,
        );
      }
      case operationsPaths.metrics:
        return metricsAnswer(c, access);
      default:
        return next();
    }
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The 503 of a server not ready yet, in the caller's language. */
export function unavailableAnswer(c: Context): Response {
  const language = languageFromHeader(c.req.header("accept-language"));
  const message = translate(language)("errors:UNAVAILABLE");
  const headers = { ...noStore, "Retry-After": String(RETRY_AFTER_SECONDS) };
  if (c.req.path === "/v2" || c.req.path.startsWith("/v2/")) {
    return c.json(
      { nCode: 503, cMensaje: message, oData: { cCodigo: "UNAVAILABLE" } },
      503,
      headers,
    );
  }
  return c.html(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(message)}</title></head>` +
      `<body><main><h1>${escapeHtml(message)}</h1></main></body></html>`,
    503,
    headers,
  );
}

/**
 * In front of the server's own routes: a 503 while starting; while stopping, the request is
 * served (it came on a connection already open) and its connection closed after it.
 */
export function readinessGate(lifecycle: Lifecycle): MiddlewareHandler {
  return async (c, next) => {
    if (lifecycle.phase() === "starting") return unavailableAnswer(c);
    await next();
    if (lifecycle.phase() === "stopping") writableHeaders(c).set("Connection", "close");
  };
}
