// Every answer counted and timed by method, route pattern and status (operations/metrics.ts),
// with the route naming of the request log: a path's ids never become a label.
import type { MiddlewareHandler } from "hono";
import type { RequestLogEnv, RouteOf } from "../http/request-log.ts";
import { httpRequestDuration, httpRequests } from "./metrics.ts";

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Inside the request log: what it counts is what the log line says. */
export function requestMetrics<E extends RequestLogEnv>(routeOf: RouteOf<E>): MiddlewareHandler<E> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // Any method may be sent; only the known ones become a label of their own.
    const method = knownMethods.has(c.req.method) ? c.req.method : "OTHER";
    // Static files and unknown paths: one label, never the path.
    const route = routeOf(c) ?? "other";
    httpRequests.inc({ method, route, status: String(c.res.status) });
    httpRequestDuration.observe({ method, route }, (performance.now() - started) / 1000);
  };
}
