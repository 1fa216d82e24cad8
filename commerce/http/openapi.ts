// /v2/openapi.json: the API as an OpenAPI 3.1 document, generated from the same endpoint
// objects the API registers, with zod 4's own JSON Schema output (draft 2020-12, which is
// OpenAPI 3.1's dialect; openapi-schema.ts makes it as strict as the validation). Requests
// are described as the API accepts them (io "input": coerced numbers, optional fields with
// defaults), answers as it sends them (io "output"). A JSON answer is the envelope as it is
// (decision 0074): HTTP 200 with the success shape, or HTTP 200 with nCode above 299 and the
// business errors the endpoint declares; protocol errors under their own HTTP status.
import { z } from "zod";
import {
  apiAreas,
  type EndpointDefinition,
  type ErrorCode,
  errorCodes,
  isFileResponse,
} from "../contract/index.ts";
import { type JsonSchema, jsonSchema, urlFieldsOf } from "./openapi-schema.ts";

/** An optional body (the search) is described by what it holds when it is sent. */
function unwrapOptional(schema: z.ZodType): { schema: z.ZodType; required: boolean } {
  if (schema instanceof z.ZodOptional)
    return { schema: schema.unwrap() as z.ZodType, required: false };
  return { schema, required: true };
}

const message: JsonSchema = { type: "string", description: "A message in the request's language." };

