// Who follows a payment up: the card acquirer, a provider whose own page took the payment
// (Bancard, PayPal: hosted-provider.ts) or the wallet a wallet payment was opened with
// (payments.provider says which). Looking up, refunding and calling off go to it.
import type { CommerceDeps } from "../deps.ts";
import { fieldError } from "../errors.ts";
import { type PaymentMethodRule, paymentMethodRules } from "../purchase/catalogues.ts";
import type { HostedPaymentProvider, PaymentRef } from "./hosted-provider.ts";
import type { ChargeOutcome } from "./provider.ts";
import type { PaymentFollowUp } from "./wallet.ts";

export const CARD_PROVIDER = "CARD";
/** Bancard vPOS 2.0: its card form, and the cards it keeps (payments/bancard/). */
export const BANCARD_PROVIDER = "BANCARD";
/** PayPal Orders v2 (payments/paypal/). */
export const PAYPAL_PROVIDER = "PAYPAL";

/** A card paid it (the sandbox acquirer's or Bancard's), not a wallet's or PayPal's page. */
export function isCardProvider(provider: string): boolean {
  return provider === CARD_PROVIDER || provider === BANCARD_PROVIDER;
}

/** What every payment's provider answers about it, asked by the shop's own payment. */
export type FollowUp = {
  lookup(payment: PaymentRef): Promise<ChargeOutcome | null>;
  refund(reference: string): Promise<void>;
  cancel(payment: PaymentRef): Promise<ChargeOutcome | null>;
};

/** The shop's invented sandboxes know a payment by its idempotency key alone. */
function byKey(provider: PaymentFollowUp): FollowUp {
  return {
    lookup: (payment) => provider.lookup(payment.idempotencyKey),
    refund: (reference) => provider.refund(reference),
    cancel: (payment) => provider.cancel(payment.idempotencyKey),
  };
}

/** The configured provider whose own page takes payments under this name, if any. */
export function hostedProviderOf(
  deps: CommerceDeps,
  provider: string,
): HostedPaymentProvider | null {
  return (deps.hostedProviders ?? []).find((hosted) => hosted.name === provider) ?? null;
}

export function followUpOf(deps: CommerceDeps, provider: string): FollowUp {
  if (provider === CARD_PROVIDER) return byKey(deps.payments);
  const hosted = hostedProviderOf(deps, provider);
  if (hosted) return hosted;
  // A wallet payment is only opened while a wallet is configured (charge.ts).
  if (!deps.wallet) throw new Error(`No provider configured to follow a ${provider} payment up`);
  return byKey(deps.wallet);
}

/**
 * The methods a buyer may choose now: the cards always; a wallet while one is configured that
 * takes its brand; PayPal while PayPal is.
 */
export function offeredPaymentMethods(deps: CommerceDeps): PaymentMethodRule[] {
  return paymentMethodRules.filter((method) => {
    if (method.kind === "WALLET") return deps.wallet?.brands.some((brand) => brand === method.code);
    if (method.kind === "PAYPAL") return hostedProviderOf(deps, PAYPAL_PROVIDER) !== null;
    return true;
  });
}

/**
 * With Bancard configured, a card is typed on Bancard's form and never sent here: a body
 * carrying a card's data is refused (a 4xx), lest it reach the sandbox acquirer, which takes
 * no real money (decision 0077).
 */
export function refuseCardDataBesideBancard(deps: CommerceDeps): void {
  if (hostedProviderOf(deps, BANCARD_PROVIDER)) throw fieldError("oTarjeta", "cardFormRequired");
}

/** A payments row as its provider is asked about it. */
export function paymentRefOf(payment: {
  id: number;
  idempotencyKey: string;
  providerReference: string | null;
  amount: number;
}): PaymentRef {
  return {
    id: payment.id,
    idempotencyKey: payment.idempotencyKey,
    providerReference: payment.providerReference,
    amount: payment.amount,
  };
}
