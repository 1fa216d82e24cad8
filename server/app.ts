// The storefront's server as one Hono app, composed the same way for production (server.ts)
// and development (server/dev.ts). They differ only in where the React Router build comes
// from and who serves static files; the request log, security headers, the buyer's address,
// compression, the cross-site form check, the embedded /v2 API and its registration into the
// storefront are the same code in both.
import { stripVTControlCharacters } from "node:util";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { log } from "../app/services/log.server.ts";
import type { RequestInfo } from "../app/services/request-info.server.ts";
import { apiHeaders } from "../commerce/contract/index.ts";
import { type CommerceBindings, storefrontFetch } from "../commerce/http/client-address.ts";
import {
  apiRouteOf,
  type RequestLogEnv,
  requestLog,
  withRequestId,
} from "../commerce/http/request-log.ts";
import type { Logger } from "../commerce/log.ts";
import { requestMetrics } from "../commerce/operations/http-metrics.ts";
import type { Lifecycle } from "../commerce/operations/lifecycle.ts";
import {
  type MetricsAccess,
  operationsEndpoints,
  readinessGate,
} from "../commerce/operations/routes.ts";
import { buyerAddress } from "./client-address.ts";
import { compressResponses } from "./compression.ts";
import { refuseCrossSiteForms } from "./cross-site.ts";
import { anonymousPageCache } from "./page-cache.ts";
import { remoteImages, remoteImagesPath } from "./remote-images.ts";
import { type SecurityHeadersEnv, securityHeaders } from "./security-headers.ts";

/** The API's fetch handler; the bindings say who is calling (http/client-address.ts). */
export type CommerceFetch = (
  request: Request,
  bindings?: CommerceBindings,
) => Response | Promise<Response>;

export type StorefrontServerOptions = {
  /**
   * Production: the built module, set up once. Development: a loader called per request,
   * so each request renders with the modules as they are on disk now.
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /**
   * The embedded /v2 API's fetch handler: mounted, and handed to the storefront to call
   * in-process. Unset when the storefront talks to a remote API.
   */
  commerce?: CommerceFetch;
  /** COMMERCE_API_URL, when the API is remote: its images are served through this server. */
  remoteApiUrl?: string;
  /** Static files, tried before the document handler (production's build/client). */
  staticFiles?: MiddlewareHandler;
  /** PUBLIC_ORIGIN (default: the configuration's): https means HSTS behind a proxy. */
  publicOrigin?: string;
  /** Where the request lines and errors go (default: the storefront's logger). */
  logger?: Logger;
  /** Reverse proxies in front whose X-Forwarded-For is believed (TRUST_PROXY_HOPS). */
  trustedProxyHops?: number;
  /**
   * The operator's endpoints (/healthz, /readyz, /metrics) and the gate that answers 503
   * until the server is ready (commerce/operations/routes.ts). Unset: neither (tests).
   */
  operations?: { lifecycle: Lifecycle; metrics: MetricsAccess };
  /**
   * How long a page a route shares with anonymous visitors is answered from a copy
   * (server/page-cache.ts; PAGE_CACHE_MS). Unset or 0: every page is rendered.
   */
  pageCacheMs?: number;
};

type StorefrontEntry = {
  registerEmbeddedCommerce?: (fetch: CommerceFetch) => void;
  requestInfoContext?: RouterContext<RequestInfo | null>;
};

const entryOf = (build: ServerBuild) => build.entry.module as StorefrontEntry;

/** Hands the API to the storefront module instance this build was loaded with. */
function registerCommerce(build: ServerBuild, fetch: CommerceFetch) {
  entryOf(build).registerEmbeddedCommerce?.(fetch);
}

/**
 * The load context of one render, holding what the storefront needs from this server (the
 * request id, the CSP nonce) under the key of the build's own module instance.
 */
function loadContextFor(build: ServerBuild, info: RequestInfo) {
  const key = entryOf(build).requestInfoContext;
  return key ? new RouterContextProvider(new Map([[key, info]])) : undefined;
}

type ServerEnv = {
  Variables: RequestLogEnv["Variables"] &
    SecurityHeadersEnv["Variables"] & {
      /** The storefront's route pattern that answered (see loadContextFor). */
      route?: string;
    };
};

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/**
 * Puts the buyer's address where the storefront and the mounted API read it
 * (X-Client-Address), replacing whatever the client sent in that header.
 */
