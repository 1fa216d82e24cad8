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

/** A request as the server hands it on: X-Client-Address is the address it resolved. */
const from = (ip: string, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/", { headers: { "x-client-address": ip, ...headers } });

describe("countryCodeOf", () => {
  it("asks the lookup service for the buyer's address", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl));
    expect(await countryCodeOf(from("190.2.3.4"))).toBe("UY");
  });

  it("falls back to the configured country on an unknown, failed, odd or slow answer", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl, 200));
    for (const ip of ["200.1.1.1", "10.9.9.9", "1.2.3.4", "5.6.7.8"]) {
      expect(await countryCodeOf(from(ip)), ip).toBe("AR");
    }
  });

  it("lets a declared proxy's country win and asks nobody", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl));
    for (const header of ["cf-ipcountry", "x-country-code"]) {
      expect(await countryCodeOf(from("190.2.3.4", { [header]: "CL" }), 1), header).toBe("CL");
    }
    expect(calls).toBe(0);
  });

  it("ignores a country the client sent itself, without declared proxies", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl));
    for (const header of ["cf-ipcountry", "x-country-code"]) {
      // The lookup of the connection's address decides.
      expect(await countryCodeOf(from("190.2.3.4", { [header]: "CL" }), 0), header).toBe("UY");
    }
    setCountryLookup(null);
    // Nothing to look up with: the configured country.
    expect(await countryCodeOf(from("190.2.3.4", { "x-country-code": "CL" }), 0)).toBe("AR");
  });

  it("never takes the address from X-Forwarded-For, which the client may write", async () => {
    setCountryLookup(httpCountryLookup(lookupUrl));
    // No address resolved by the server (a request made in-process): nobody to ask.
    const spoofed = new Request("http://shop.test/", {
      headers: { "x-forwarded-for": "190.2.3.4", "x-real-ip": "190.2.3.4" },
    });
    expect(await countryCodeOf(spoofed)).toBe("AR");
    // The server resolved the connection's address: that one is asked, not the header's.
    const connected = new Request("http://shop.test/", {
      headers: { "x-forwarded-for": "190.2.3.4", "x-client-address": "200.1.1.1" },
    });
    expect(await countryCodeOf(connected)).toBe("AR");
    expect(calls).toBe(1);
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
