// Turns the contract's endpoint objects into Hono routes. Every route gets the same
// treatment here, so handlers stay thin (parse → call the area → envelope):
// - access: a customer endpoint without a valid Bearer token is a 401, before anything else;
// - params, query and body are validated by the endpoint's schemas, and every wrong field of
//   all three is named in one 400 (malformed JSON is a 400 too, never a 500);
// - the handler's result is wrapped in { nCode: 200, oData }, or sent as is when it is a
//   Response (PDF, image, documents); a refusal for too many attempts carries Retry-After;
// - unknown paths under /v2 answer a 404 envelope, known paths with another method a 405.
import type { Context, Env, Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import {
  type EndpointDefinition,
  type ErrorData,
  isFileResponse,
  type ParsedInput,
  routerPath,
} from "../contract/index.ts";
import {
  ApiError,
  businessError,
  fieldErrorsOf,
  notFound,
  RateLimitedError,
  unauthorized,
} from "../errors.ts";
import { type Language, languageFromHeader, translate } from "../i18n.ts";

export type CommerceEnv = Env & { Variables: { language: Language } };
export type CommerceContext = Context<CommerceEnv>;

type CallerOf<E extends EndpointDefinition> = E["access"] extends "customer"
  ? number
  : E["access"] extends "viewer"
    ? number | null
    : null;

export type HandlerInput<E extends EndpointDefinition> = ParsedInput<E> & {
  /** The caller's customer id: always set on customer endpoints, maybe on viewer ones. */
  customerId: CallerOf<E>;
  language: Language;
  /** The client's IP address when known (http/client-address.ts), for the rate limits. */
  clientAddress: string | null;
  c: CommerceContext;
};

type HandlerResult<E extends EndpointDefinition> = E["response"] extends z.ZodType
  ? z.input<E["response"]> | NotModified
  : Response;

/** A JSON endpoint's answer when the caller's cached copy is current (see notModified). */
export type NotModified = Response & { readonly [notModifiedMark]: true };
const notModifiedMark = Symbol("notModified");

/** 304 with the validators set on the context (ETag, Cache-Control): no body is built. */
export function notModified(c: Context): NotModified {
  return Object.assign(c.body(null, 304), { [notModifiedMark]: true as const });
}

export type Implementation = {
  endpoint: EndpointDefinition;
  handler: (input: HandlerInput<EndpointDefinition>) => Promise<unknown>;
};

/** Pairs an endpoint with its handler; the types follow from the endpoint's schemas. */
export function implement<const E extends EndpointDefinition>(
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<HandlerResult<E>> | HandlerResult<E>,
): Implementation {
  return {
    endpoint,
    handler: async (input) => handler(input as unknown as HandlerInput<E>),
  };
}

// ---------------------------------------------------------------- envelope

export function errorResponse(c: Context, error: ApiError) {
  const language = (c.get("language") as Language | undefined) ?? "es";
  const t = translate(language);
  const body: { nCode: number; cMensaje: string; oData: ErrorData } = {
    nCode: error.nCode,
    cMensaje: t(`errors:${error.code}`, error.messageParams ?? {}),
    oData: { cCodigo: error.code, ...(error.fieldErrors ? { oErrores: error.fieldErrors } : {}) },
  };
  if (error instanceof RateLimitedError) c.header("Retry-After", String(error.retryAfterSeconds));
  return c.json(body, error.httpStatus);
}

/** Sets the response language from Accept-Language (es when none fits). */
export const languageMiddleware: MiddlewareHandler<CommerceEnv> = async (c, next) => {
  c.set("language", languageFromHeader(c.req.header("accept-language")));
  await next();
};

// ---------------------------------------------------------------- input

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/** The customer a Bearer token belongs to, or null (missing, unknown, expired). */
/** Who a token belongs to (customers/tokens.ts callerOfToken), or null. */
export type ResolveCaller = (
  token: string,
) => Promise<{ customerId: number; dataPending: boolean } | null>;

const MALFORMED = Symbol("malformed");

/** The JSON body; an empty body is `undefined`, text that is not JSON is MALFORMED. */
async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return MALFORMED;
  }
}

