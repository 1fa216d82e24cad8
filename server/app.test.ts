import type { MiddlewareHandler } from "hono";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import handleDocument from "../app/entry.server.tsx";
import { handle as checkoutHandle } from "../app/routes/buy-ticket/route.tsx";
import { adoptEmbeddedPaymentOrigins } from "../app/services/payment-origins.server.ts";
import {
  requestInfoContext,
  requestInfoOf,
  routePatternMiddleware,
} from "../app/services/request-info.server.ts";
import { capturingLogger } from "../commerce/testing/logs.ts";
import { type CommerceFetch, createStorefrontApp } from "./app.ts";

/**
 * The least of a React Router build that renders one route: its entry answers every document
 * with a page naming the build and carrying a script with the nonce it was handed, and
 * records the API it was handed. Its root middleware names the route, as the real root does.
 */
function stubBuild(name: string) {
  const entry = {
    registered: undefined as CommerceFetch | undefined,
    registerEmbeddedCommerce(fetch: CommerceFetch) {
      entry.registered = fetch;
    },
    requestInfoContext,
    default: (
      _request: Request,
      status: number,
      headers: Headers,
      _context: unknown,
      loadContext: RouterContextProvider,
    ) => {
      const nonce = requestInfoOf(loadContext)?.nonce;
      headers.set("Content-Type", "text/html; charset=utf-8");
      const page = `${`<p>${name}</p>`.repeat(200)}<script nonce="${nonce}">hydrate()</script>`;
      return new Response(page, { status, headers });
    },
  };
  const component = { default: () => null };
  // A root and a splat below it: every path matches.
  const root = {
    id: "root",
    path: "",
    module: { ...component, middleware: [routePatternMiddleware] },
  };
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

  it("sends the waiting room's pages (/cola, /cola/*) to the API, nothing else", async () => {
    const { build } = stubBuild("production");
    const app = createStorefrontApp({ build, mode: "production", commerce: api });
    for (const path of ["/cola", "/cola/estado", "/cola/espera.js"]) {
      expect(await (await app.request(`${path}?qid=1`)).json()).toMatchObject({
        oData: { path },
      });
    }
    expect(await (await app.request("/colamente")).text()).toContain("<p>production</p>");
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

  it("lets a form from the public origin reach the storefront behind a TLS proxy", async () => {
    // The buyer's page is on https://entradas.example; the proxy reaches the server over http.
    const { logger, lines } = capturingLogger();
    const { build } = stubBuild("production");
    const app = createStorefrontApp({
      build,
      mode: "production",
      logger,
      publicOrigin: "https://entradas.example",
    });
    for (const url of ["http://entradas.example/login", "http://10.0.0.5:3000/login"]) {
      const posted = await app.request(url, {
        method: "POST",
        headers: { Origin: "https://entradas.example", "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ a: "1" }),
      });
      // The stub's route has no action: React Router's own answer, not a refusal (400).
      expect(posted.status, url).toBe(405);
    }
    expect(lines().filter((line) => line.msg === "cross-site form refused")).toEqual([]);
  });

  it("refuses a form from another site with a translated 403 and one warning, no stack", async () => {
    const { logger, lines } = capturingLogger();
    const { build } = stubBuild("production");
    const app = createStorefrontApp({ build, mode: "production", logger });
    const forged = [
      // A browser's cross-site form.
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      // A script claiming same-origin while naming another origin.
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
    ];
    for (const headers of forged) {
      const refused = await app.request("http://shop.test/logout", {
        method: "POST",
        headers: { ...headers, "Accept-Language": "en" },
        body: new URLSearchParams({ a: "1" }),
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toBe("Bad Request");
    }
    const warnings = lines().filter((line) => line.msg === "cross-site form refused");
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) {
      expect(warning).toMatchObject({ level: "warn", origin: "https://evil.example" });
      expect(warning).not.toHaveProperty("err");
      expect(warning).not.toHaveProperty("stack");
    }
    expect(lines().filter((line) => line.level === "error")).toEqual([]);
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

  it("shows why a build failed to load in development, and logs it with the request id", async () => {
    const { logger, lines } = capturingLogger();
    const app = createStorefrontApp({
      build: async () => {
        throw new SyntaxError("Unexpected token in billboard.tsx");
      },
      mode: "development",
      logger,
    });
    const page = await app.request("/");
    expect(page.status).toBe(500);
    expect(await page.text()).toContain("Unexpected token in billboard.tsx");
    const failure = lines().find((line) => line.level === "error");
    expect(failure).toMatchObject({
      requestId: page.headers.get("x-request-id"),
      msg: "request failed",
      err: { type: "SyntaxError", message: "Unexpected token in billboard.tsx" },
    });
  });

  it("answers a failure in production without its message, and logs it scrubbed", async () => {
    const { logger, lines } = capturingLogger();
    const failing: CommerceFetch = () => {
      throw new Error('Failed query: insert into "customers" values ($1)\nparams: ana@example.com');
    };
    const app = createStorefrontApp({
      build: stubBuild("p").build,
      mode: "production",
      commerce: failing,
      logger,
    });
    const answer = await app.request("/v2/Cliente/Insertar", { method: "POST" });
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe("Internal Server Error");
    const failure = lines().find((line) => line.level === "error");
    expect(failure?.requestId).toBe(answer.headers.get("x-request-id"));
    expect(failure?.err).toMatchObject({ query: 'insert into "customers" values ($1)' });
    expect(JSON.stringify(lines())).not.toContain("ana@example.com");
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

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string | null): Record<string, string> {
  return Object.fromEntries(
    (policy ?? "").split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("security headers of what the server answers", () => {
  it("lets a page run only the scripts that carry this request's nonce", async () => {
    const app = createStorefrontApp({ build: stubBuild("p").build, mode: "production" });
    const first = await app.request("/login");
    const second = await app.request("/login");
    const policy = directives(first.headers.get("content-security-policy"));
    const nonce = /<script nonce="([^"]+)">/.exec(await first.text())?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy["script-src"]).toBe(`'nonce-${nonce}' 'strict-dynamic'`);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(policy).toMatchObject({
      "default-src": "'self'",
      "style-src": "'self'",
      "img-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("allows development's injected styles, and nothing more", async () => {
    const { build } = stubBuild("d");
    const app = createStorefrontApp({ build: async () => build, mode: "development" });
    const page = await app.request("/");
    const policy = directives(page.headers.get("content-security-policy"));
    expect(policy["style-src"]).toBe("'self' 'unsafe-inline'");
    expect(policy["script-src"]).toMatch(/^'nonce-[^']+' 'strict-dynamic'$/);
  });

  it("gives the API's answers, static files and refusals the policy of a resource", async () => {
    const staticFiles: MiddlewareHandler = async (c, next) =>
      c.req.path === "/logo.svg"
        ? c.body("<svg/>", 200, { "Content-Type": "image/svg+xml" })
        : next();
    const documentation: CommerceFetch = (request) =>
      new URL(request.url).pathname === "/v2/docs"
        ? new Response("<h1>API</h1>", {
            headers: {
              "Content-Type": "text/html",
              "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
            },
          })
        : api(request);
    const app = createStorefrontApp({
      build: stubBuild("p").build,
      mode: "production",
      commerce: documentation,
      staticFiles,
    });
    const answers = [
      await app.request("/v2/EspectaculoCartelTipos"),
      await app.request("/logo.svg"),
      await app.request("/logout", { method: "POST", headers: { origin: "https://evil.example" } }),
    ];
    for (const answer of answers) {
      expect(directives(answer.headers.get("content-security-policy"))).toMatchObject({
        "default-src": "'none'",
        "frame-ancestors": "'none'",
      });
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // An answer with a policy of its own keeps it.
    const docs = await app.request("/v2/docs");
    expect(docs.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(docs.headers.get("x-frame-options")).toBe("DENY");
  });

  it("asks for HTTPS only over HTTPS, or always when the public origin is https", async () => {
    const { build } = stubBuild("p");
    const direct = createStorefrontApp({ build, mode: "production" });
    const plain = await direct.request("http://shop.test/");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(
      (await direct.request("https://shop.test/")).headers.get("strict-transport-security"),
    ).toBe("max-age=31536000; includeSubDomains");
    const behindProxy = createStorefrontApp({
      build,
      mode: "production",
      publicOrigin: "https://entradas.example.gob.ar",
    });
    const page = await behindProxy.request("http://10.0.0.5:3000/");
    expect(page.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});

/**
 * A build rendered by the storefront's own entry, with the checkout's real handle on its
 * checkout route and a plain page for every other path.
 */
function buildWithCheckout() {
  const { build } = stubBuild("payments");
  const component = { default: () => null };
  const checkout = {
    id: "BuyTicket",
    parentId: "root",
    path: "BuyTicket/:idProcesoDeCompra",
    module: { ...component, handle: checkoutHandle },
  };
  const routes = { ...build.routes, BuyTicket: checkout };
  const { module: _, ...checkoutAsset } = checkout;
  const assets = {
    ...build.assets,
    routes: { ...build.assets.routes, BuyTicket: { ...checkoutAsset, module: "/checkout.js" } },
  };
  const entry = { module: { ...build.entry.module, default: handleDocument } };
  return { ...build, entry, routes, assets } as unknown as ServerBuild;
}

describe("payment providers in a page's policy", () => {
  const providers = /127\.0\.0\.1:46[12]0/;

  it("allows the providers' origins on the checkout only: not the home page, not a file", async () => {
    const staticFiles: MiddlewareHandler = async (c, next) =>
      c.req.path === "/logo.svg"
        ? c.body("<svg/>", 200, { "Content-Type": "image/svg+xml" })
        : next();
    // Where the embedded API's stand-ins listen, as server/runtime.ts hands them over.
    adoptEmbeddedPaymentOrigins({
      bancard: "http://127.0.0.1:4610",
      paypalApproval: "http://127.0.0.1:4620",
    });
    const app = createStorefrontApp({
      build: buildWithCheckout(),
      mode: "production",
      staticFiles,
    });

    const checkout = await app.request("/BuyTicket/12");
    expect(checkout.headers.get("content-type")).toMatch(/^text\/html/);
    const policy = directives(checkout.headers.get("content-security-policy"));
    expect(policy["frame-src"]).toBe("'self' http://127.0.0.1:4610");
    expect(policy["script-src"]).toMatch(
      /^'nonce-[^']+' 'strict-dynamic' http:\/\/127\.0\.0\.1:4610$/,
    );
    expect(policy["form-action"]).toBe("'self' http://127.0.0.1:4610 http://127.0.0.1:4620");
    // A HEAD gets the headers its GET would.
    const head = await app.request("/BuyTicket/12", { method: "HEAD" });
    expect(head.headers.get("content-security-policy")).toMatch(providers);

    for (const path of ["/", "/logo.svg", "/BuyTicket/12.data"]) {
      const answer = await app.request(path);
      expect(answer.headers.get("content-security-policy"), path).not.toMatch(providers);
    }
    const home = directives((await app.request("/")).headers.get("content-security-policy"));
    expect(home["form-action"]).toBe("'self'");
    expect(home["frame-src"]).toBeUndefined();
  });
});

describe("the request log", () => {
  it("writes one line per request: id, method, route pattern, status, duration", async () => {
    const { logger, lines } = capturingLogger();
    const app = createStorefrontApp({ build: stubBuild("p").build, mode: "production", logger });
    const page = await app.request("/funcion/hamlet/7?cEmail=ana@example.com");
    const requestId = page.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({
      level: "info",
      name: "test",
      msg: "request",
      requestId,
      method: "GET",
      route: "/*",
      status: 200,
    });
    expect(lines()[0].ms).toBeTypeOf("number");
    expect(JSON.stringify(lines())).not.toContain("ana@example.com");
  });

  it("names the API's route by its contract path and hands the API the same id", async () => {
    const { logger, lines } = capturingLogger();
    const seen: Array<string | null> = [];
    const recording: CommerceFetch = (request) => {
      seen.push(request.headers.get("x-request-id"));
      return api(request);
    };
    const app = createStorefrontApp({
      build: stubBuild("p").build,
      mode: "production",
      commerce: recording,
      logger,
    });
    const answer = await app.request("/v2/Proceso/12/Cobrar?token=secret", {
      method: "POST",
      body: "{}",
    });
    const missing = await app.request("/v2/Nada/1?x=2");
    expect(seen).toEqual([answer.headers.get("x-request-id"), missing.headers.get("x-request-id")]);
    expect(lines().map(({ route, method }) => `${method} ${route}`)).toEqual([
      "POST /v2/Proceso/{id}/Cobrar",
      "GET /v2/Nada/1",
    ]);
  });

  it("keeps a proxy's well-formed request id and replaces anything else", async () => {
    const app = createStorefrontApp({
      build: stubBuild("p").build,
      mode: "production",
      logger: capturingLogger().logger,
    });
    const kept = await app.request("/", { headers: { "x-request-id": "lb-2f9c1e0a77" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-2f9c1e0a77");
    const replaced = await app.request("/", { headers: { "x-request-id": "ana@example.com" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
