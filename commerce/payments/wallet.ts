// A wallet behind an interface (Apay, Tigo Money): the payer is sent to the wallet's own
// hosted page, approves or not there, and comes back to the shop's return address; the
// wallet also notifies the shop by a signed notification. The offline default is the
// sandbox wallet (sandbox-wallet.ts); a real wallet would implement the same shape.
//
// Its answers are the card acquirer's outcomes (provider.ts), so the follow-up of a payment
// (reconcile.ts, payment-follow-up.ts, settlement.ts) is one for both: CHALLENGE is "the
// payer acts on the wallet's page at challengeUrl", AWAITING "the payer decides later".
import type { WalletBrand } from "../purchase/catalogues.ts";
import type { AcquirerNotification, ChargeOutcome } from "./provider.ts";

export type WalletPaymentInput = {
  /** Same key → same payment; the wallet never takes the money twice for one key. */
  idempotencyKey: string;
  amount: number;
  brand: WalletBrand;
  /** Where the wallet's page sends the payer back to (the shop's return route). */
  returnUrl: string;
};

/** What the card acquirer and a wallet both do for a payment after it was started. */
export type PaymentFollowUp = {
  /** What was decided for a key, or null when the provider never received it. */
  lookup(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /** Gives back an approved payment; twice moves the money once. */
  refund(reference: string): Promise<void>;
  /** Calls off a payment the payer has not decided yet (it ends DECLINED). */
  cancel(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /** A notification's body when its signature holds; null for anything else. */
  verifyNotification(rawBody: string, signature: string | null): AcquirerNotification | null;
  readonly notificationHeader: string;
};

export interface WalletProvider extends PaymentFollowUp {
  /** The brands this wallet serves. */
  readonly brands: readonly WalletBrand[];
  /**
   * Opens a payment on the wallet: the answer is CHALLENGE with the hosted page's address
   * (the payer goes there), or for a repeated key what was decided since.
   */
  start(input: WalletPaymentInput): Promise<ChargeOutcome>;
}
