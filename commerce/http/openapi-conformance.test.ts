// The API against its own OpenAPI document (issue 31): for every operation of
// /v2/openapi.json, requests drawn from the document (testing/schema-requests.ts) — valid
// ones, and ones with one field of the wrong type — sent in-process, anonymous and with a
// customer's token. Every answer must be documented for its status and fit that schema (so a
// business error whose cCodigo the operation does not list fails here); a valid request is
// never refused as bad input (400), a broken one never accepted, nothing is a 5xx.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { allEndpoints } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { createCustomerWithToken } from "../testing/harness.ts";
import {
  type JsonSchema,
  oneFieldBroken,
  validValue,
  wrongTypeFor,
} from "../testing/schema-requests.ts";

type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
};
type Response = { $ref?: string; content?: Record<string, { schema: JsonSchema }> };
type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, Response>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};

const ctx = setUpApiTests();
let document: Document;
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const compiled = new Map<JsonSchema, ValidateFunction>();
const validator = (schema: JsonSchema) => {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
};
const fits = (schema: JsonSchema, value: unknown) => validator(schema)(value) === true;

const tally = { operations: 0, requests: 0, refusedForTheirValues: 0, codes: new Set<string>() };

beforeEach(async () => {
  // The document as a client downloads it.
  document = (await (await ctx.t.request("/openapi.json")).json()) as Document;
});

afterAll(() => {
  console.info(
    `OpenAPI conformance: ${tally.operations} operations, ${tally.requests} requests, ` +
      `${tally.refusedForTheirValues} valid ones refused for what their values name; ` +
      `codes met: ${[...tally.codes].sort().join(" ")}`,
  );
});

type Request = {
  label: string;
  valid: boolean;
  params: Record<string, unknown>;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
};

const paramText = (value: unknown) => encodeURIComponent(String(value));

/** Valid requests (two variants), then one per broken parameter and per broken body field. */
function requestsOf(path: string, operation: Operation): Request[] {
  const parameters = operation.parameters ?? [];
  const bodySchema = operation.requestBody?.content["application/json"].schema;
  const build = (variant: number) => {
    const params: Record<string, unknown> = {};
    const query: Record<string, string> = {};
    const headers: Record<string, string> = {};
    for (const p of parameters) {
      const value = validValue(p.schema, variant);
      if (p.in === "path") params[p.name] = value;
      else if (p.required || variant % 2 === 0) {
        (p.in === "query" ? query : headers)[p.name] = String(value);
      }
    }
    const body = bodySchema ? validValue(bodySchema, variant) : undefined;
    return { params, query, headers, body };
  };
  const url = (params: Record<string, unknown>) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => paramText(params[name]));
  const requests: Request[] = [];
  // Variants 0 and 1, or the next ones where a rule across fields wants more than variant 1's
  // required fields (at least one field to change; a card when paying by card).
  const valid = [0, 1, 2, 3, 4, 5]
    .map((variant) => ({ variant, ...build(variant) }))
    .filter(({ body }) => !bodySchema || fits(bodySchema, body))
    .slice(0, 2);
  if (valid.length === 0)
    throw new Error(`${operation.operationId}: no drawn body fits its schema`);
  for (const { variant, params, query, headers, body } of valid) {
    requests.push({
      label: `valid ${variant}`,
      valid: true,
      path: url(params),
      params,
      query,
      headers,
      body,
    });
  }
  const base = build(0);
  for (const p of parameters) {
    if (p.in === "header") continue;
    const wrong = wrongTypeFor(p.schema);
    // A text param takes any text: nothing of "another type" can be written in a URL.
    if (wrong === undefined || fits(p.schema, String(wrong))) continue;
    const request = { ...base, params: { ...base.params }, query: { ...base.query } };
    if (p.in === "path") request.params[p.name] = wrong;
    else request.query[p.name] = String(wrong);
    requests.push({
      label: `${p.in} ${p.name} broken`,
      valid: false,
      ...request,
      path: url(request.params),
    });
  }
  if (bodySchema) {
    for (const { field, value } of oneFieldBroken(bodySchema, base.body)) {
      expect(fits(bodySchema, value), `${operation.operationId} ${field} broken`).toBe(false);
      requests.push({
        label: `body ${field} broken`,
        valid: false,
        ...base,
        path: url(base.params),
        body: value,
      });
    }
  }
  return requests;
}

