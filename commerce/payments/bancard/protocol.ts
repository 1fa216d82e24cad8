// Bancard vPOS 2.0 as its public clients describe it (API 0.3): the paths, the bodies, the md5
// tokens that sign each operation and each confirmation, the amounts and the answers. Pure: the
// HTTP client (vpos-client.ts), the adapter and the stand-in all build on these.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const bancardApi = "/vpos/api/0.3";
export const bancardPaths = {
  singleBuy: `${bancardApi}/single_buy`,
  confirmations: `${bancardApi}/single_buy/confirmations`,
  rollback: `${bancardApi}/single_buy/rollback`,
  preauthorizationConfirm: `${bancardApi}/preauthorizations/confirm`,
  newCard: `${bancardApi}/cards/new`,
  userCards: (userId: number | string) => `${bancardApi}/users/${userId}/cards`,
  charge: `${bancardApi}/charge`,
} as const;

/** The pages Bancard's checkout script frames (bancard-checkout.js) and its hosted page. */
export const bancardPages = {
  checkout: "/checkout/new",
  registerCard: "/checkout/register_card/new",
  charge3ds: "/checkout/charge_3ds/new",
  preauthorization: "/checkout/preauthorization/new",
  /** The full page a payer is sent to without the script (the connectors' "payment" URL). */
  hosted: "/payment/single_buy",
  /** Where Bancard serves its checkout script (the version is assumed). */
  script: "/checkout/javascript/dist/bancard-checkout-4.0.0.js",
} as const;

export const pageUrl = (baseUrl: string, page: string, processId: string) =>
  `${baseUrl}${page}?process_id=${encodeURIComponent(processId)}`;

/** Bancard's amounts: whole units with two decimals and a dot ("10330.00"). */
export function formatBancardAmount(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError("invalid amount");
  return `${amount}.00`;
}
export const bancardAmountPattern = /^[0-9]{1,13}\.[0-9]{2}$/;

const md5 = (...parts: (string | number)[]) =>
  createHash("md5").update(parts.join(""), "utf8").digest("hex");

/** The md5 tokens: the private key never travels, only these digests of it and the fields. */
export const bancardTokens = {
  singleBuy: (key: string, shopProcessId: number | string, amount: string, currency: string) =>
    md5(key, shopProcessId, amount, currency),
  /** Signs the confirmation Bancard posts to the shop. */
  confirmation: (key: string, shopProcessId: number | string, amount: string, currency: string) =>
    md5(key, shopProcessId, "confirm", amount, currency),
  getConfirmation: (key: string, shopProcessId: number | string) =>
    md5(key, shopProcessId, "get_confirmation"),
  rollback: (key: string, shopProcessId: number | string) =>
    md5(key, shopProcessId, "rollback", "0.00"),
  preauthorizationConfirm: (key: string, shopProcessId: number | string) =>
    md5(key, shopProcessId, "pre-authorization-confirm"),
  newCard: (key: string, cardId: number | string, userId: number | string) =>
    md5(key, cardId, userId, "request_new_card"),
  userCards: (key: string, userId: number | string) => md5(key, userId, "request_user_cards"),
  charge: (
    key: string,
    shopProcessId: number | string,
    amount: string,
    currency: string,
    aliasToken: string,
  ) => md5(key, shopProcessId, "charge", amount, currency, aliasToken),
  deleteCard: (key: string, userId: number | string, aliasToken: string) =>
    md5(key, "delete_card", userId, aliasToken),
};

/** Compares two tokens in constant time (a forged one learns nothing from the timing). */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Bancard sends ids as numbers or strings; the shop reads them as strings. */
const id = z.union([z.string().min(1).max(64), z.number().int().nonnegative()]).transform(String);

export const bancardMessage = z.object({
  key: z.string(),
  level: z.string().optional(),
  dsc: z.string().optional(),
});
export type BancardMessage = z.infer<typeof bancardMessage>;

export const bancardErrorAnswer = z.object({
  status: z.literal("error"),
  messages: z.array(bancardMessage).default([]),
});

/** What the acquirer decided of a payment: posted to the shop and answered by get_confirmation. */
export const bancardConfirmation = z.object({
  token: z.string().optional(),
  shop_process_id: id,
  /** "S" processed, "N" not. */
  response: z.enum(["S", "N"]),
  response_details: z.string().optional(),
  amount: z.string().regex(bancardAmountPattern),
  currency: z.string().length(3),
  authorization_number: z.string().nullish(),
  ticket_number: z.string().nullish(),
  /** "00" approved; anything else declined (bancardResponseReasons). */
  response_code: z.string().max(4),
  response_description: z.string().nullish(),
  extended_response_description: z.string().nullish(),
  security_information: z
    .object({
      customer_ip: z.string().nullish(),
      card_source: z.string().nullish(),
      card_country: z.string().nullish(),
      version: z.string().nullish(),
      risk_index: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});
export type BancardConfirmation = z.infer<typeof bancardConfirmation>;

/** The body of Bancard's server-to-server confirmation (its token is required there). */
export const bancardConfirmationPost = z.object({
  operation: bancardConfirmation.extend({ token: z.string().length(32) }),
});

/** What the shop answers a confirmation with (HTTP 200) once it took it. */
export const bancardConfirmationReply = { status: "success" } as const;

export const singleBuyAnswer = z.object({ status: z.literal("success"), process_id: z.string() });
export const getConfirmationAnswer = z.object({
  status: z.literal("success"),
  confirmation: bancardConfirmation,
});
export const plainSuccessAnswer = z.object({
  status: z.literal("success"),
  messages: z.array(bancardMessage).optional(),
});

export const bancardCard = z.object({
  card_id: id,
  alias_token: z.string().min(1),
  card_masked_number: z.string(),
  expiration_date: z.string(),
  card_brand: z.string(),
  card_type: z.string(),
});
export type BancardCard = z.infer<typeof bancardCard>;
export const userCardsAnswer = z.object({
  status: z.literal("success"),
  cards: z.array(bancardCard),
});

/**
 * A charge by alias token: decided at once (the confirmation), or, when the issuer asks for
 * 3-D Secure, a process id for the Charge3DS form (asked for with extra_response_attributes).
 */
export const chargeAnswer = z.object({
  status: z.literal("success"),
  confirmation: bancardConfirmation
    .partial()
    .extend({ process_id: z.string().optional() })
    .optional(),
  operation: bancardConfirmation.partial().optional(),
});

/** Where Bancard sends the payer back: the return_url with these added. */
export const bancardReturnStatus = {
  paid: "payment_success",
  notPaid: "payment_fail",
  cardAdded: "add_new_card_success",
  cardNotAdded: "add_new_card_fail",
} as const;

/**
 * Bancard's response codes and the shop's reasons (errors:paymentReasons). 05, 12, 15 and 51 are
 * documented; the others are the usual ISO 8583 codes, assumed.
 */
export const bancardResponseReasons: Record<string, { reason: string; failed?: true }> = {
  "05": { reason: "card_not_accepted" },
  "12": { reason: "issuer_rejected" },
  "15": { reason: "invalid_card_number" },
  "51": { reason: "insufficient_funds" },
  "41": { reason: "card_reported_lost" },
  "54": { reason: "card_expired" },
  N7: { reason: "security_code_rejected" },
  "96": { reason: "processing_error", failed: true },
};
export const BANCARD_APPROVED = "00";
