import { endpoints } from "@contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../commerce/db/client.ts";
import { buildFixture, createTestApi, testDatabase } from "../../commerce/testing/harness.ts";
import { callEndpoint, registerEmbeddedCommerce, transportFailureCode } from "./commerce.server";

const request = new Request("http://shop.test/funcion/x/7?from=billboard");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe("callEndpoint against the embedded API (in-process)", () => {
  it("parses a successful answer with the contract and sends the buyer's language", async () => {
    const t = createTestApi(database.db);
    await buildFixture(database.db, t.clock);
    registerEmbeddedCommerce(t.api.fetch);
    const result = await callEndpoint({ request, locale: "pt" }, endpoints.showTypes);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.Lista.length).toBeGreaterThan(0);
  });

  it("hands back nCode > 299 as a failure with its code and translated message", async () => {
    const t = createTestApi(database.db);
    registerEmbeddedCommerce(t.api.fetch);
    const result = await callEndpoint({ request, locale: "en" }, endpoints.login, {
      body: { cEmail: "nobody@example.com", cClave: "Secreta123" },
    });
    expect(result).toMatchObject({ ok: false, code: "BAD_CREDENTIALS" });
    if (!result.ok) expect(result.nCode).toBeGreaterThan(299);
  });

  it("sends the buyer to /login carrying the wanted path on HTTP 401", async () => {
    const t = createTestApi(database.db);
    registerEmbeddedCommerce(t.api.fetch);
    const thrown = await callEndpoint(
      { request, locale: "es", token: "not-a-valid-token" },
      endpoints.orders,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/funcion/x/7?from=billboard")}`,
    );
  });
});

describe("callEndpoint when the API cannot be reached", () => {
  it("turns a transport failure into nCode 555 with the spec's text in the buyer's language", async () => {
    registerEmbeddedCommerce(async () => {
      throw new TypeError("fetch failed: connect ECONNREFUSED");
    });
    const result = await callEndpoint({ request, locale: "en" }, endpoints.showTypes);
    expect(result).toEqual({
      ok: false,
      nCode: transportFailureCode,
      code: "TRANSPORT",
      message: "A communication error has occurred with the server",
    });
  });

  it("treats an answer that is not the API's JSON as a transport failure, translated", async () => {
    registerEmbeddedCommerce(
      async () => new Response("<html>502 Bad Gateway</html>", { status: 502 }),
    );
    const result = await callEndpoint({ request, locale: "pt" }, endpoints.showTypes);
    expect(result).toMatchObject({
      ok: false,
      nCode: transportFailureCode,
      message: "Ocorreu um erro de comunicação com o servidor",
    });
  });

  it("treats an answer outside the contract as a failure, not as data", async () => {
    registerEmbeddedCommerce(async () => Response.json({ nCode: 200, oData: { Lista: "nope" } }));
    const result = await callEndpoint({ request, locale: "es" }, endpoints.showTypes);
    expect(result).toMatchObject({ ok: false, nCode: 502 });
  });
});
