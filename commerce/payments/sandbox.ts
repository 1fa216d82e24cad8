// The offline card acquirer: deterministic outcomes by card number, so the whole purchase
// (approve, decline, processing failure) can be exercised without a real acquirer.
import { randomBytes } from "node:crypto";
import { expiryNotPast, luhnValid } from "../contract/card-rules.ts";
import type { ChargeInput, ChargeOutcome, PaymentProvider } from "./provider.ts";

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
  | "invalid_installments";
export type SandboxFailureReason = "processing_error";
export type SandboxReason = SandboxDeclineReason | SandboxFailureReason;

export type SandboxTestCard = {
  number: string;
  outcome: ChargeOutcome["status"];
  description: string;
};

/** Documented test cards. Any other Luhn-valid number is approved. */
export const sandboxTestCards: readonly SandboxTestCard[] = [
  { number: "4242424242424242", outcome: "APPROVED", description: "VISA, approved" },
  { number: "5555555555554444", outcome: "APPROVED", description: "MASTERCARD, approved" },
  { number: "4000000000000002", outcome: "DECLINED", description: "declined: insufficient funds" },
  { number: "4000000000009995", outcome: "DECLINED", description: "declined: card reported lost" },
  { number: "4000000000000119", outcome: "FAILED", description: "processing error, not charged" },
];

const scriptedOutcomes: Record<string, { status: "DECLINED" | "FAILED"; reason: SandboxReason }> = {
  "4000000000000002": { status: "DECLINED", reason: "insufficient_funds" },
  "4000000000009995": { status: "DECLINED", reason: "card_reported_lost" },
  "4000000000000119": { status: "FAILED", reason: "processing_error" },
};

export type SandboxCharge = {
  reference: string;
  idempotencyKey: string;
  amount: number;
  installments: number;
  last4: string;
  refunded: boolean;
};

export class SandboxAcquirer implements PaymentProvider {
  private readonly outcomes = new Map<string, ChargeOutcome>();
  private readonly ledger = new Map<string, SandboxCharge>();
  private readonly now: () => Date;

  constructor(options: { now?: () => Date } = {}) {
    this.now = options.now ?? (() => new Date());
  }

  async charge(input: ChargeInput): Promise<ChargeOutcome> {
    // Decided and recorded synchronously, so two concurrent calls with one key cannot both charge.
    const previous = this.outcomes.get(input.idempotencyKey);
    if (previous) return previous;
    const outcome = this.decide(input);
    this.outcomes.set(input.idempotencyKey, outcome);
    if (outcome.status === "APPROVED") {
      this.ledger.set(outcome.reference, {
        reference: outcome.reference,
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        installments: input.installments,
        last4: outcome.last4,
        refunded: false,
      });
    }
    return outcome;
  }

  async refund(reference: string): Promise<void> {
    const charge = this.ledger.get(reference);
    if (!charge) throw new Error(`Sandbox acquirer: unknown charge reference ${reference}`);
    // Refunding twice is a no-op: the money went back once.
    charge.refunded = true;
  }

  /** Approved charges so far (for tests and the demo): one entry per money movement. */
  charges(): SandboxCharge[] {
    return [...this.ledger.values()].map((charge) => ({ ...charge }));
  }

  private decide(input: ChargeInput): ChargeOutcome {
    const number = input.card.number.replace(/[\s-]/g, "");
    const last4 = /^[0-9]{4,}$/.test(number) ? number.slice(-4) : "";
    const reason = this.invalidReason(input, number);
    if (reason) return { status: "DECLINED", reason, last4 };
    const scripted = scriptedOutcomes[number];
    if (scripted) return { status: scripted.status, reason: scripted.reason, last4 };
    return { status: "APPROVED", reference: `SBX-${randomBytes(9).toString("base64url")}`, last4 };
  }

  // The acquirer never trusts the caller's validation: it checks the card again.
  private invalidReason(input: ChargeInput, number: string): SandboxDeclineReason | null {
    const { card } = input;
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) return "invalid_amount";
    if (!Number.isInteger(input.installments) || input.installments < 1 || input.installments > 24)
      return "invalid_installments";
    if (!/^[0-9]{13,19}$/.test(number) || !luhnValid(number)) return "invalid_card_number";
    if (!expiryNotPast(card.expiryMonth, card.expiryYear, this.now())) return "card_expired";
    if (!/^[0-9]{3,4}$/.test(card.securityCode.trim())) return "invalid_security_code";
    if (card.holder.trim().length === 0) return "invalid_holder";
    if (card.document.trim().length === 0) return "invalid_document";
    return null;
  }
}
