// The storefront's server as one Hono app, composed the same way for production (server.ts)
// and development (server/dev.ts). They differ only in where the React Router build comes
// from and who serves static files; the buyer's address, compression, the cross-site form
// check, the embedded /v2 API and its registration into the storefront are the same code in
// both.
import { stripVTControlCharacters } from "node:util";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { apiHeaders } from "../commerce/contract/index.ts";
import { type CommerceBindings, storefrontFetch } from "../commerce/http/client-address.ts";
import { buyerAddress } from "./client-address.ts";
import { refuseCrossSiteForms } from "./cross-site.ts";

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
  /** Static files, tried before the document handler (production's build/client). */
  staticFiles?: MiddlewareHandler;
  /** Reverse proxies in front whose X-Forwarded-For is believed (TRUST_PROXY_HOPS). */
  trustedProxyHops?: number;
};

type EntryWithCommerce = { registerEmbeddedCommerce?: (fetch: CommerceFetch) => void };

/** Hands the API to the storefront module instance this build was loaded with. */
function registerCommerce(build: ServerBuild, fetch: CommerceFetch) {
  (build.entry.module as EntryWithCommerce).registerEmbeddedCommerce?.(fetch);
}

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

export function createStorefrontApp(options: StorefrontServerOptions): Hono {
  const { build, mode, commerce, staticFiles } = options;
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
  // Passed a function, React Router re-derives its routes per request; production passes the
  // module itself so that happens once.
  const handleDocument = createRequestHandler(source, mode);

  const app = new Hono();
  app.use(clientAddressMiddleware(options.trustedProxyHops ?? 0));
  app.use(compress());
  app.use(refuseCrossSiteForms);
  if (commerce) {
    // Callers of the mounted API are told apart by the address resolved above (the header
    // now holds it), never by one they wrote.
    app.all("/v2/*", (c) =>
      commerce(c.req.raw, { commerceCaller: { address: c.req.header(apiHeaders.clientAddress) } }),
    );
  }
  if (staticFiles) app.use(staticFiles);
  app.all("*", (c) => handleDocument(c.req.raw));
  if (mode === "development") {
    // A module that fails to load (a typo mid-edit) shows its error in the browser too.
    app.onError((error, c) => {
      console.error(error);
      // Vite's messages are coloured for a terminal.
      return c.text(stripVTControlCharacters(error.stack ?? String(error)), 500);
    });
  }
  return app;
}
