// The card acquirer behind an interface: the offline default is the sandbox acquirer
// (sandbox.ts); a real acquirer would implement the same shape.
import type { CardBrand } from "../contract/card-rules.ts";

export type ChargeInput = {
  /** Same key → same outcome; the acquirer never charges twice for one key. */
  idempotencyKey: string;
  amount: number;
  installments: number;
  card: {
    number: string;
    expiryMonth: number;
    expiryYear: number;
    securityCode: string;
    holder: string;
    document: string;
  };
  /** Where the issuer's 3-D Secure challenge page sends the cardholder back to. */
  returnUrl?: string;
};

export type ChargeOutcome =
  | { status: "APPROVED"; reference: string; last4: string }
  | { status: "DECLINED"; reason: string; last4: string }
  /** The acquirer could not process it (network, processing error): nothing was charged. */
  | { status: "FAILED"; reason: string; last4: string }
  /** The issuer asks the cardholder to authenticate first (3-D Secure) at `challengeUrl`. */
  | { status: "CHALLENGE"; challengeUrl: string; last4: string }
  /** Taken; the issuer decides later and the acquirer notifies (webhook). */
  | { status: "AWAITING"; last4: string };

/** A final outcome: the money moved or it did not. */
export type FinalOutcome = Extract<ChargeOutcome, { status: "APPROVED" | "DECLINED" | "FAILED" }>;

/** A notification (webhook) whose signature held: which charge changed. */
export type AcquirerNotification = { id: string; idempotencyKey: string };

/** Card networks the shop accepts. */
export type AcceptedBrand = Exclude<CardBrand, "OTHER">;

/**
 * What the acquirer knows of a card from its first digits (BIN): its network, the bank that
 * issued it, credit or debit, and the installment plans that bank offers (count and annual
 * nominal rate; 0 % is "sin interés").
 */
export type CardProfile = {
  brand: AcceptedBrand;
  issuer: string;
  kind: "CREDIT" | "DEBIT";
  plans: readonly { count: number; annualRatePercent: number }[];
};

/** The acquirer's check of a card before it is charged (no money moves). */
export type PreValidation =
  | {
      valid: true;
      /** The issuer will ask the cardholder to authenticate (3-D Secure). */
      challenge: boolean;
    }
  | { valid: false; reason: string };

export interface PaymentProvider {
  /** The card behind a BIN (its first 6 to 8 digits), or null when it is not accepted. */
  cardProfile(bin: string): Promise<CardProfile | null>;
  /** Checks the card and the plan for the amount without charging (PreValidacion). */
  preValidate(input: Omit<ChargeInput, "idempotencyKey">): Promise<PreValidation>;
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /**
   * What the acquirer decided for a key, or null when it never received a charge with it.
   * Reconciliation asks this about payments a crash left PENDING (payments/reconcile.ts).
   */
  lookup(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * Gives back an approved charge (used when the places were lost while paying). Giving
   * back one charge twice moves the money once.
   */
  refund(reference: string): Promise<void>;
  /**
   * Calls off a charge not decided yet (a 3-D Secure challenge the cardholder left): it
   * ends DECLINED. A decided one stays as it is; the answer is the charge's outcome then.
   */
  cancel(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * A notification's body when its signature (header value) is the acquirer's and recent;
   * null for anything else. It says which charge changed, not how: lookup tells.
   */
  verifyNotification(rawBody: string, signature: string | null): AcquirerNotification | null;
  /** The request header its notifications carry their signature in. */
  readonly notificationHeader: string;
}
