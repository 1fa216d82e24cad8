// The sandbox acquirer's cards: the documented test cards and what each one does, and the
// checks it makes of any card (it never trusts the caller's). Pure: sandbox.ts keeps the ledger.
import { expiryNotPast, luhnValid } from "../../contract/card-rules.ts";
import type { ChargeInput, ChargeOutcome } from "../provider.ts";
import { sandboxCardProfile } from "./sandbox-issuers.ts";

/** Short reason codes of DECLINED and FAILED outcomes; the API translates them. */
export type SandboxDeclineReason =
  | "insufficient_funds"
  | "card_reported_lost"
  | "invalid_card_number"
  | "card_expired"
  | "invalid_security_code"
  | "invalid_holder"
  | "invalid_document"
  | "invalid_amount"
  | "invalid_installments"
  | "card_not_accepted"
  | "security_code_rejected"
  | "issuer_rejected"
  | "authentication_failed"
  | "authentication_cancelled"
  | "authentication_timeout";
export type SandboxFailureReason = "processing_error";
export type SandboxReason = SandboxDeclineReason | SandboxFailureReason;

export type SandboxTestCard = {
  number: string;
  outcome: ChargeOutcome["status"];
  description: string;
};

/**
 * Documented test cards. Any other Luhn-valid number of an accepted network is approved;
 * each card's bank and plans are in sandbox-issuers.ts.
 */
export const sandboxTestCards: readonly SandboxTestCard[] = [
  { number: "4242424242424242", outcome: "APPROVED", description: "VISA, approved" },
  { number: "5555555555554444", outcome: "APPROVED", description: "MASTERCARD, approved" },
  { number: "4000000000000002", outcome: "DECLINED", description: "declined: insufficient funds" },
  { number: "4000000000009995", outcome: "DECLINED", description: "declined: card reported lost" },
  {
    number: "4000000000000127",
    outcome: "DECLINED",
    description: "declined: the issuer rejects the security code",
  },
  { number: "4000000000000119", outcome: "FAILED", description: "processing error, not charged" },
  {
    number: "4000000000003220",
    outcome: "CHALLENGE",
    description:
      "3-D Secure: the bank's page asks for a code (1234 approves, anything else declines)",
  },
  {
    number: "4000000000000077",
    outcome: "AWAITING",
    description: "pending, approved by the bank a few seconds later (notified by webhook)",
  },
  {
    number: "4000000000000093",
    outcome: "AWAITING",
    description: "pending, rejected by the bank a few seconds later (notified by webhook)",
  },
];

export type Scripted =
  | { status: "DECLINED" | "FAILED"; reason: SandboxReason }
  | { status: "CHALLENGE" }
  | { status: "AWAITING"; later: "APPROVED" | "DECLINED" };

export const scriptedOutcomes: Record<string, Scripted> = {
  "4000000000000002": { status: "DECLINED", reason: "insufficient_funds" },
  "4000000000009995": { status: "DECLINED", reason: "card_reported_lost" },
  "4000000000000127": { status: "DECLINED", reason: "security_code_rejected" },
  "4000000000000119": { status: "FAILED", reason: "processing_error" },
  "4000000000003220": { status: "CHALLENGE" },
  "4000000000000077": { status: "AWAITING", later: "APPROVED" },
  "4000000000000093": { status: "AWAITING", later: "DECLINED" },
};

/** The code the sandbox issuer's challenge page takes. */
export const SANDBOX_CHALLENGE_CODE = "1234";

export const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, "");

/** The acquirer never trusts the caller's validation: it checks the card again. */
export function invalidReason(
  input: Omit<ChargeInput, "idempotencyKey">,
  number: string,
  now: Date,
): SandboxDeclineReason | null {
  const { card } = input;
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return "invalid_amount";
  if (!Number.isInteger(input.installments) || input.installments < 1 || input.installments > 24)
    return "invalid_installments";
  if (!/^[0-9]{13,19}$/.test(number) || !luhnValid(number)) return "invalid_card_number";
  // The issuing bank only finances the plans it offers.
  const profile = sandboxCardProfile(number.slice(0, 8));
  if (!profile) return "card_not_accepted";
  if (input.installments > 1 && !profile.plans.some((p) => p.count === input.installments)) {
    return "invalid_installments";
  }
  if (!expiryNotPast(card.expiryMonth, card.expiryYear, now)) return "card_expired";
  if (!/^[0-9]{3,4}$/.test(card.securityCode.trim())) return "invalid_security_code";
  if (card.holder.trim().length === 0) return "invalid_holder";
  if (card.document.trim().length === 0) return "invalid_document";
  return null;
}