function clientAddressMiddleware(trustedProxyHops: number): MiddlewareHandler {
  return async (c, next) => {
    const address = buyerAddress(
      (c.env as NodeBindings)?.incoming?.socket?.remoteAddress,
      c.req.header("x-forwarded-for"),
      trustedProxyHops,
    );
    const headers = c.req.raw.headers;
    if (address) headers.set(apiHeaders.clientAddress, address);
    else headers.delete(apiHeaders.clientAddress);
    await next();
  };
}

export function createStorefrontApp(options: StorefrontServerOptions): Hono<ServerEnv> {
  const { build, mode, commerce, staticFiles, publicOrigin, logger = log } = options;
  // The storefront's own calls: the API believes the buyer's address they carry.
  const inProcess: CommerceFetch | undefined = commerce && storefrontFetch(commerce);
  let source = build;
  if (inProcess && typeof build === "function") {
    // Vite loads a new instance of the storefront's modules after an edit, and a new
    // instance knows no API yet: register on every build handed out (an assignment).
    source = async () => {
      const fresh = await build();
      registerCommerce(fresh, inProcess);
      return fresh;
    };
  } else if (inProcess && typeof build === "object") {
    registerCommerce(build, inProcess);
  }
  // Production derives its routes once from the module; development, from the build of each
  // request (as React Router does when handed a function).
  const handleProduction = typeof source === "object" ? createRequestHandler(source, mode) : null;

  const app = new Hono<ServerEnv>();
  const { operations } = options;
  if (operations) app.use(operationsEndpoints(operations.lifecycle, operations.metrics));
  const routeOf = (c: Context<ServerEnv>) =>
    c.req.path.startsWith("/v2/") ? apiRouteOf(c.req.method, c.req.path) : c.get("route");
  app.use(requestLog<ServerEnv>(logger, routeOf));
  app.use(requestMetrics<ServerEnv>(routeOf));
  app.use(securityHeaders({ development: mode === "development", publicOrigin }));
  if (operations) app.use(readinessGate(operations.lifecycle));
  app.use(clientAddressMiddleware(options.trustedProxyHops ?? 0));
  app.use(compressResponses());
  app.use(refuseCrossSiteForms(logger, publicOrigin));
  if (commerce) {
    // Callers of the mounted API are told apart by the address resolved above (the header
    // now holds it), never by one they wrote.
    app.all("/v2/*", (c) =>
      commerce(withRequestId(c.req.raw, c.get("requestId")), {
        commerceCaller: { address: c.req.header(apiHeaders.clientAddress) },
      }),
    );
    // The sandbox acquirer's bank pages (3-D Secure), where the embedded API serves them.
    app.all("/sandbox/*", (c) => commerce(c.req.raw, {}));
    // The waiting rooms' pages and their poll (decision 0048), where the embedded API serves them.
    app.all("/cola", (c) => commerce(c.req.raw, {}));
    app.all("/cola/*", (c) => commerce(c.req.raw, {}));
  } else if (options.remoteApiUrl) {
    app.on(["GET", "HEAD"], remoteImagesPath, remoteImages(options.remoteApiUrl));
  }
  // Before the static files: a copy's address is a page's, and a hit skips their look-up.
  app.use(anonymousPageCache({ ttlMs: mode === "production" ? (options.pageCacheMs ?? 0) : 0 }));
  if (staticFiles) app.use(staticFiles);
  app.all("*", async (c) => {
    const current = typeof source === "function" ? await source() : source;
    const info: RequestInfo = {
      requestId: c.get("requestId"),
      nonce: c.get("cspNonce"),
      dataRequest: c.req.path.endsWith(".data"),
    };
    const handle = handleProduction ?? createRequestHandler(current, mode);
    const response = await handle(c.req.raw, loadContextFor(current, info));
    c.set("route", info.route);
    // Named by the page's own route as it rendered, never by anything in the response.
    c.set("paymentProviders", info.paymentProviders);
    return response;
  });
  app.onError((error, c) => {
    logger.error({ err: error, requestId: c.get("requestId") }, "request failed");
    if (mode === "production") return c.text("Internal Server Error", 500);
    // A module that fails to load (a typo mid-edit) shows its error in the browser too;
    // Vite's messages are coloured for a terminal.
    return c.text(stripVTControlCharacters(error.stack ?? String(error)), 500);
  });
  return app;
}
