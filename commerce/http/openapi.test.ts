// The API describes itself from the endpoint objects it registers: the OpenAPI document is
// valid 3.1 and names every route served; /v2/docs renders it; what is not a route answers
// the JSON envelope (404, or 405 with Allow).
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { allEndpoints, routerPath } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { createTestApi, type TestApi, testDatabase } from "../testing/harness.ts";

let db: Database;
let t: TestApi;
beforeAll(async () => {
  db = (await testDatabase()).db;
  t = createTestApi(db);
});

type Document = { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };

async function document(): Promise<Document> {
  const response = await t.request("/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  return (await response.json()) as Document;
}

describe("GET /v2/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const spec = await document();
    expect(spec.openapi).toBe("3.1.0");
    const result = await new Validator().validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every route the API serves, and nothing it does not", async () => {
    const spec = await document();
    const documented = Object.entries(spec.paths)
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} /v2${routerPath(path)}`),
      )
      .sort();
    // Hono's own table of routes: middleware and the catch-all are registered for ALL.
    const served = t.api.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(documented).toEqual([...new Set(served)]);
    expect(documented).toHaveLength(allEndpoints.length);
  });

  it("describes requests as the API accepts them and answers in the envelope", async () => {
    const spec = (await document()) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const charge = spec.paths["/Proceso/{id}/Cobrar"].post as {
      security: unknown[];
      parameters: Array<{ name: string; in: string }>;
      requestBody: {
        required: boolean;
        content: Record<string, { schema: { required: string[] } }>;
      };
    };
    expect(charge.security).toEqual([{ bearer: [] }]);
    expect(charge.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      "path:id",
      "header:Idempotency-Key",
    ]);
    expect(charge.requestBody.content["application/json"].schema.required).toContain("oTarjeta");
    const search = spec.paths["/EspectaculosCartel/Buscar"].post as {
      parameters: Array<{ name: string; in: string }>;
      requestBody: { required: boolean };
    };
    expect(search.requestBody.required).toBe(false);
    expect(search.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      "query:cantXpagina",
      "query:pagina",
    ]);
  });
});

describe("GET /v2/docs", () => {
  it("is a readable page naming every endpoint", async () => {
    const response = await t.request("/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<h1>/);
    for (const endpoint of allEndpoints) {
      expect(html).toContain(`${endpoint.method} /v2${endpoint.path}`);
    }
  });
});

describe("what is not a route", () => {
  it("answers an unknown /v2 path with the 404 envelope, translated", async () => {
    const { status, json } = await t.call("/NoExiste/7", { language: "en" });
    expect(status).toBe(404);
    expect(json).toEqual({
      nCode: 404,
      cMensaje: "We could not find what you are looking for",
      oData: { cCodigo: "NOT_FOUND" },
    });
  });

  it("answers a known path with another method with a 405 envelope and Allow", async () => {
    const { status, json, response } = await t.call("/Proceso/5/Cobrar", { method: "GET" });
    expect(status).toBe(405);
    expect(json).toMatchObject({ nCode: 405, oData: { cCodigo: "METHOD_NOT_ALLOWED" } });
    expect(response.headers.get("allow")).toBe("POST");
    const put = await t.call("/Cartelera", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.response.headers.get("allow")).toBe("GET, HEAD");
  });
});
