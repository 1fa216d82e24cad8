// The nCode of each business error. Business errors travel with HTTP 200 (the spec's
// callers read nCode, and treat a non-200 status as "go to login"); protocol errors
// (bad input 400, missing session 401, unknown resource 404) use the HTTP status too.
import type { ErrorCode } from "../contract/index.ts";

export type BusinessErrorCode = Exclude<
  ErrorCode,
  "VALIDATION" | "UNAUTHORIZED" | "NOT_FOUND" | "INTERNAL"
>;

export const businessErrorNCodes: Record<BusinessErrorCode, number> = {
  EMAIL_TAKEN: 409,
  BAD_CREDENTIALS: 401,
  NOT_ENOUGH_PLACES: 409,
  SEAT_TAKEN: 409,
  PROCESS_EXPIRED: 410,
  PROCESS_CANCELLED: 410,
  PROCESS_PAID: 409,
  PROCESS_EMPTY: 422,
  DELIVERY_REQUIRED: 422,
  PAYMENT_METHOD_REQUIRED: 422,
  PAYMENT_DECLINED: 402,
  PAYMENT_FAILED: 502,
  IDEMPOTENCY_CONFLICT: 409,
  PERFORMANCE_NOT_ON_SALE: 409,
};

export function isBusinessErrorCode(value: string): value is BusinessErrorCode {
  return Object.hasOwn(businessErrorNCodes, value);
}
