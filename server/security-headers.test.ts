import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { PaymentProvider } from "../app/lib/payment-provider-pages.ts";
import { policyOrigin } from "../commerce/http/security-headers.ts";
import {
  pageContentSecurityPolicy,
  paymentProviderSources,
  type SecurityHeadersEnv,
  securityHeaders,
} from "./security-headers.ts";

const origins = { bancard: "https://vpos.bancard.test", paypalApproval: "https://www.paypal.test" };

/** A server with the middleware and a few kinds of answers. */
function appWith(options: Parameters<typeof securityHeaders>[0]) {
  const app = new Hono<SecurityHeadersEnv>();
  app.use(securityHeaders(options));
  app.get("/page", (c) => c.html(`<script nonce="${c.get("cspNonce")}"></script>`));
  app.get("/data", (c) => c.json({ ok: true }));
  // What server/app.ts does after a payment page's render.
  app.get("/checkout", (c) => {
    c.set("paymentProviders", ["bancard", "paypal"]);
    return c.html("<form></form>");
  });
  app.get("/checkout.json", (c) => {
    c.set("paymentProviders", ["bancard", "paypal"]);
    return c.json({ ok: true });
  });
  app.get("/framed", (c) =>
    c.html("<p>widget</p>", 200, {
      "Content-Security-Policy": "frame-ancestors https://a.example",
    }),
  );
  // What fetch() hands back: headers that cannot be changed.
  app.get("/fetched", async () => {
    const answer = Response.json({ ok: true });
    return new Proxy(answer, {
      get(target, property) {
        if (property !== "headers") return Reflect.get(target, property, target);
        const frozen = new Headers(target.headers);
        frozen.set = () => {
          throw new TypeError("immutable");
        };
        return frozen;
      },
    });
  });
  return app;
}

