// The card acquirer behind an interface: the offline default is the sandbox acquirer
// (sandbox.ts); a real acquirer would implement the same shape.

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
};

export type ChargeOutcome =
  | { status: "APPROVED"; reference: string; last4: string }
  | { status: "DECLINED"; reason: string; last4: string }
  /** The acquirer could not process it (network, processing error): nothing was charged. */
  | { status: "FAILED"; reason: string; last4: string };

export interface PaymentProvider {
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /**
   * What the acquirer decided for a key, or null when it never received a charge with it.
   * Reconciliation asks this about payments a crash left PENDING (purchase/reconcile.ts).
   */
  lookup(idempotencyKey: string): Promise<ChargeOutcome | null>;
  /**
   * Gives back an approved charge (used when the places were lost while paying). Giving
   * back one charge twice moves the money once.
   */
  refund(reference: string): Promise<void>;
}
