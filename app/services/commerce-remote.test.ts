// The storefront's client against a commerce API running on its own HTTP server (the
// COMMERCE_API_URL mode), on 127.0.0.1.
import type { AddressInfo } from "node:net";
import { endpoints } from "@contract";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../commerce/db/client.ts";
import { buildFixture, createTestApi, testDatabase } from "../../commerce/testing/harness.ts";

let database: DatabaseHandle;
let server: ReturnType<typeof serve>;
let seenHeaders: Headers | undefined;

beforeAll(async () => {
  database = await testDatabase();
  const t = createTestApi(database.db);
  await buildFixture(database.db, t.clock);
  server = serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (request) => {
      seenHeaders = request.headers;
      return t.api.fetch(request);
    },
  });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.COMMERCE_API_URL = `http://127.0.0.1:${port}/v2`;
});

afterAll(async () => {
  server.close();
  await database.close();
});

describe("callEndpoint with COMMERCE_API_URL", () => {
  it("calls the remote API over HTTP with language, fingerprint and country headers", async () => {
    const { callEndpoint } = await import("./commerce.server");
    const request = new Request("http://shop.test/", {
      headers: { "user-agent": "test-phone", "accept-language": "pt-BR" },
    });
    const result = await callEndpoint({ request, locale: "pt" }, endpoints.showTypes);
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.data.Lista.map((type) => type.cNombre)).toContain("Teatro (pt)");
    expect(seenHeaders?.get("accept-language")).toBe("pt");
    expect(seenHeaders?.get("x-device-fingerprint")).toMatch(/^[\w-]{22}$/);
    expect(seenHeaders?.get("x-country-code")).toBe("AR");
  });
});
