// Errors of the commerce API, usable by every area (no area imports http/). An ApiError
// becomes the { nCode, cMensaje, oData: { cCodigo, oErrores } } envelope.
// Business errors travel with HTTP 200 (the spec's callers read nCode, and treat a non-200
// status as "go to login"); protocol errors (bad input 400, missing session 401, unknown
// resource 404, wrong method 405, too many attempts 429) use the HTTP status too.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { ErrorCode } from "./contract/index.ts";

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly nCode: number,
    /** HTTP status: 200 for business errors (spec), 4xx for protocol-level ones. */
    readonly httpStatus: ContentfulStatusCode = 200,
    readonly fieldErrors?: Record<string, string[]>,
    readonly messageParams?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export type BusinessErrorCode = Exclude<
  ErrorCode,
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "RATE_LIMITED"
  | "INTERNAL"
  | "UNAVAILABLE"
>;

/** The nCode of each business error. */
export const businessErrorNCodes: Record<BusinessErrorCode, number> = {
  EMAIL_TAKEN: 409,
  BAD_CREDENTIALS: 401,
  NOT_ENOUGH_PLACES: 409,
  SEAT_TAKEN: 409,
  PROCESS_EXPIRED: 410,
  PROCESS_CANCELLED: 410,
  PROCESS_PAID: 409,
  PROCESS_EMPTY: 422,
  EXTENSION_REFUSED: 409,
  DELIVERY_REQUIRED: 422,
  DELIVERY_NOT_OFFERED: 409,
  DELIVERY_ADDRESS_REQUIRED: 422,
  PERFORMANCE_DATA_REQUIRED: 422,
  PAYMENT_METHOD_REQUIRED: 422,
  PAYMENT_DECLINED: 402,
  PAYMENT_FAILED: 502,
  CARD_VALIDATION_FAILED: 402,
  IDEMPOTENCY_CONFLICT: 409,
  PAYMENT_IN_PROGRESS: 409,
  PERFORMANCE_NOT_ON_SALE: 409,
  TOO_MANY_PLACES: 422,
  CONTACTS_LIMIT: 422,
  RECOVERY_CODE_INVALID: 422,
  CURRENT_PASSWORD_WRONG: 401,
  ADDITIONAL_DATA_REQUIRED: 428,
  PROMOTION_UNAVAILABLE: 409,
  PROMOTION_NOT_STARTED: 409,
  PROMOTION_ENDED: 410,
  PROMOTION_CODE_REQUIRED: 422,
  PROMOTION_CODE_WRONG: 422,
  PROMOTION_NOT_ELIGIBLE: 403,
  PROMOTION_QUOTA_EXHAUSTED: 409,
  PRODUCT_NOT_OFFERED: 409,
  ORDER_NOT_CANCELLABLE: 409,
  REFUND_FAILED: 502,
  BOOKING_CONDITIONS_NOT_ACCEPTED: 422,
  BOOKING_TOO_LATE: 409,
  QUEUE_TOKEN_INVALID: 403,
  QUEUE_PASS_REQUIRED: 403,
};

export function isBusinessErrorCode(value: string): value is BusinessErrorCode {
  return Object.hasOwn(businessErrorNCodes, value);
}

/** A business error: HTTP 200 with the error's nCode. */
export function businessError(
  code: BusinessErrorCode,
  params?: Record<string, unknown>,
  fieldErrors?: Record<string, string[]>,
) {
  return new ApiError(code, businessErrorNCodes[code], 200, fieldErrors, params);
}

/**
 * Too many attempts (limits/): HTTP 429 with Retry-After, and a message that says in how
 * many minutes to try again. "elsewhere": a login refused because its account fails from
 * other addresses (limits/login-throttle.ts); its message also points to recovery by mail.
 */
export class RateLimitedError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    context?: "elsewhere",
  ) {
    super("RATE_LIMITED", 429, 429, undefined, {
      count: Math.ceil(retryAfterSeconds / 60),
      ...(context ? { context } : {}),
    });
  }
}

/**
 * A waiting room's refusal (decision 0048): HTTP 403 as well as nCode 403, so a caller that
 * only looks at the status still stops (the storefront's gate reads cCodigo for its message).
 */
export const queueRefusal = (code: "QUEUE_TOKEN_INVALID" | "QUEUE_PASS_REQUIRED") =>
  new ApiError(code, 403, 403);

export const notFound = () => new ApiError("NOT_FOUND", 404, 404);
export const unauthorized = () => new ApiError("UNAUTHORIZED", 401, 401);
/** Logged in, but without the staff role the call needs (the box office's calls). */
export const forbidden = () => new ApiError("FORBIDDEN", 403, 403);

/** Bad input: field path → i18n keys of the "validation" namespace. */
export function validationError(
  fieldErrors: Record<string, string[]>,
  httpStatus: 400 | 413 = 400,
) {
  return new ApiError("VALIDATION", httpStatus, httpStatus, fieldErrors);
}

export const fieldError = (field: string, key: string) => validationError({ [field]: [key] });

export const malformedBody = () => validationError({ _: ["malformedBody"] });

/** Turns zod issues into field path → message keys (namespace "validation"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.join(".") || "_";
    // Messages set in the contract are i18n keys; zod's own defaults become "invalid".
    const key = /^[a-zA-Z]+$/.test(issue.message) ? issue.message : "invalid";
    // One pattern can fail several checks with the same message: say it once.
    if (!errors[path]?.includes(key)) errors[path] = [...(errors[path] ?? []), key];
  }
  return errors;
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(fieldErrorsOf(result.error));
  return result.data;
}