/** Body fields that may come as headers (the charge's Idempotency-Key); the body wins. */
function withHeaderFields(c: Context, body: unknown, fields: Record<string, string> | undefined) {
  if (!fields || body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const merged = { ...(body as Record<string, unknown>) };
  for (const [field, header] of Object.entries(fields)) {
    const value = c.req.header(header);
    if (merged[field] === undefined && value !== undefined) merged[field] = value;
  }
  return merged;
}

async function parseInput(c: Context, endpoint: EndpointDefinition) {
  const errors: Record<string, string[]> = {};
  const check = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return {};
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const [field, keys] of Object.entries(fieldErrorsOf(result.error))) {
      errors[field] = [...new Set([...(errors[field] ?? []), ...keys])];
    }
    return undefined;
  };
  const params = check(endpoint.params, c.req.param());
  const query = check(endpoint.query, c.req.query());
  let body: unknown;
  if (endpoint.body) {
    const raw = await jsonBody(c);
    // An empty body is fine where the schema allows none (a search without filters).
    if (raw === MALFORMED || (raw === undefined && !endpoint.body.safeParse(undefined).success)) {
      errors._ = ["malformedBody"];
    } else {
      body = check(endpoint.body, withHeaderFields(c, raw, endpoint.bodyFromHeaders));
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError("VALIDATION", 400, 400, errors);
  return { params, query, body };
}

// ---------------------------------------------------------------- routes

export type RegisterOptions = {
  resolveCaller: ResolveCaller;
  /** Check every JSON answer against the endpoint's response schema (tests turn it on). */
  checkResponses?: boolean;
  /** The client's address (http/client-address.ts); unknown when not given. */
  clientAddress?: (c: Context) => string | null;
};

export function registerEndpoints(
  app: Hono<CommerceEnv>,
  implementations: readonly Implementation[],
  options: RegisterOptions,
) {
  for (const { endpoint, handler } of implementations) {
    app.on(endpoint.method, routerPath(endpoint.path), async (c) => {
      let customerId: number | null = null;
      if (endpoint.access !== "public") {
        const token = bearerToken(c);
        const caller = token ? await options.resolveCaller(token) : null;
        if (caller === null && endpoint.access === "customer") throw unauthorized();
        // Buying needs the customer's data complete: an external login's customer whose
        // provider left some out completes it first (/additionalData), whatever the client.
        if (caller?.dataPending && endpoint.area === "purchase" && endpoint.method !== "GET") {
          throw businessError("ADDITIONAL_DATA_REQUIRED");
        }
        customerId = caller?.customerId ?? null;
      }
      const input = await parseInput(c, endpoint);
      const result = await handler({
        ...(input as ParsedInput<EndpointDefinition>),
        customerId: customerId as never,
        language: c.get("language"),
        clientAddress: options.clientAddress?.(c) ?? null,
        c,
      });
      if (isFileResponse(endpoint.response) || result instanceof Response)
        return result as Response;
      if (options.checkResponses) {
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          throw new Error(`${endpoint.id} answered outside its contract: ${checked.error.message}`);
        }
      }
      return c.json({ nCode: 200, oData: result });
    });
  }

  // What no route took: a known path with another method, or nothing at all.
  const patterns = implementations.map(({ endpoint }) => ({
    method: endpoint.method,
    pattern: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, "[^/]+")}/?$`),
  }));
  app.all("*", (c) => {
    const path = c.req.path.replace(/^\/v2/, "");
    const allowed: string[] = [
      ...new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method)),
    ];
    if (allowed.length === 0) throw notFound();
    if (allowed.includes("GET")) allowed.push("HEAD");
    c.header("Allow", allowed.join(", "));
    throw new ApiError("METHOD_NOT_ALLOWED", 405, 405);
  });
}
