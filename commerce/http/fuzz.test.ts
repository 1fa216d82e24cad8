// Property-based fuzz of every /v2 endpoint (the contract's `allEndpoints`, so a new endpoint
// is fuzzed without a line here): malformed bodies, params, queries and headers, sent
// in-process with a valid token most of the time (so validation, not the 401, is what answers).
// The API must never answer 5xx. `npm run fuzz` runs the long version (see commerce/testing/fuzz.ts).
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { allEndpoints, type EndpointDefinition } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  acceptLanguage,
  fittingValue,
  fuzzSettings,
  headerValue,
  hostileValue,
  httpMethods,
  type JsonSchema,
  jsonSchemaOf,
  jsonText,
  percentEncode,
  StatusTally,
  shapedValue,
  urlPart,
} from "../testing/fuzz.ts";
import { readyToPay } from "../testing/harness.ts";

const ctx = setUpApiTests({ customers: ["fuzz"] });
const settings = fuzzSettings();
const tally = new StatusTally();

type FuzzRequest = {
  endpoint: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** Path params: mostly real ids and slugs of the fixture, sometimes anything. */
const paramValue = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("obra-de-prueba", "obra-de-prueba.svg", "teatro-de-prueba"),
  },
  { weight: 2, arbitrary: urlPart },
);

/** A query value as a client would write it (one that fits), or anything. */
function queryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fittingValue(schema).map((value) => percentEncode(String(value))) },
    { weight: 1, arbitrary: urlPart },
  );
}

/** One request to an endpoint, wrong in a few places; "valid" stands for a real token. */
function requestOf(endpoint: EndpointDefinition): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const queryFields = Object.entries(
    (endpoint.query && jsonSchemaOf(endpoint.query).properties) || {},
  );
  const queryPair = fc.oneof(
    ...queryFields.map(([name, schema]) => ({
      weight: 4,
      arbitrary: fc.tuple(fc.constant(name), queryValue(schema)),
    })),
    { weight: 1, arbitrary: fc.tuple(urlPart, urlPart) },
  );
  const body = jsonText(endpoint.body ? shapedValue(jsonSchemaOf(endpoint.body)) : hostileValue);
  const signedIn = endpoint.access !== "public";
  return fc
    .record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(endpoint.method as string) },
        { weight: 1, arbitrary: fc.constantFrom(...httpMethods) },
      ),
      params: fc.tuple(...paramNames.map(() => paramValue)),
      trailingSlash: fc.oneof(
        { weight: 15, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      ),
      query: fc.oneof(fc.constant<[string, string][]>([]), fc.array(queryPair, { maxLength: 4 })),
      authorization: fc.oneof(
        { weight: signedIn ? 8 : 1, arbitrary: fc.constant("valid") },
        { weight: 1, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.oneof(
            headerValue.map((value) => `Bearer ${value}`),
            fc.constantFrom("Bearer", "Bearer  ", "Basic YTpi", "bearer x y", "Bearer\tz"),
            headerValue,
          ),
        },
      ),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant("application/json") },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            undefined,
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "application/json; charset=utf-16",
          ),
        },
        { weight: 1, arbitrary: headerValue },
      ),
      language: acceptLanguage,
      idempotencyKey: fc.option(headerValue, { freq: 4 }),
      fingerprint: fc.option(headerValue, { freq: 4 }),
      country: fc.option(headerValue, { freq: 4 }),
      body: fc.option(body, { freq: 12 }),
    })
    .map((r) => {
      let path = endpoint.path;
      paramNames.forEach((name, i) => {
        path = path.replace(`{${name}}`, r.params[i] as string);
      });
      const query = r.query.map(([key, value]) => `${key}=${value}`).join("&");
      const headers: Record<string, string> = {};
      if (r.authorization) headers.authorization = r.authorization;
      if (r.contentType) headers["content-type"] = r.contentType;
      if (r.language !== undefined) headers["accept-language"] = r.language;
      if (r.idempotencyKey !== null) headers["idempotency-key"] = r.idempotencyKey;
      if (r.fingerprint !== null) headers["x-device-fingerprint"] = r.fingerprint;
      if (r.country !== null) headers["x-country-code"] = r.country;
      const bodyless = r.method === "GET" || r.method === "HEAD";
      return {
        endpoint: endpoint.id,
        method: r.method,
        url: `/v2${path}${r.trailingSlash ? "/" : ""}${query ? `?${query}` : ""}`,
        headers,
        body: bodyless || r.body === null ? undefined : r.body,
      };
    });
}

// Bodies are where most input comes in: endpoints that take one are fuzzed more often.
const anyRequest = fc.oneof(
  ...allEndpoints.map((endpoint) => ({
    weight: endpoint.body ? 3 : 1,
    arbitrary: requestOf(endpoint),
  })),
);

async function send(request: FuzzRequest, token: string) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    headers.set(name, value === "valid" ? `Bearer ${token}` : value);
  }
  const response = await ctx.t.api.request(`http://commerce.internal${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  // Read the whole answer: a stream that fails half-way is a failure too.
  const text = await response.text();
  return { status: response.status, text };
}

describe("every /v2 endpoint, fuzzed", () => {
  afterAll(() => {
    console.info(`API fuzz, seed ${settings.seed}: ${tally}`);
  });

  it("covers every endpoint of the contract", () => {
    expect(allEndpoints.length).toBeGreaterThan(20);
    expect(allEndpoints.map((endpoint) => endpoint.id)).toEqual(
      expect.arrayContaining(["search", "contact", "signUp", "login", "charge", "takePlaces"]),
    );
  });

  it(
    "never answers 5xx to malformed bodies, params, queries or headers",
    async () => {
      const token = ctx.tokens.fuzz;
      // An open purchase of the fuzzing customer, so its calls reach real processes too.
      await readyToPay(ctx.t, token, {
        idFuncion: ctx.fx.performances.main.id,
        listaSectores: [{ idSector: ctx.fx.sectors.general.id, nCantidad: 1 }],
      });
      await fc.assert(
        fc.asyncProperty(anyRequest, async (request) => {
          const { status, text } = await send(request, token);
          tally.add(status);
          if (status >= 500) {
            throw new Error(`${status} from ${request.endpoint}: ${text.slice(0, 300)}`);
          }
        }),
        { seed: settings.seed, numRuns: settings.apiRuns, endOnFailure: true },
      );
      expect(tally.total).toBeGreaterThanOrEqual(settings.apiRuns);
    },
    30 * 60_000,
  );
});
