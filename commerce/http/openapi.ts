// /v2/openapi.json: the API as an OpenAPI 3.1 document, generated from the same endpoint
// objects the API registers, with zod 4's own JSON Schema output (draft 2020-12, which is
// OpenAPI 3.1's dialect). Requests are described as the API accepts them (io "input":
// coerced numbers, optional fields with defaults), answers as it sends them (io "output").
import { z } from "zod";
import { apiAreas, type EndpointDefinition, errorData, isFileResponse } from "../contract/index.ts";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    // Refinements and transforms have no JSON Schema form: the API still enforces them.
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** An optional body (the search) is described by what it holds when it is sent. */
function unwrapOptional(schema: z.ZodType): { schema: z.ZodType; required: boolean } {
  if (schema instanceof z.ZodOptional)
    return { schema: schema.unwrap() as z.ZodType, required: false };
  return { schema, required: true };
}

function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: "object",
    required: ["nCode"],
    properties: {
      nCode: { type: "integer", description: "200 on success; above 299 an error." },
      cMensaje: { type: "string", description: "A message in the request's language." },
      oData: data,
    },
  };
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
    const described = jsonSchema(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(described.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === "path" || (described.required ?? []).includes(name),
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
    ? {
        description: `The ${endpoint.response.file} document.`,
        content: { [endpoint.response.file]: { schema: { type: "string" } } },
      }
    : {
        description:
          "The envelope: oData on success; business errors also answer HTTP 200 with nCode above 299 and oData as the error.",
        content: {
          "application/json": { schema: envelopeOf(jsonSchema(endpoint.response, "output")) },
        },
      };
  operation.responses = {
    "200": success,
    default: { $ref: "#/components/responses/Error" },
  };
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
        "299; bad input is HTTP 400, a missing or expired token 401, a staff call by a customer 403, an unknown resource 404, " +
        "a wrong method 405. Texts follow the request's Accept-Language (es, en, pt).",
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
      responses: {
        Error: {
          description:
            "An error: 400 bad input (oErrores names each field), 401 no valid token, 403 not staff, 404 " +
            "unknown, 405 wrong method, 413 body too large.",
          content: {
            "application/json": { schema: envelopeOf(jsonSchema(errorData, "output")) },
          },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
