import { showTypesResponse } from "@contract";
import { apiPaths } from "@contract/paths.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DatabaseHandle } from "../../commerce/db/client.ts";
import { buildFixture, createTestApi, testDatabase } from "../../commerce/testing/harness.ts";
import { callCommerce, registerEmbeddedCommerce, transportFailureCode } from "./commerce.server";

const request = new Request("http://shop.test/funcion/x/7?from=billboard");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe("callCommerce against the embedded API (in-process)", () => {
  it("parses a successful answer with the contract and sends the buyer's language", async () => {
    const t = createTestApi(database.db);
    await buildFixture(database.db, t.clock);
    registerEmbeddedCommerce(t.api.fetch);
    const result = await callCommerce({
      request,
      locale: "pt",
      path: apiPaths.showTypes(),
      schema: showTypesResponse,
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.Lista.length).toBeGreaterThan(0);
  });

  it("hands back nCode > 299 as a failure with its code and translated message", async () => {
    const t = createTestApi(database.db);
    registerEmbeddedCommerce(t.api.fetch);
    const result = await callCommerce({
      request,
      locale: "en",
      path: apiPaths.login(),
      method: "POST",
      body: { cEmail: "nobody@example.com", cClave: "Secreta123" },
      schema: z.unknown(),
    });
    expect(result).toMatchObject({ ok: false, code: "BAD_CREDENTIALS" });
    if (!result.ok) expect(result.nCode).toBeGreaterThan(299);
  });

  it("sends the buyer to /login carrying the wanted path on HTTP 401", async () => {
    const t = createTestApi(database.db);
    registerEmbeddedCommerce(t.api.fetch);
    const thrown = await callCommerce({
      request,
      locale: "es",
      path: apiPaths.orders(),
      token: "not-a-valid-token",
      schema: z.unknown(),
    }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/funcion/x/7?from=billboard")}`,
    );
  });
});

describe("callCommerce when the API cannot be reached", () => {
  it("turns a transport failure into nCode 555 with the error", async () => {
    registerEmbeddedCommerce(async () => {
      throw new TypeError("fetch failed: connect ECONNREFUSED");
    });
    const result = await callCommerce({
      request,
      locale: "es",
      path: apiPaths.showTypes(),
      schema: showTypesResponse,
    });
    expect(result).toEqual({
      ok: false,
      nCode: transportFailureCode,
      code: "TRANSPORT",
      message: "fetch failed: connect ECONNREFUSED",
    });
  });

  it("treats an answer outside the contract as a failure, not as data", async () => {
    registerEmbeddedCommerce(async () => Response.json({ nCode: 200, oData: { Lista: "nope" } }));
    const result = await callCommerce({
      request,
      locale: "es",
      path: apiPaths.showTypes(),
      schema: showTypesResponse,
    });
    expect(result).toMatchObject({ ok: false, nCode: 502 });
  });
});
