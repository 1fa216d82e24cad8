import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { pageCacheHeader } from "../app/lib/page-cache.ts";
import { metricsRegistry } from "../commerce/operations/metrics.ts";
import { anonymousPageCache, pageCacheKeyOf } from "./page-cache.ts";

type Env = { Variables: { cspNonce: string; route?: string } };

type Render = (request: Request, nonce: string) => Response | Promise<Response>;

/** A page that names its nonce twice and counts its renders. */
const sharedPage: Render = (request, nonce) =>
  new Response(
    `<html><script nonce="${nonce}">1</script><p>${new URL(request.url).pathname}</p>` +
      `<link rel="modulepreload" nonce="${nonce}"></html>`,
    {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        [pageCacheHeader]: "anonymous",
        "X-Render": request.headers.get("accept-language") ?? "",
      },
    },
  );

function shop(render: Render = sharedPage, options: { ttlMs?: number; maxCopies?: number } = {}) {
  let clock = 1_000_000;
  let nonces = 0;
  let renders = 0;
  const app = new Hono<Env>();
  app.use(async (c, next) => {
    c.set("cspNonce", `nonce-${++nonces}+/=`);
    await next();
  });
  app.use(
    anonymousPageCache({
      ttlMs: options.ttlMs ?? 1000,
      maxCopies: options.maxCopies,
      now: () => clock,
    }),
  );
  app.all("*", async (c) => {
    renders++;
    c.set("route", "/page");
    return render(c.req.raw, c.get("cspNonce"));
  });
  return {
    get: (path = "/", headers: Record<string, string> = {}, method = "GET") =>
      app.request(path, { method, headers }),
    renders: () => renders,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("anonymous page cache", () => {
  it("answers an anonymous visitor a copy with the request's own nonce, never the mark", async () => {
    const server = shop();
    const first = await server.get();
    const second = await server.get();
    expect(server.renders()).toBe(1);
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];
    expect(firstHtml).toContain('nonce="nonce-1+/="');
    expect(secondHtml).toBe(firstHtml.replaceAll("nonce-1+/=", "nonce-2+/="));
    expect(secondHtml).not.toContain("nonce-1");
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get(pageCacheHeader)).toBeNull();
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it("renders for anyone who sends a cookie or credentials, and keeps nothing of it", async () => {
    const server = shop();
    await server.get("/", { Cookie: "__session=abc" });
    const withCookie = await server.get("/", { Cookie: "__session=abc" });
    await server.get("/", { Authorization: "Bearer t" });
    expect(server.renders()).toBe(3);
    expect(withCookie.headers.get(pageCacheHeader)).toBeNull();
    // The first anonymous visitor still gets a render of their own.
    await server.get("/");
    expect(server.renders()).toBe(4);
  });

  it("keeps a copy per address and per Accept-Language", async () => {
    const server = shop();
    await server.get("/", { "Accept-Language": "es" });
    await server.get("/", { "Accept-Language": "en" });
    await server.get("/landing/x", { "Accept-Language": "es" });
    await server.get("/?pagina=2", { "Accept-Language": "es" });
    expect(server.renders()).toBe(4);
    const english = await server.get("/", { "Accept-Language": "en" });
    expect(english.headers.get("X-Render")).toBe("en");
    expect(server.renders()).toBe(4);
  });

  it("renders again once the copy is older than its lifetime", async () => {
    const server = shop(sharedPage, { ttlMs: 1000 });
    await server.get();
    server.advance(999);
    await server.get();
    expect(server.renders()).toBe(1);
    server.advance(1);
    await server.get();
    expect(server.renders()).toBe(2);
  });

  it("keeps nothing the route did not share, nor an error, a cookie or another method's answer", async () => {
    const cases: Array<[string, Render, string?]> = [
      [
        "not opted in",
        () => new Response("<p>x</p>", { headers: { "Content-Type": "text/html" } }),
      ],
      [
        "a 404",
        (request, nonce) => {
          const page = sharedPage(request, nonce) as Response;
          return new Response(page.body, { status: 404, headers: page.headers });
        },
      ],
      [
        "a cookie set",
        (request, nonce) => {
          const page = sharedPage(request, nonce) as Response;
          page.headers.append("Set-Cookie", "__session=new");
          return page;
        },
      ],
      [
        "not HTML",
        () =>
          new Response("{}", {
            headers: { "Content-Type": "application/json", [pageCacheHeader]: "anonymous" },
          }),
      ],
      ["a HEAD", sharedPage, "HEAD"],
      ["a POST", sharedPage, "POST"],
    ];
    for (const [name, render, method] of cases) {
      const server = shop(render);
      const first = await server.get("/", {}, method);
      await server.get("/", {}, method);
      expect(server.renders(), name).toBe(2);
      expect(first.headers.get(pageCacheHeader), name).toBeNull();
    }
  });

  it("passes on an answer whose headers cannot be written (a redirect) untouched", async () => {
    const server = shop(() => Response.redirect("http://shop.test/login", 302));
    for (const headers of [{}, { Cookie: "__session=abc" }] as Record<string, string>[]) {
      const answer = await server.get("/", headers);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("http://shop.test/login");
    }
  });

  it("lets visitors who arrive while a shared page renders again wait for that render", async () => {
    let gate: Promise<void> = Promise.resolve();
    const server = shop(async (request, nonce) => {
      await gate;
      return sharedPage(request, nonce);
    });
    await server.get();
    server.advance(1000);
    let release: () => void = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    const answers = Promise.all([server.get(), server.get(), server.get()]);
    release();
    const pages = await Promise.all((await answers).map((answer) => answer.text()));
    expect(server.renders()).toBe(2);
    expect(pages.map((page) => page.match(/nonce="([^"]+)"/)?.[1])).toEqual([
      "nonce-2+/=",
      "nonce-3+/=",
      "nonce-4+/=",
    ]);
  });

  it("never holds back a visitor of a page that is not shared", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = shop(async () => {
      await gate;
      return new Response("<p>login</p>", { headers: { "Content-Type": "text/html" } });
    });
    const answers = Promise.all([server.get("/login"), server.get("/login")]);
    // Both render at once: neither waits for the other's answer.
    await vi.waitFor(() => expect(server.renders()).toBe(2));
    release();
    expect((await answers).map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("drops the oldest copy past its limit", async () => {
    const server = shop(sharedPage, { maxCopies: 2 });
    await server.get("/a");
    await server.get("/b");
    await server.get("/c");
    expect(server.renders()).toBe(3);
    await server.get("/c");
    await server.get("/b");
    expect(server.renders()).toBe(3);
    await server.get("/a");
    expect(server.renders()).toBe(4);
  });

  it("counts the answers from a copy and the renders kept, for the operators' hit rate", async () => {
    const counted = async () => {
      const metric = await metricsRegistry.getSingleMetric("shop_page_copies_total")?.get();
      const value = (outcome: string) =>
        metric?.values.find(
          (entry) => entry.labels.outcome === outcome && entry.labels.visitor === "anonymous",
        )?.value ?? 0;
      return { answered: value("answered"), kept: value("kept") };
    };
    const before = await counted();
    const server = shop();
    await server.get();
    await server.get();
    await server.get();
    await server.get("/", { Cookie: "__session=abc" });
    const after = await counted();
    expect(after.kept - before.kept).toBe(1);
    expect(after.answered - before.answered).toBe(2);
  });

  it("is off with no lifetime", async () => {
    const server = shop(sharedPage, { ttlMs: 0 });
    const first = await server.get();
    await server.get();
    expect(server.renders()).toBe(2);
    expect(first.headers.get(pageCacheHeader)).toBeNull();
  });
});

describe("pageCacheKeyOf", () => {
  const request = (url: string, headers: Record<string, string> = {}) =>
    new Request(url, { headers });

  it("names the whole address (origin included) and the languages asked for", () => {
    expect(pageCacheKeyOf(request("http://shop.test/?pagina=2", { "Accept-Language": "pt" }))).toBe(
      "http://shop.test/?pagina=2\npt",
    );
    expect(pageCacheKeyOf(request("http://other.test/"))).not.toBe(
      pageCacheKeyOf(request("http://shop.test/")),
    );
  });

  it("refuses what could be personal or is too long to keep", () => {
    expect(pageCacheKeyOf(request("http://shop.test/", { Cookie: "lng=en" }))).toBeNull();
    expect(pageCacheKeyOf(request("http://shop.test/", { Authorization: "Bearer x" }))).toBeNull();
    expect(pageCacheKeyOf(request(`http://shop.test/?q=${"x".repeat(600)}`))).toBeNull();
    expect(
      pageCacheKeyOf(request("http://shop.test/", { "Accept-Language": "es,".repeat(200) })),
    ).toBeNull();
  });
});
