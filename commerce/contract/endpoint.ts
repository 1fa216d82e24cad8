// One object per /v2 endpoint: method, path, who may call it, and the zod schemas of its
// path params, query, body and response (oData). The API registers its handlers
// from these objects (commerce/http/register.ts), the storefront calls through them
// (app/services/commerce.server.ts), and /v2/openapi.json is generated from them.
import type { z } from "zod";
import type { ErrorCode } from "./shared.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** public: anyone; customer: a valid Bearer token (else 401); viewer: a token is optional. */
export type Access = "public" | "customer" | "viewer";

/** The API's areas, also the sections of its documentation. */
export const apiAreas = [
  "catalog",
  "browse",
  "customers",
  "purchase",
  "orders",
  "door",
  "queue",
  "meta",
] as const;
export type ApiArea = (typeof apiAreas)[number];

/**
 * A response that is not the JSON envelope (a PDF, an image, the OpenAPI document, a reply in
 * a provider's own shape); `shape` documents a JSON one.
 */
export type FileResponse = { file: string; shape?: z.ZodType };

export type EndpointDefinition = {
  id: string;
  method: HttpMethod;
  /** Relative to /v2, with {name} placeholders for path params (OpenAPI's notation). */
  path: string;
  area: ApiArea;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Body fields that may come as a header instead (field → header); the body wins. */
  bodyFromHeaders?: Record<string, string>;
  /** The schema of oData on success, or the media type of a raw response. */
  response: z.ZodType | FileResponse;
  /**
   * The business errors (HTTP 200, nCode above 299) its handler can answer: /v2/openapi.json
   * lists them, and the conformance test fails on one it meets that is not listed.
   */
  errors?: readonly ErrorCode[];
};

/** Keeps the literal types of a definition (the typed client and handlers rely on them). */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

/** Headers the storefront sends on every call, and the charge's idempotency key. */
export const apiHeaders = {
  fingerprint: "X-Device-Fingerprint",
  countryCode: "X-Country-Code",
  idempotencyKey: "Idempotency-Key",
  /** The storefront's request a call is made for: the API logs its errors under that id. */
  requestId: "X-Request-Id",
  /** The buyer's IP address, for the rate limits (believed only from known callers). */
  clientAddress: "X-Client-Address",
} as const;

// ---------------------------------------------------------------- types derived from one

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

export type PathParams<E extends EndpointDefinition> = Record<
  ParamNames<E["path"]>,
  string | number
>;

type Schema<
  E extends EndpointDefinition,
  K extends "params" | "query" | "body",
> = E[K] extends z.ZodType ? E[K] : never;

/** What a caller passes: path params, query and body as the schemas accept them. */
export type EndpointInput<E extends EndpointDefinition> = ([ParamNames<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> }) &
  ([Schema<E, "query">] extends [never]
    ? { query?: undefined }
    : { query?: z.input<E["query"] & z.ZodType> }) &
  ([Schema<E, "body">] extends [never]
    ? { body?: undefined }
    : { body: z.input<E["body"] & z.ZodType> });

/** oData of a JSON endpoint, as parsed by its response schema. */
export type EndpointData<E extends EndpointDefinition> = E["response"] extends z.ZodType
  ? z.output<E["response"]>
  : never;

/** What a handler receives once params, query and body passed their schemas. */
export type ParsedInput<E extends EndpointDefinition> = {
  params: E["params"] extends z.ZodType ? z.output<E["params"]> : Record<string, never>;
  query: E["query"] extends z.ZodType ? z.output<E["query"]> : Record<string, never>;
  body: E["body"] extends z.ZodType ? z.output<E["body"]> : undefined;
};

// ---------------------------------------------------------------- paths

/** /Proceso/{id}/Cobrar → /Proceso/:id/Cobrar (the router's notation). */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

/** The path of one call, params encoded, plus its query string (undefined values left out). */
export function urlOf(
  endpoint: EndpointDefinition,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.id}: missing path param ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function isFileResponse(response: EndpointDefinition["response"]): response is FileResponse {
  return typeof (response as FileResponse).file === "string";
}