describe("securityHeaders", () => {
  it("names the nonce the page was rendered with in the page's policy", async () => {
    const page = await appWith({ development: false }).request("/page");
    const nonce = /nonce="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    expect(page.headers.get("content-security-policy")).toBe(
      pageContentSecurityPolicy(nonce, false),
    );
    expect(page.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  it("gives data the policy of a resource", async () => {
    const data = await appWith({ development: false }).request("/data");
    expect(data.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(data.headers.get("x-content-type-options")).toBe("nosniff");
    expect(data.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("keeps a policy the answer set itself", async () => {
    const framed = await appWith({ development: false }).request("/framed");
    expect(framed.headers.get("content-security-policy")).toBe("frame-ancestors https://a.example");
  });

  it("denies pages the browser features the shop never uses, keeping the door's camera", async () => {
    const page = await appWith({ development: false }).request("/page");
    const policy = page.headers.get("permissions-policy") ?? "";
    const allowed = new Map(
      policy.split(",").map((entry) => entry.trim().split("=") as [string, string]),
    );
    for (const feature of ["microphone", "geolocation", "payment", "usb", "serial", "hid"]) {
      expect(allowed.get(feature), feature).toBe("()");
    }
    expect(allowed.get("camera")).toBe("(self)");
  });

  it("keeps pages out of other sites' windows (Cross-Origin-Opener-Policy)", async () => {
    const app = appWith({ development: false });
    for (const path of ["/page", "/data"]) {
      expect((await app.request(path)).headers.get("cross-origin-opener-policy"), path).toBe(
        "same-origin",
      );
    }
  });

  it("copies an answer whose headers are read-only rather than failing", async () => {
    const fetched = await appWith({ development: false }).request("/fetched");
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual({ ok: true });
    expect(fetched.headers.get("x-frame-options")).toBe("DENY");
  });

  it("adds HSTS over HTTPS, or behind an https public origin", async () => {
    const direct = appWith({ development: false, publicOrigin: undefined });
    expect(
      (await direct.request("http://shop.test/data")).headers.has("strict-transport-security"),
    ).toBe(false);
    expect(
      (await direct.request("https://shop.test/data")).headers.has("strict-transport-security"),
    ).toBe(true);
    const proxied = appWith({ development: false, publicOrigin: "https://entradas.example" });
    expect(
      (await proxied.request("http://10.0.0.5/data")).headers.has("strict-transport-security"),
    ).toBe(true);
  });
});

describe("pageContentSecurityPolicy with the city's external login", () => {
  it("lets pages frame only the provider's origin besides their own; forms still post only to the shop", () => {
    const policy = pageContentSecurityPolicy("n", false, { frame: ["https://login.city.test"] });
    expect(policy).toContain("frame-src 'self' https://login.city.test");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(pageContentSecurityPolicy("n", false)).not.toContain("frame-src");
  });
});

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

const policyFor = (...providers: PaymentProvider[]) =>
  directives(pageContentSecurityPolicy("n", false, paymentProviderSources(providers, origins)));

describe("a payment page's policy", () => {
  it("names no provider unless the page asks", () => {
    const policy = pageContentSecurityPolicy("n", false, paymentProviderSources([], origins));
    expect(policy).toBe(pageContentSecurityPolicy("n", false));
    expect(policy).not.toContain("bancard");
    expect(policy).not.toContain("paypal");
  });

  it("Bancard: its card form's frame and script, and its hosted page after a post", () => {
    const policy = policyFor("bancard");
    expect(policy.get("frame-src")).toBe("'self' https://vpos.bancard.test");
    expect(policy.get("script-src")).toBe("'nonce-n' 'strict-dynamic' https://vpos.bancard.test");
    expect(policy.get("form-action")).toBe("'self' https://vpos.bancard.test");
    expect(policy.get("connect-src")).toBe("'self'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
  });

  it("PayPal: only its approval page, after a post", () => {
    const policy = policyFor("paypal");
    expect(policy.get("form-action")).toBe("'self' https://www.paypal.test");
    expect(policy.has("frame-src")).toBe(false);
    expect(policy.get("script-src")).toBe("'nonce-n' 'strict-dynamic'");
  });

  it("both, with the city's login frame kept", () => {
    const page = pageContentSecurityPolicy("n", false, {
      ...paymentProviderSources(["bancard", "paypal"], origins),
      frame: ["https://login.city.test", "https://vpos.bancard.test"],
    });
    const policy = directives(page);
    expect(policy.get("frame-src")).toBe(
      "'self' https://login.city.test https://vpos.bancard.test",
    );
    expect(policy.get("form-action")).toBe(
      "'self' https://vpos.bancard.test https://www.paypal.test",
    );
  });

  it("reduces a configured URL to its origin: no path, query or fragment", () => {
    expect(policyOrigin("https://vpos.infonet.com.py/checkout/javascript?x=1#y")).toBe(
      "https://vpos.infonet.com.py",
    );
    expect(policyOrigin("http://127.0.0.1:4610/")).toBe("http://127.0.0.1:4610");
    expect(policyOrigin("https://api-m.paypal.com:443/v2")).toBe("https://api-m.paypal.com");
  });

  it("refuses a value that would add a directive or a wildcard", () => {
    for (const value of [
      "https://x; script-src *",
      "https://x;script-src*",
      "https://x*.example",
      "https://x'.example",
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(() => policyOrigin(value), value).toThrow();
    }
    // And the builder names nothing but plain origins, whoever calls it.
    expect(() =>
      pageContentSecurityPolicy("n", false, { formAction: ["https://x;script-src*"] }),
    ).toThrow();
    expect(() => pageContentSecurityPolicy("n", false, { frame: ["https://x *"] })).toThrow();
  });
});

describe("securityHeaders on a payment page", () => {
  it("widens the page that declared providers, and nothing else", async () => {
    const app = appWith({ development: false, paymentProviderOrigins: () => origins });
    const checkout = directives(
      (await app.request("/checkout")).headers.get("content-security-policy") ?? "",
    );
    expect(checkout.get("frame-src")).toBe("'self' https://vpos.bancard.test");
    expect(checkout.get("form-action")).toBe(
      "'self' https://vpos.bancard.test https://www.paypal.test",
    );
    for (const path of ["/page", "/data", "/checkout.json"]) {
      const policy = (await app.request(path)).headers.get("content-security-policy") ?? "";
      expect(policy, path).not.toContain("bancard");
      expect(policy, path).not.toContain("paypal");
    }
  });
});
