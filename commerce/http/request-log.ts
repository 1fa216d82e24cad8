// One log line per request (its id, method, route, status and duration) and an X-Request-Id
// on every answer, for the storefront's server (server/app.ts) and the standalone API
// (commerce/server.ts). The route is a pattern (/v2/Proceso/{id}/Cobrar), never the path's
// values or the query; nothing of the headers or the body is read.
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { allEndpoints, apiHeaders } from "../contract/index.ts";
import type { Logger } from "../log.ts";
import { writableHeaders } from "./security-headers.ts";

const wellFormedId = /^[A-Za-z0-9._:-]{8,128}$/;

/** A request id sent by a proxy or by the storefront, if it is one (never free text). */
export function wellFormedRequestId(value: string | null | undefined): string | undefined {
  return value && wellFormedId.test(value) ? value : undefined;
}

/** The request as handed on, carrying its id for the API's own log lines. */
export function withRequestId(request: Request, requestId: string): Request {
  if (request.headers.get(apiHeaders.requestId) === requestId) return request;
  const headers = new Headers(request.headers);
  headers.set(apiHeaders.requestId, requestId);
  return new Request(request, { headers });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

// The contract's paths, the most literal first (/Proceso/0/… before /Proceso/{id}/…).
const apiRoutes = allEndpoints
  .map((endpoint) => ({
    method: endpoint.method,
    route: `/v2${endpoint.path}`,
    pattern: new RegExp(`^/v2${escapeRegExp(endpoint.path).replace(/\{\w+\}/g, "[^/]+")}/?$`),
    literal: endpoint.path.replace(/\{\w+\}/g, "").length,
  }))
  .sort((a, b) => b.literal - a.literal);

/** The contract's path of a /v2 request (HEAD as GET), or undefined when none matches. */
export function apiRouteOf(method: string, path: string): string | undefined {
  const wanted = method === "HEAD" ? "GET" : method;
  return apiRoutes.find((r) => r.method === wanted && r.pattern.test(path))?.route;
}

export type RequestLogEnv = { Variables: { requestId: string } };

/** Where a request went, as a pattern; undefined: its path (without the query) is logged. */
export type RouteOf<E extends RequestLogEnv> = (c: Context<E>) => string | undefined;

/**
 * Outermost middleware: gives the request an id (a well-formed X-Request-Id from a proxy, or
 * a new one), answers with it, and writes the request's one line once the answer is ready.
 */
export function requestLog<E extends RequestLogEnv>(
  logger: Logger,
  routeOf: RouteOf<E>,
): MiddlewareHandler<E> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = wellFormedRequestId(c.req.header(apiHeaders.requestId)) ?? randomUUID();
    c.set("requestId", requestId);
    await next();
    writableHeaders(c).set(apiHeaders.requestId, requestId);
    if (!logger.isLevelEnabled("info")) return;
    logger.info(
      {
        requestId,
        method: c.req.method,
        route: routeOf(c) ?? c.req.path.slice(0, 200),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  };
}
