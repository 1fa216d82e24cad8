// The charge's calls to a provider that never sees the shop's card fields (decision 0077):
// opening a payment on its own page (Bancard's card form, PayPal's approval page) and paying
// with a card the acquirer keeps (by its alias token). The payment row is already stored
// PENDING (charge.ts); what the provider answers is written on it before the buyer is sent.
import { and, eq } from "drizzle-orm";
import { payments } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { log } from "../log.ts";
import { shopMetrics } from "../operations/metrics.ts";
import type { SavedCard } from "./hosted-provider.ts";
import { BANCARD_PROVIDER, hostedProviderOf, paymentRefOf } from "./payment-providers.ts";
import type { ChargeOutcome } from "./provider.ts";
import { recordUnpaid } from "./settlement.ts";

type PaymentRow = typeof payments.$inferSelect;

/** Where the payer pays a payment opened on a provider's page. */
export type HostedOpening = { challengeUrl: string; embedUrl?: string; providerReference?: string };

/** The provider that takes saved cards' payments (payments.provider). */
export const SAVED_CARD_PROVIDER = BANCARD_PROVIDER;

/** What the payer reads on the provider's page the payment is for. */
function descriptionOf(language: Language, processId: number) {
  return translate(language)("commerce:paymentDescription", { id: processId });
}

/**
 * Opens the payment on its provider's page. Opened before (a repeat of the key while the
 * payer is there), the same page is the answer: the provider is not asked twice.
 */
export async function openHostedPayment(
  deps: CommerceDeps,
  payment: PaymentRow,
  input: { returnUrl: string; cancelUrl: string; language: Language },
): Promise<HostedOpening> {
  if (payment.stage === "CHALLENGE" && payment.redirectUrl) {
    return {
      challengeUrl: payment.redirectUrl,
      embedUrl: payment.embedUrl ?? undefined,
      providerReference: payment.providerReference ?? undefined,
    };
  }
  const provider = hostedProviderOf(deps, payment.provider);
  if (!provider) {
    await recordUnpaid(deps.db, payment.id, {
      status: "FAILED",
      reason: "processing_error",
      last4: "",
    });
    shopMetrics.payment("error");
    throw businessError("PAYMENT_FAILED");
  }
  let opened: Awaited<ReturnType<typeof provider.start>>;
  try {
    opened = await provider.start({
      payment: paymentRefOf(payment),
      description: descriptionOf(input.language, payment.processId),
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      language: input.language,
    });
  } catch (error) {
    // Left PENDING: reconciliation asks the provider whether it was opened after all.
    log.error({ err: error, paymentId: payment.id }, "payment provider error");
    shopMetrics.payment("error");
    throw businessError("PAYMENT_FAILED");
  }
  shopMetrics.payment("pending");
  await deps.db
    .update(payments)
    .set({
      stage: "CHALLENGE",
      providerReference: opened.providerReference,
      redirectUrl: opened.redirectUrl,
      embedUrl: opened.embedUrl ?? null,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
  return {
    challengeUrl: opened.redirectUrl,
    embedUrl: opened.embedUrl,
    providerReference: opened.providerReference,
  };
}

/**
 * The caller's saved card with this alias, asked of the acquirer (which keeps them per
 * customer): another customer's alias, or one gone, is refused as a field error.
 */
export async function ownSavedCard(
  deps: CommerceDeps,
  customerId: number,
  aliasToken: string,
): Promise<SavedCard> {
  if (!deps.savedCards) throw fieldError("cAliasToken", "savedCardUnknown");
  let cards: SavedCard[];
  try {
    cards = await deps.savedCards.cardsOf(customerId);
  } catch (error) {
    log.error({ err: error }, "saved cards lookup failed");
    throw businessError("PAYMENT_FAILED");
  }
  const card = cards.find((saved) => saved.aliasToken === aliasToken);
  if (!card) throw fieldError("cAliasToken", "savedCardUnknown");
  return card;
}

/** Pays the payment with the customer's saved card; 3-D Secure comes back as CHALLENGE. */
export async function chargeSavedCard(
  deps: CommerceDeps,
  payment: PaymentRow,
  input: {
    customerId: number;
    aliasToken: string;
    returnUrl: string;
    language: Language;
  },
): Promise<ChargeOutcome> {
  if (!deps.savedCards) throw fieldError("cAliasToken", "savedCardUnknown");
  let outcome: ChargeOutcome & { providerReference?: string };
  try {
    outcome = await deps.savedCards.chargeSaved({
      payment: paymentRefOf(payment),
      customerId: input.customerId,
      aliasToken: input.aliasToken,
      installments: payment.installments,
      description: descriptionOf(input.language, payment.processId),
      returnUrl: input.returnUrl,
    });
  } catch (error) {
    // Left PENDING: reconciliation (or a repeat of the key) asks what the acquirer did.
    log.error({ err: error, paymentId: payment.id }, "payment provider error");
    shopMetrics.payment("error");
    throw businessError("PAYMENT_FAILED");
  }
  // Challenged: the acquirer's process is what lookup asks about once the issuer decided.
  if (outcome.status === "CHALLENGE" && outcome.providerReference) {
    await deps.db
      .update(payments)
      .set({ providerReference: outcome.providerReference })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
  }
  return outcome;
}
