import { describe, expect, it } from "vitest";
import { isCrossSite } from "./cross-site.ts";

const post = (url: string, headers: Record<string, string>) =>
  new Request(url, { method: "POST", headers });

describe("isCrossSite", () => {
  it("lets same-origin submissions through", () => {
    expect(isCrossSite(post("http://shop.test/login", { "sec-fetch-site": "same-origin" }))).toBe(
      false,
    );
    expect(isCrossSite(post("http://shop.test/login", { origin: "http://shop.test" }))).toBe(false);
  });

  it("refuses forms posted from another site", () => {
    expect(isCrossSite(post("http://shop.test/logout", { origin: "https://evil.example" }))).toBe(
      true,
    );
    expect(isCrossSite(post("http://shop.test/logout", { "sec-fetch-site": "cross-site" }))).toBe(
      true,
    );
  });

  it("believes Origin over a Sec-Fetch-Site that contradicts it (only a script sends both)", () => {
    const forged = post("http://shop.test/logout", {
      origin: "https://evil.example",
      "sec-fetch-site": "same-origin",
    });
    expect(isCrossSite(forged)).toBe(true);
  });

  it("accepts the public origin behind a proxy", () => {
    const publicOrigin = "https://entradas.example.gob.ar";
    const behindProxy = post("http://10.0.0.5:3000/login", { origin: publicOrigin });
    expect(isCrossSite(behindProxy, publicOrigin)).toBe(false);
    expect(isCrossSite(behindProxy)).toBe(true);
  });

  it("leaves reads, the token-based API and silent clients alone", () => {
    const read = new Request("http://shop.test/", { headers: { origin: "https://evil.example" } });
    expect(isCrossSite(read)).toBe(false);
    expect(
      isCrossSite(post("http://shop.test/v2/Contacto", { origin: "https://other.example" })),
    ).toBe(false);
    expect(isCrossSite(post("http://shop.test/login", {}))).toBe(false);
  });
});