/** The error envelope: oData.cCodigo one of `codes`; field errors on VALIDATION. */
function errorEnvelope(nCode: JsonSchema, codes: readonly ErrorCode[]): JsonSchema {
  return {
    type: "object",
    required: ["nCode", "cMensaje", "oData"],
    properties: {
      nCode,
      cMensaje: message,
      oData: {
        type: "object",
        required: ["cCodigo"],
        properties: {
          cCodigo: { type: "string", enum: [...codes] },
          oErrores: {
            type: "object",
            description: "On VALIDATION: each wrong field → the i18n keys of its messages.",
            additionalProperties: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
  };
}

/** What the API answers with HTTP 200: the success envelope, or a business error's. */
function answerOf(endpoint: EndpointDefinition, response: z.ZodType): JsonSchema {
  const success: JsonSchema = {
    type: "object",
    // A handler with nothing to say answers { nCode: 200 } (oData left out).
    required: response.safeParse(undefined).success ? ["nCode"] : ["nCode", "oData"],
    properties: {
      nCode: { const: 200 },
      cMensaje: message,
      oData: jsonSchema(response, "output"),
    },
  };
  const codes = businessErrorsOf(endpoint);
  if (codes.length === 0) return success;
  return {
    oneOf: [
      success,
      errorEnvelope({ type: "integer", minimum: 300, description: "The error's own code." }, codes),
    ],
  };
}

/**
 * The business errors an endpoint can answer: the ones it declares, and the one every
 * customer's purchase step can give (http/register.ts: data still pending after an external
 * login).
 */
export function businessErrorsOf(endpoint: EndpointDefinition): ErrorCode[] {
  const codes = new Set(endpoint.errors ?? []);
  if (endpoint.access !== "public" && endpoint.area === "purchase" && endpoint.method !== "GET") {
    codes.add("ADDITIONAL_DATA_REQUIRED");
  }
  return errorCodes.filter((code) => codes.has(code));
}

/** The protocol errors: their HTTP status, the codes each carries, and what it means. */
const protocolErrors = {
  "400": {
    name: "BadRequest",
    codes: ["VALIDATION"],
    text:
      "Bad input: oErrores names each field. Input that fits the schemas may still be refused " +
      "for what it names: a seat of another performance, a province of another country, a " +
      "delivery the process does not offer.",
  },
  "401": { name: "Unauthorized", codes: ["UNAUTHORIZED"], text: "No valid token." },
  "403": {
    name: "Forbidden",
    codes: ["FORBIDDEN", "QUEUE_TOKEN_INVALID", "QUEUE_PASS_REQUIRED"],
    text: "A staff call by a customer, or a waiting room that has not let the caller in.",
  },
  "404": { name: "NotFound", codes: ["NOT_FOUND"], text: "Nothing with that id or name." },
  "405": {
    name: "MethodNotAllowed",
    codes: ["METHOD_NOT_ALLOWED"],
    text: "Another method; see Allow.",
  },
  "413": { name: "TooLarge", codes: ["VALIDATION"], text: "The body is too large." },
  "429": {
    name: "TooManyRequests",
    codes: ["RATE_LIMITED"],
    text: "Too many attempts; Retry-After says when to try again.",
  },
  "500": { name: "Internal", codes: ["INTERNAL"], text: "A fault of the API." },
  "502": { name: "BadGateway", codes: ["INTERNAL"], text: "A provider the API relies on failed." },
  "503": {
    name: "Unavailable",
    codes: ["UNAVAILABLE"],
    text: "Starting, stopping or without its database; Retry-After says when to try again.",
  },
} as const satisfies Record<string, { name: string; codes: readonly ErrorCode[]; text: string }>;
type ErrorStatus = keyof typeof protocolErrors;

function errorResponses() {
  return Object.fromEntries(
    Object.entries(protocolErrors).map(([status, { name, codes, text }]) => [
      name,
      {
        description: text,
        content: {
          "application/json": { schema: errorEnvelope({ const: Number(status) }, codes) },
        },
      },
    ]),
  );
}

/** The protocol errors an operation can answer. */
function errorStatusesOf(endpoint: EndpointDefinition): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (endpoint.params || endpoint.query || endpoint.body) statuses.push("400");
  // Besides a customer's call without a token: an external login's or a provider's notice
  // that does not verify, a recovery without its token.
  const signedIn =
    endpoint.access !== "public" || ["customers", "purchase"].includes(endpoint.area);
  if (signedIn) statuses.push("401");
  statuses.push("403", "404", "405");
  if (endpoint.body) statuses.push("413");
  statuses.push("429", "500");
  // The identity provider of an external login.
  if (endpoint.area === "customers") statuses.push("502");
  statuses.push("503");
  return statuses;
}

const areaDescriptions: Record<(typeof apiAreas)[number], string> = {
  catalog: "Show types, show cards and landings, performances with their seats, posters.",
  browse: "The billboard, venues, search, the shop, the support contact form.",
  customers: "Sign-up, login and the customer's own data.",
  purchase: "The purchase process: holds, delivery, payment method and the charge.",
  orders: "The customer's orders and their e-tickets.",
  door: "The door check: the tickets' public key, and admitting tickets at a venue's entrances.",
  queue:
    "The virtual waiting room: the queued performances, the turn call, its settings and fairness.",
  meta: "About this API.",
};

function parametersOf(endpoint: EndpointDefinition) {
  const parameters: JsonSchema[] = [];
  const add = (schema: z.ZodType | undefined, where: "path" | "query") => {
    if (!schema) return;
    const { properties, required } = urlFieldsOf(schema);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({
        name,
        in: where,
        required: where === "path" || required.includes(name),
        schema: property,
      });
    }
  };
  add(endpoint.params, "path");
  add(endpoint.query, "query");
  for (const [field, header] of Object.entries(endpoint.bodyFromHeaders ?? {})) {
    parameters.push({
      name: header,
      in: "header",
      required: false,
      description: `Instead of the body's ${field}; the body's wins.`,
      schema: { type: "string" },
    });
  }
  return parameters;
}

/** A file answer: the OpenAPI document is a JSON object, the rest are documents or images. */
function fileAnswer(mediaType: string, shape?: z.ZodType) {
  const schema: JsonSchema = shape
    ? jsonSchema(shape, "output")
    : mediaType === "application/json"
      ? {
          type: "object",
          required: ["openapi", "info", "paths"],
          description: "An OpenAPI 3.1 document.",
        }
      : { type: "string", contentMediaType: mediaType };
  return { description: `The ${mediaType} document.`, content: { [mediaType]: { schema } } };
}

function operationOf(endpoint: EndpointDefinition) {
  const operation: JsonSchema = {
    operationId: endpoint.id,
    summary: endpoint.summary,
    tags: [endpoint.area],
    security:
      endpoint.access === "customer"
        ? [{ bearer: [] }]
        : endpoint.access === "viewer"
          ? [{}, { bearer: [] }]
          : [],
  };
  const parameters = parametersOf(endpoint);
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body) {
    const { schema, required } = unwrapOptional(endpoint.body);
    operation.requestBody = {
      required,
      content: { "application/json": { schema: jsonSchema(schema, "input") } },
    };
  }
  const success = isFileResponse(endpoint.response)
    ? fileAnswer(endpoint.response.file, endpoint.response.shape)
    : {
        description:
          "The envelope: nCode 200 and oData on success; a business error also answers HTTP 200, with nCode above 299 and oData.cCodigo one of this operation's codes.",
        content: { "application/json": { schema: answerOf(endpoint, endpoint.response) } },
      };
  const responses: Record<string, unknown> = { "200": success };
  for (const status of errorStatusesOf(endpoint)) {
    responses[status] = { $ref: `#/components/responses/${protocolErrors[status].name}` };
  }
  operation.responses = responses;
  return operation;
}

export function openApiDocument(endpoints: readonly EndpointDefinition[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path][endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Commerce API of the city ticket storefront",
      version: "2",
      description:
        "Catalog, customers, purchase processes, payments and orders. Every JSON answer is the " +
        "envelope { nCode, cMensaje, oData }. Business errors answer HTTP 200 with nCode above " +
        "299 and oData.cCodigo one of the codes each operation lists; bad input is HTTP 400, a " +
        "missing or expired token 401, a staff call by a customer 403, an unknown resource 404, " +
        "a wrong method 405, too many attempts 429, the API without its database 503. Texts " +
        "follow the request's Accept-Language (es, en, pt).",
    },
    servers: [{ url: "/v2" }],
    tags: apiAreas.map((name) => ({ name, description: areaDescriptions[name] })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The token answered by Cliente/Insertar or Cliente/Ingreso/Token.",
        },
      },
      responses: errorResponses(),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
