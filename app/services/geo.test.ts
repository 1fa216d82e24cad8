// The IP-to-country lookup against an outside HTTP service, played by msw: the real fetch
// code path, its timeout and its fallbacks.
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  cachedCountryLookup,
  countryCodeOf,
  httpCountryLookup,
  setCountryLookup,
} from "./geo.server";

const lookupUrl = "https://ip-lookup.test/json/{ip}";
let calls = 0;

const server = setupServer(
  http.get("https://ip-lookup.test/json/:ip", ({ params }) => {
    calls += 1;
    switch (params.ip) {
      case "190.2.3.4":
        return HttpResponse.json({ status: "success", countryCode: "UY" });
      case "200.1.1.1":
        return HttpResponse.json({ status: "fail", message: "reserved range" });
      case "10.9.9.9":
        return new HttpResponse("busy", { status: 503 });
      case "1.2.3.4":
        return HttpResponse.json({ countryCode: "uy; drop table" });
      default:
        // Slower than the lookup waits.
        return new Promise((resolve) =>
          setTimeout(() => resolve(HttpResponse.json({ countryCode: "BR" })), 2_000),
        );
    }
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  setCountryLookup(null);
  calls = 0;
});
afterAll(() => server.close());

const from = (ip: string, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/", {
    headers: { "x-forwarded-for": `${ip}, 10.0.0.1`, ...headers },
  });

describe("countryCodeOf", () => {
  it("asks the lookup service for the client's first-hop address", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl));
    expect(await countryCodeOf(from("190.2.3.4"))).toBe("UY");
  });

  it("falls back to the configured country on an unknown, failed, odd or slow answer", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl, 200));
    for (const ip of ["200.1.1.1", "10.9.9.9", "1.2.3.4", "5.6.7.8"]) {
      expect(await countryCodeOf(from(ip)), ip).toBe("AR");
    }
  });

  it("lets a trusted proxy's country win and asks nobody", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl));
    expect(await countryCodeOf(from("190.2.3.4", { "cf-ipcountry": "CL" }))).toBe("CL");
    expect(calls).toBe(0);
  });

  it("asks once per address within the hour", async () => {
    setCountryLookup(cachedCountryLookup(httpCountryLookup(lookupUrl)));
    for (let i = 0; i < 3; i++) expect(await countryCodeOf(from("190.2.3.4"))).toBe("UY");
    expect(calls).toBe(1);
  });

  it("uses the offline default when no lookup is configured", async () => {
    expect(await countryCodeOf(from("190.2.3.4"))).toBe("AR");
    expect(calls).toBe(0);
  });
});
