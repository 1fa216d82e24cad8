// What every /v2 route shares: the { nCode, cMensaje, oData } envelope, translated errors,
// input validation with the contract's zod schemas, and the Bearer-token guard.
import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Context, Env, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { ErrorCode, ErrorData } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { apiTokens } from "../db/schema.ts";
import { type Language, languageFromHeader, translate } from "../i18n.ts";
import type { PaymentProvider } from "../payments/provider.ts";

/** Everything the routes need, injected once when the API is created. */
export type CommerceDeps = {
  db: Database;
  payments: PaymentProvider;
  /** HMAC key for ticket codes printed in QR codes. */
  ticketSecret: string;
  /** Minutes a purchase process holds its places (spec §9: 30). */
  purchaseMinutes: number;
  /** Minutes an API token stays valid (spec §9: 180). */
  loginMinutes: number;
  now: () => Date;
};

export type CommerceEnv = Env & {
  Variables: { language: Language; customerId: number };
};

export type CommerceContext = Context<CommerceEnv>;

/** A business or input error: becomes an envelope with nCode >= 400. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly nCode: number,
    /** HTTP status: 200 for business errors (spec), 400/401/404 for protocol-level ones. */
    readonly httpStatus: ContentfulStatusCode = 200,
    readonly fieldErrors?: Record<string, string[]>,
    readonly messageParams?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export const notFound = () => new ApiError("NOT_FOUND", 404, 404);

export function ok<T>(c: Context, data: T) {
  return c.json({ nCode: 200, oData: data });
}

export function errorResponse(c: Context, error: ApiError) {
  const language = (c.get("language") as Language | undefined) ?? "es";
  const t = translate(language);
  const body: { nCode: number; cMensaje: string; oData: ErrorData } = {
    nCode: error.nCode,
    cMensaje: t(`errors:${error.code}`, error.messageParams ?? {}),
    oData: { cCodigo: error.code, ...(error.fieldErrors ? { oErrores: error.fieldErrors } : {}) },
  };
  return c.json(body, error.httpStatus);
}

/** Turns zod issues into field path → message keys (namespace "validation"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    // Messages set in the contract are i18n keys; zod's own defaults become "invalid".
    const key = /^[a-zA-Z]+$/.test(issue.message) ? issue.message : "invalid";
    errors[path] = [...(errors[path] ?? []), key];
  }
  return errors;
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError("VALIDATION", 400, 400, fieldErrorsOf(result.error));
  return result.data;
}

/** Parses a JSON body against a contract schema; malformed JSON is a 400 like bad fields. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw new ApiError("VALIDATION", 400, 400, { _: ["malformedBody"] });
  }
  return validate(schema, value);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/** Resolves the caller's customer id from a valid token, or null. */
export async function customerIdFromToken(deps: CommerceDeps, c: Context): Promise<number | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const [row] = await deps.db
    .select({ customerId: apiTokens.customerId })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), gt(apiTokens.expiresAt, deps.now())))
    .limit(1);
  return row?.customerId ?? null;
}

/** Guard for routes that need a customer: missing or expired token → HTTP 401. */
export function requireCustomer(deps: CommerceDeps): MiddlewareHandler<CommerceEnv> {
  return async (c, next) => {
    const customerId = await customerIdFromToken(deps, c);
    if (customerId === null) throw new ApiError("UNAUTHORIZED", 401, 401);
    c.set("customerId", customerId);
    await next();
  };
}

/** Sets the response language from Accept-Language (es when none fits). */
export const languageMiddleware: MiddlewareHandler<CommerceEnv> = async (c, next) => {
  c.set("language", languageFromHeader(c.req.header("accept-language")));
  await next();
};
