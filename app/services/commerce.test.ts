import { endpoints } from "@contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../commerce/db/client.ts";
import { storefrontFetch } from "../../commerce/http/client-address.ts";
import {
  buildFixture,
  createCustomerWithToken,
  createTestApi,
  testDatabase,
} from "../../commerce/testing/harness.ts";
import {
  callEndpoint,
  commerceClient,
  registerEmbeddedCommerce,
  transportFailureCode,
} from "./commerce.server";

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

describe("the callers one storefront request already knows", () => {
  it("looks the buyer's token up once for the request's reads, and again after a write", async () => {
    const t = createTestApi(database.db);
    registerEmbeddedCommerce(storefrontFetch(t.api.fetch));
    const { token } = await createCustomerWithToken(database.db, t.clock, "known-caller");
    const knownCallers = new Map<string, Promise<unknown>>();
    const caller = { request, locale: "es" as const, token, knownCallers };

    const first = await callEndpoint(caller, endpoints.customerInfo);
    expect(first).toMatchObject({ ok: true, data: { cNombre: "known-caller" } });
    expect([...knownCallers.keys()]).toEqual([token]);
    // What the request knows is what the API goes by: a look-up it holds is not made again.
    knownCallers.set(token, Promise.resolve(null));
    const refused = await callEndpoint(caller, endpoints.customerInfo, { unauthorized: "fail" });
    expect(refused).toMatchObject({ ok: false, code: "UNAUTHORIZED" });

    // Without it, the token is looked up again.
    knownCallers.delete(token);
    expect(await callEndpoint(caller, endpoints.customerInfo)).toMatchObject({ ok: true });
    expect(knownCallers.has(token)).toBe(true);

    // A write (here the logout) may end the login: nothing known survives it.
    expect(await callEndpoint(caller, endpoints.logout)).toMatchObject({ ok: true });
    expect(knownCallers.size).toBe(0);
    const afterLogout = await callEndpoint(caller, endpoints.customerInfo, {
      unauthorized: "fail",
    });
    expect(afterLogout).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
  });

  it("is one map per client, so per storefront request: the next request looks up anew", async () => {
    const t = createTestApi(database.db);
    registerEmbeddedCommerce(storefrontFetch(t.api.fetch));
    const { token } = await createCustomerWithToken(database.db, t.clock, "two-requests");
    const before = commerceClient({ request, locale: "es", token });
    expect(await before.call(endpoints.customerInfo)).toMatchObject({ ok: true });
    // Another tab logs out; then this buyer's next page is a new request with a new client.
    const elsewhere = commerceClient({ request, locale: "es", token });
    expect(await elsewhere.call(endpoints.logout)).toMatchObject({ ok: true });
    const next = commerceClient({ request, locale: "es", token });
    expect(await next.call(endpoints.customerInfo, { unauthorized: "fail" })).toMatchObject({
      ok: false,
      code: "UNAUTHORIZED",
    });
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
