// The storefront's real server composition (server/app.ts: compression, the cross-site check,
// the /v2 API, React Router with the root's middleware and every route) in-process, around the
// build Vite makes of app/ as `npm run dev` does, and a test database's embedded API (or, without
// one, the remote API of COMMERCE_API_URL). For tests that must see what a browser would get:
// statuses, pages and headers.
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { type CommerceFetch, createStorefrontApp } from "../app.ts";

export type Storefront = {
  app: ReturnType<typeof createStorefrontApp>;
  build: ServerBuild;
  close: () => Promise<void>;
};

export async function startStorefront(commerce?: CommerceFetch): Promise<Storefront> {
  const vite = await createViteServer({
    appType: "custom",
    logLevel: "error",
    // No browser is served: no hot updates, no file watching.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const app = createStorefrontApp({ build, mode: "production", commerce });
  return { app, build, close: () => vite.close() };
}

export type ActionRoute = {
  id: string;
  /** The URL pattern, e.g. "/BuyTicket/:idProcesoDeCompra". */
  pattern: string;
  /** Whether it renders a page (a resource route answers data only). */
  hasPage: boolean;
  /** How many action routes share its module (the footer's static pages share one). */
  sharingModule: number;
};

/** Every route of app/routes.ts that exports an action, with its whole URL pattern. */
export function actionRoutes(build: ServerBuild): ActionRoute[] {
  const patternOf = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? patternOf(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const withAction = Object.values(build.routes).filter(
    (route) => route && typeof route.module.action === "function",
  );
  return withAction.map((route) => ({
    id: route?.id as string,
    pattern: `/${patternOf(route?.id as string)}`,
    hasPage: typeof route?.module.default === "function",
    sharingModule: withAction.filter((other) => other?.module === route?.module).length,
  }));
}
