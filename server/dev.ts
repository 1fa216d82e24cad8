// `npm run dev`: the production server's app (server/app.ts) around a Vite dev server in
// middleware mode. Vite serves the browser's modules, public/ and hot updates; every page
// request renders with the storefront's modules as they are on disk now, no build needed.
// The API and this server are plain Node modules, not Vite's: `npm run dev` runs this file
// under `tsx watch`, which restarts the process when one of those changes.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { log } from "../app/services/log.server.ts";
import { createStorefrontApp } from "./app.ts";
import {
  exitWhenStorefrontPortCannotOpen,
  host,
  openEmbeddedCommerce,
  port,
  remoteCommerceApiUrl,
  storefrontOperations,
  trustProxyHops,
} from "./runtime.ts";

const operations = storefrontOperations("storefront (development)");
const commerce = await openEmbeddedCommerce();

const server = createServer();
const vite = await createViteServer({
  // "custom": no index.html fallback, so page requests reach the storefront.
  appType: "custom",
  server: {
    middlewareMode: true,
    // Hot updates over this server's port, not a second fixed one that parallel runs share.
    ws: { server },
    // Pages are same-origin; CORS headers would only make dev answer unlike production.
    cors: false,
  },
});

const app = createStorefrontApp({
  mode: "development",
  commerce: commerce?.fetch,
  remoteApiUrl: remoteCommerceApiUrl,
  operations: operations.forApp,
  trustedProxyHops: trustProxyHops,
  build: async () => {
    try {
      return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      throw error;
    }
  },
});
const toHono = getRequestListener(app.fetch);

function isApiRequest(req: IncomingMessage) {
  return req.url === "/v2" || req.url?.startsWith("/v2/") || req.url?.startsWith("/v2?");
}

// The API never needs Vite; anything else goes to Vite first, which answers its own paths
// (modules, /@vite/client, public/ files) and hands the rest on to the storefront.
server.on("request", (req: IncomingMessage, res: ServerResponse) => {
  if (isApiRequest(req)) {
    void toHono(req, res);
    return;
  }
  vite.middlewares(req, res, (error?: unknown) => {
    if (!error) {
      void toHono(req, res);
      return;
    }
    log.error({ err: error }, "vite failed to answer");
    res.statusCode = 500;
    res.end("Internal Server Error");
  });
});

server.listen(port, host, () => {
  operations.ready(commerce);
  log.info(`storefront (development) listening on http://${host}:${port}`);
});
exitWhenStorefrontPortCannotOpen(server);
operations.stopOnSignals(server, {
  closers: () => [() => vite.close(), commerce?.close],
  // A browser's hot-update socket stays open: development does not wait long for it.
  maxGraceMs: 3000,
});
