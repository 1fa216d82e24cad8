// The /v2 API contract: request and response shapes and one object per endpoint, shared by
// the commerce API (which registers and validates with them) and the storefront's client
// (which calls through them and parses responses with them). Split by area; this file only
// gathers them for `@contract` imports.
export * from "./account-security.ts";
export * from "./availability-bits.ts";
export * from "./birth-date.ts";
export * from "./booking-rule.ts";
export * from "./bookings.ts";
export * from "./box-office.ts";
export * from "./browse.ts";
export * from "./business-errors.ts";
export * from "./card.ts";
export * from "./card-plans.ts";
export * from "./catalog.ts";
export { PRODUCT_TYPE_ID } from "./constants.ts";
export * from "./contacts.ts";
export * from "./customers.ts";
export * from "./document-number.ts";
export * from "./door.ts";
export * from "./endpoint.ts";
export * from "./endpoints.ts";
export * from "./external-login.ts";
export * from "./hosted-payments.ts";
export * from "./orders.ts";
export * from "./payment-follow-up.ts";
export * from "./payment-links.ts";
export * from "./payments-v2.ts";
export * from "./phone-rules.ts";
export * from "./places.ts";
export * from "./positions.ts";
export * from "./process-answers.ts";
export * from "./products.ts";
export * from "./promotions.ts";
export * from "./purchase.ts";
export * from "./queue.ts";
export * from "./requested-data.ts";
export * from "./seat-map.ts";
export * from "./shared.ts";
export * from "./text.ts";
