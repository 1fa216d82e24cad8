import type { MiddlewareHandler } from "hono";
import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type CommerceFetch, createStorefrontApp } from "./app.ts";

/**
 * The least of a React Router build that renders one route: its entry answers every document
 * with a page naming the build, and records the API it was handed.
 */
function stubBuild(name: string) {
  const entry = {
    registered: undefined as CommerceFetch | undefined,
    registerEmbeddedCommerce(fetch: CommerceFetch) {
      entry.registered = fetch;
    },
    default: (_request: Request, status: number, headers: Headers) =>
      new Response(`<p>${name}</p>`.repeat(200), { status, headers }),
  };
  const component = { default: () => null };
  // A root and a splat below it: every path matches.
  const root = { id: "root", path: "", module: component };
  const page = { id: "page", parentId: "root", path: "*", module: component };
  const build = {
    entry: { module: entry },
    routes: { root, page },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: { id: "root", module: "/root.js" },
        page: { id: "page", parentId: "root", path: "*", module: "/page.js" },
      },
      url: "/manifest.js",
      version: name,
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return { build, entry };
}

const api: CommerceFetch = (request) =>
  Response.json({ nCode: 200, oData: { path: new URL(request.url).pathname } });

describe("the storefront's server app", () => {
  it("sends /v2 to the API and every other path to the storefront", async () => {
    const { build } = stubBuild("production");
    const app = createStorefrontApp({ build, mode: "production", commerce: api });

    const fromApi = await app.request("/v2/EspectaculoCartelTipos");
    expect(await fromApi.json()).toEqual({
      nCode: 200,
      oData: { path: "/v2/EspectaculoCartelTipos" },
    });
    const page = await app.request("/cartelera");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<p>production</p>");
  });

  it("hands the API to the storefront once in production, as an in-process caller", async () => {
    const { build, entry } = stubBuild("production");
    const seen: unknown[] = [];
    createStorefrontApp({
      build,
      mode: "production",
      commerce: (request, bindings) => {
        seen.push(bindings);
        return api(request);
      },
    });
    await entry.registered?.(new Request("http://commerce.internal/v2/EspectaculoCartelTipos"));
    expect(seen).toEqual([{ commerceCaller: { storefront: true } }]);
  });

  it("puts the buyer's address in X-Client-Address, never the client's own", async () => {
    const seen: Array<[string | null, unknown]> = [];
    const { build } = stubBuild("production");
    const app = createStorefrontApp({
      build,
      mode: "production",
      commerce: (request, bindings) => {
        seen.push([request.headers.get("X-Client-Address"), bindings]);
        return api(request);
      },
      trustedProxyHops: 1,
    });
    const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    const spoofed = { "X-Client-Address": "6.6.6.6", "X-Forwarded-For": "7.7.7.7, 198.51.100.8" };
    await app.request("/v2/EspectaculoCartelTipos", { headers: spoofed }, socket("10.0.0.2"));
    // No connection at all (nothing to believe): no address.
    await app.request("/v2/EspectaculoCartelTipos", { headers: spoofed });
    expect(seen).toEqual([
      ["198.51.100.8", { commerceCaller: { address: "198.51.100.8" } }],
      [null, { commerceCaller: { address: undefined } }],
    ]);
  });

  it("hands the API to each build development loads, as Vite reloads modules", async () => {
    const builds = [stubBuild("first"), stubBuild("second")];
    let next = 0;
    const app = createStorefrontApp({
      build: async () => builds[next++ % builds.length].build,
      mode: "development",
      commerce: api,
    });
    expect(await (await app.request("/")).text()).toContain("first");
    expect(await (await app.request("/")).text()).toContain("second");
    const [first, second] = builds.map(({ entry }) => entry.registered);
    expect(first).toBeTypeOf("function");
    expect(second).toBe(first);
  });

  it("shows why a build failed to load in development", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createStorefrontApp({
      build: async () => {
        throw new SyntaxError("Unexpected token in billboard.tsx");
      },
      mode: "development",
    });
    const page = await app.request("/");
    expect(page.status).toBe(500);
    expect(await page.text()).toContain("Unexpected token in billboard.tsx");
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("leaves the storefront unregistered when the API is remote", async () => {
    const { build, entry } = stubBuild("remote");
    const app = createStorefrontApp({ build, mode: "production" });
    expect((await app.request("/v2/EspectaculoCartelTipos")).status).toBe(200);
    expect(await (await app.request("/v2/EspectaculoCartelTipos")).text()).toContain("remote");
    expect(entry.registered).toBeUndefined();
  });

  it("answers static files before documents", async () => {
    const staticFiles: MiddlewareHandler = async (c, next) =>
      c.req.path === "/favicon.svg" ? c.body("<svg/>") : next();
    const app = createStorefrontApp({
      build: stubBuild("p").build,
      mode: "production",
      staticFiles,
    });
    expect(await (await app.request("/favicon.svg")).text()).toBe("<svg/>");
    expect(await (await app.request("/other")).text()).toContain("<p>p</p>");
  });

  it("refuses cross-site forms and compresses, in both modes", async () => {
    for (const mode of ["production", "development"] as const) {
      const { build } = stubBuild(mode);
      const app = createStorefrontApp({
        build: mode === "production" ? build : async () => build,
        mode,
        commerce: api,
      });
      const forged = await app.request("/logout", {
        method: "POST",
        headers: { origin: "https://evil.example", "accept-language": "en" },
      });
      expect(forged.status).toBe(403);
      const page = await app.request("/", { headers: { "accept-encoding": "gzip" } });
      expect(page.headers.get("content-encoding")).toBe("gzip");
    }
  });
});
