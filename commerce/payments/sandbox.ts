// The offline card acquirer: deterministic outcomes by card number, so the whole purchase
// (approve, decline, processing failure) can be exercised without a real acquirer. Like a
// real one it keeps its own ledger, in a table of its own (sandbox_acquirer_charges): every
// API process on the database is then one acquirer, and one insert decides each key once.
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { asc, eq } from "drizzle-orm";
import { expiryNotPast, luhnValid } from "../contract/card-rules.ts";
import type { Executor } from "../db/client.ts";
import { sandboxAcquirerCharges } from "../db/schema.ts";
import { log } from "../log.ts";
import type {
  CardProfile,
  ChargeInput,
  ChargeOutcome,
  PaymentProvider,
  PreValidation,
} from "./provider.ts";
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
  | "card_not_accepted";
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

type ChargeRow = typeof sandboxAcquirerCharges.$inferSelect;

const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, "");

const int32OrZero = (value: number) =>
  Number.isInteger(value) && Math.abs(value) <= 2_147_483_647 ? value : 0;

function outcomeOf(row: ChargeRow): ChargeOutcome {
  if (row.status === "APPROVED" && row.reference) {
    return { status: "APPROVED", reference: row.reference, last4: row.last4 };
  }
  const status = row.status === "DECLINED" ? "DECLINED" : "FAILED";
  return { status, reason: row.reason ?? "processing_error", last4: row.last4 };
}

export type SandboxOptions = {
  /** Where its ledger lives: the API's database. */
  db: Executor;
  /** The clock that judges card expiry. */
  now?: () => Date;
  /**
   * Fault tests: hold each answer this long after deciding (and say so on stdout), as an
   * acquirer whose answer is slow to come back. The charge is already made meanwhile.
   */
  answerDelayMs?: number;
};

export class SandboxAcquirer implements PaymentProvider {
  private readonly db: Executor;
  private readonly now: () => Date;
  private readonly answerDelayMs: number;

  constructor(options: SandboxOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => new Date());
    this.answerDelayMs = options.answerDelayMs ?? 0;
  }

  async cardProfile(bin: string): Promise<CardProfile | null> {
    return sandboxCardProfile(bin);
  }

  async preValidate(input: Omit<ChargeInput, "idempotencyKey">): Promise<PreValidation> {
    const number = digitsOf(input.card.number);
    // A card reported lost is blocked at the issuer: it shows before any charge. Funds only
    // show when charging.
    const reason =
      this.invalidReason(input, number) ??
      (scriptedOutcomes[number]?.reason === "card_reported_lost" ? "card_reported_lost" : null);
    return reason ? { valid: false, reason } : { valid: true, challenge: false };
  }

  async charge(input: ChargeInput): Promise<ChargeOutcome> {
    const decided = this.decide(input);
    // The primary key decides: of simultaneous calls with one key (from any process), one
    // insert wins and every call answers what it recorded.
    const [inserted] = await this.db
      .insert(sandboxAcquirerCharges)
      .values({
        idempotencyKey: input.idempotencyKey,
        status: decided.status,
        reference: decided.status === "APPROVED" ? decided.reference : null,
        reason: decided.status === "APPROVED" ? null : decided.reason,
        last4: decided.last4,
        // What a declined request carried may not even fit the column.
        amount: int32OrZero(input.amount),
        installments: int32OrZero(input.installments),
      })
      .onConflictDoNothing({ target: sandboxAcquirerCharges.idempotencyKey })
      .returning();
    const row = inserted ?? (await this.row(input.idempotencyKey));
    if (!row) throw new Error("Sandbox acquirer: a recorded charge disappeared");
    if (this.answerDelayMs > 0) {
      log.info(
        `sandbox acquirer: charge decided (${row.status}), answering in ${this.answerDelayMs} ms`,
      );
      await sleep(this.answerDelayMs);
    }
    return outcomeOf(row);
  }

  async lookup(idempotencyKey: string): Promise<ChargeOutcome | null> {
    const row = await this.row(idempotencyKey);
    return row ? outcomeOf(row) : null;
  }

  async refund(reference: string): Promise<void> {
    // Refunding twice is a no-op: the money went back once.
    const refunded = await this.db
      .update(sandboxAcquirerCharges)
      .set({ refunded: true })
      .where(eq(sandboxAcquirerCharges.reference, reference))
      .returning({ reference: sandboxAcquirerCharges.reference });
    if (refunded.length === 0) {
      throw new Error(`Sandbox acquirer: unknown charge reference ${reference}`);
    }
  }

  /** Approved charges so far (for tests and the demo): one entry per money movement. */
  async charges(): Promise<SandboxCharge[]> {
    const rows = await this.db
      .select()
      .from(sandboxAcquirerCharges)
      .where(eq(sandboxAcquirerCharges.status, "APPROVED"))
      .orderBy(asc(sandboxAcquirerCharges.createdAt), asc(sandboxAcquirerCharges.reference));
    return rows.map((row) => ({
      reference: row.reference ?? "",
      idempotencyKey: row.idempotencyKey,
      amount: row.amount,
      installments: row.installments,
      last4: row.last4,
      refunded: row.refunded,
    }));
  }

  private async row(idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxAcquirerCharges)
      .where(eq(sandboxAcquirerCharges.idempotencyKey, idempotencyKey))
      .limit(1);
    return row;
  }

  private decide(input: ChargeInput): ChargeOutcome {
    const number = digitsOf(input.card.number);
    const last4 = /^[0-9]{4,}$/.test(number) ? number.slice(-4) : "";
    const reason = this.invalidReason(input, number);
    if (reason) return { status: "DECLINED", reason, last4 };
    const scripted = scriptedOutcomes[number];
    if (scripted) return { status: scripted.status, reason: scripted.reason, last4 };
    return { status: "APPROVED", reference: `SBX-${randomBytes(9).toString("base64url")}`, last4 };
  }

  // The acquirer never trusts the caller's validation: it checks the card again.
  private invalidReason(
    input: Omit<ChargeInput, "idempotencyKey">,
    number: string,
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
    if (!expiryNotPast(card.expiryMonth, card.expiryYear, this.now())) return "card_expired";
    if (!/^[0-9]{3,4}$/.test(card.securityCode.trim())) return "invalid_security_code";
    if (card.holder.trim().length === 0) return "invalid_holder";
    if (card.document.trim().length === 0) return "invalid_document";
    return null;
  }
}
