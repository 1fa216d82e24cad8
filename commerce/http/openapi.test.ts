// The API describes itself from the endpoint objects it registers: the OpenAPI document is
// valid 3.1 and names every route served; /v2/docs renders it; what is not a route answers
// the JSON envelope (404, or 405 with Allow).
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
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

describe("what /v2/openapi.json promises a generated client (issue 31)", () => {
  type Schema = Record<string, unknown>;
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const fits = (schema: unknown, value: unknown) => ajv.validate(schema as Schema, value);
  const operation = async (path: string, method: string) =>
    ((await document()) as unknown as { paths: Record<string, Record<string, Schema>> }).paths[
      path
    ][method] as {
      parameters: Array<{ name: string; schema: Schema }>;
      requestBody: { content: { "application/json": { schema: { properties: Schema } } } };
      responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
    };
  const body = (op: Awaited<ReturnType<typeof operation>>) =>
    op.requestBody.content["application/json"].schema.properties as Record<string, Schema>;

  it("answers a business error as the envelope the operation documents", async () => {
    const login = await operation("/Cliente/Ingreso/Token", "post");
    const answer = login.responses["200"].content?.["application/json"].schema;
    const { json } = await t.call("/Cliente/Ingreso/Token", {
      body: { cEmail: "nadie@example.com", cClave: "Secreta123" },
    });
    expect(json.oData.cCodigo).toBe("BAD_CREDENTIALS");
    expect(fits(answer, json)).toBe(true);
    // The codes are the operation's own: sign-up's is not login's.
    expect(fits(answer, { ...json, oData: { cCodigo: "EMAIL_TAKEN" } })).toBe(false);
    expect(fits(answer, { nCode: 200, oData: { token: 1 } })).toBe(false);
    for (const status of ["400", "404", "429", "503"]) {
      expect(login.responses[status].$ref).toMatch(/^#\/components\/responses\//);
    }
    const customer = await operation("/Cliente/Informacion", "get");
    expect(customer.responses["401"].$ref).toBe("#/components/responses/Unauthorized");
  });

  it("states the rules the API validates with", async () => {
    const signUp = body(await operation("/Cliente/Insertar", "post"));
    expect(signUp.cEmail.format).toBe("email");
    expect(fits(signUp.nNacimientoDia, 108.947)).toBe(false);
    expect(fits(signUp.nNacimientoDia, 31)).toBe(true);
    expect(fits(signUp.nNacimientoMes, 13)).toBe(false);
    const search = body(await operation("/EspectaculosCartel/Buscar", "post"));
    expect(fits(search.dDesde, "2031-21-01")).toBe(false);
    expect(fits(search.dDesde, "2031-02-30")).toBe(false);
    expect(fits(search.dDesde, "2031-02-28")).toBe(true);
    const performance = await operation("/Funcion/{id}", "get");
    const id = performance.parameters.find((p) => p.name === "id")?.schema;
    expect(fits(id, 0)).toBe(false);
    expect(fits(id, 9_999_999_999)).toBe(false);
    expect(fits(id, 7)).toBe(true);
    const charge = body(await operation("/Proceso/{id}/Cobrar", "post"));
    const card = (charge.oTarjeta as { properties: Record<string, Schema> }).properties;
    expect(fits(card.cNumero, "tarjeta")).toBe(false);
    expect(fits(card.cNumero, "4111 1111")).toBe(false);
    expect(fits(card.cNumero, "4111111111111111")).toBe(true);
  });

  it("describes itself as a JSON object", async () => {
    const self = await operation("/openapi.json", "get");
    const schema = self.responses["200"].content?.["application/json"].schema;
    expect(schema?.type).toBe("object");
    expect(fits(schema, await document())).toBe(true);
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
