// The business errors (HTTP 200, nCode above 299, oData.cCodigo) that endpoints declare in
// their `errors`, grouped as the purchase's modules give them. /v2/openapi.json lists each
// endpoint's; the conformance test (http/openapi-conformance.test.ts) fails on one it meets
// that its endpoint does not declare.
import type { ErrorCode } from "./shared.ts";

const codes = <const C extends readonly ErrorCode[]>(...list: C) => list;

/** A step of a process that is no longer open (purchase/clock.ts). */
export const closedProcessErrors = codes("PROCESS_EXPIRED", "PROCESS_CANCELLED", "PROCESS_PAID");

/** A change to a process while its charge is being decided. */
export const processChangeErrors = codes(...closedProcessErrors, "PAYMENT_IN_PROGRESS");

/** Holding places (purchase/process.ts, customer-places.ts, group-holds.ts). */
export const holdErrors = codes(
  ...processChangeErrors,
  "NOT_ENOUGH_PLACES",
  "SEAT_TAKEN",
  "PERFORMANCE_NOT_ON_SALE",
  "TOO_MANY_PLACES",
);

/** Choosing promotions (purchase/promotion-choice.ts, promotion-store.ts). */
export const promotionErrors = codes(
  ...processChangeErrors,
  "PROMOTION_UNAVAILABLE",
  "PROMOTION_NOT_STARTED",
  "PROMOTION_ENDED",
  "PROMOTION_CODE_REQUIRED",
  "PROMOTION_CODE_WRONG",
  "PROMOTION_NOT_ELIGIBLE",
  "PROMOTION_QUOTA_EXHAUSTED",
);

/** The card plans of a process's total (payments/card-plans.ts). */
export const cardPlanErrors = codes(...closedProcessErrors, "PROCESS_EMPTY", "PAYMENT_FAILED");

/**
 * Charging a process and what follows a charge (charge-terms.ts, delivery.ts,
 * process-answers.ts, pre-validation.ts, charge.ts, payment-follow-up.ts, settlement.ts).
 */
export const chargeErrors = codes(
  ...promotionErrors,
  "PROCESS_EMPTY",
  "PAYMENT_METHOD_REQUIRED",
  "DELIVERY_REQUIRED",
  "DELIVERY_NOT_OFFERED",
  "DELIVERY_ADDRESS_REQUIRED",
  "PERFORMANCE_DATA_REQUIRED",
  "CARD_VALIDATION_FAILED",
  "PAYMENT_DECLINED",
  "PAYMENT_FAILED",
  "IDEMPOTENCY_CONFLICT",
  "REFUND_FAILED",
);