function responseOf(operation: Operation, status: number): Response | undefined {
  const response = operation.responses[String(status)] ?? operation.responses.default;
  const ref = response?.$ref?.replace("#/components/responses/", "");
  return ref ? document.components.responses[ref] : response;
}

/** What is wrong with one answer, or nothing. */
async function mismatchOf(operation: Operation, request: Request, answer: globalThis.Response) {
  const status = answer.status;
  const text = await answer.text();
  const at = `${request.label} → ${status} ${text.slice(0, 200)}`;
  if (status >= 500) return `a ${status}: ${at}`;
  if (request.valid && status === 400) {
    // The endpoint's own schemas accept it: the handler refused what the values name (a seat
    // of another performance, a province of another country), which the 400 also documents.
    // Refused by the schemas, the document admits what the API calls malformed.
    const endpoint = allEndpoints.find((e) => e.id === operation.operationId);
    const accepted = [
      // Path params as the URL carries them: text.
      [
        endpoint?.params,
        Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k, String(v)])),
      ],
      [endpoint?.query, request.query],
      [endpoint?.body, request.body],
    ].every(([schema, value]) => !schema || (schema as z.ZodType).safeParse(value).success);
    if (!accepted) return `a valid request refused as malformed: ${at}`;
    tally.refusedForTheirValues += 1;
  }
  const documented = responseOf(operation, status);
  if (!documented?.content) return `status ${status} not documented: ${at}`;
  const type = answer.headers.get("content-type")?.split(";")[0] ?? "";
  const media = documented.content[type];
  if (!media) return `media type ${type} not documented: ${at}`;
  if (type === "application/json") {
    const json = JSON.parse(text) as { nCode?: number; oData?: { cCodigo?: string } };
    if (json.oData?.cCodigo) tally.codes.add(json.oData.cCodigo);
    const validate = validator(media.schema);
    if (!validate(json))
      return `answer outside its schema (${ajv.errorsText(validate.errors)}): ${at}`;
    const success = status === 200 && json.nCode === 200;
    if (!request.valid && success && operation.requestBody)
      return `a broken request accepted: ${at}`;
  }
  return undefined;
}

const operationsOf = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe("/v2/openapi.json against the API", () => {
  it("documents every operation the conformance test sends", () => {
    expect(operationsOf().length).toBeGreaterThan(80);
  });

  it("answers every request drawn from the document as the document says", async () => {
    const mismatches: string[] = [];
    for (const { path, method, operation } of operationsOf()) {
      tally.operations += 1;
      // A token of its own per operation: Cliente/Salir ends the one it is sent with.
      const { token } = await createCustomerWithToken(ctx.db, ctx.t.clock, operation.operationId);
      for (const request of requestsOf(path, operation)) {
        // Valid requests both ways; a broken one as its callers send it (it is refused before
        // the caller matters), which keeps the test's time down.
        const callers = request.valid ? [false, true] : [operation.security.length > 0];
        for (const signedIn of callers) {
          const headers = new Headers(request.headers);
          if (signedIn) headers.set("Authorization", `Bearer ${token}`);
          let body: string | undefined;
          if (request.body !== undefined) {
            headers.set("Content-Type", "application/json");
            body = JSON.stringify(request.body);
          }
          const search = new URLSearchParams(request.query).toString();
          const answer = await ctx.t.api.request(
            `/v2${request.path}${search ? `?${search}` : ""}`,
            { method: method.toUpperCase(), headers, body },
            { commerceCaller: { address: undefined } },
          );
          tally.requests += 1;
          const mismatch = await mismatchOf(operation, request, answer);
          if (mismatch) {
            mismatches.push(
              `${method.toUpperCase()} ${path} (${signedIn ? "token" : "anonymous"}) ${mismatch}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
