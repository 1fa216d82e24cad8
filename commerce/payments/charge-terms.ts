// What a process would be charged now, checked as the charge checks it: places still held, a
// delivery and (online) a payment method chosen, the total with its promotions, and the
// card's plan for the installments asked. The charge (charge.ts) and the pre-validation
// (pre-validation.ts) both ask this, so a pre-validated payment is charged as validated.
import type { Card } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import type { purchaseProcesses } from "../db/schema.ts";
import { businessError, fieldError } from "../errors.ts";
import {
  type PaymentMethodRule,
  paymentMethodById,
  paymentMethodRules,
} from "../purchase/catalogues.ts";
import { deliveryToCharge } from "../purchase/delivery.ts";
import { ensureOpen } from "../purchase/process.ts";
import { ensureAnswered } from "../purchase/process-answers.ts";
import { priceChosen } from "../purchase/promotion-store.ts";
import { liveHeldPlacesWithPromotions } from "../purchase/view.ts";
import { offeredPlans } from "./installment-plans.ts";
import type { ChargeInput as AcquirerCharge, CardProfile } from "./provider.ts";

export type ChargeTerms = {
  /** What the shop is paid. */
  amount: number;
  /** What the buyer pays the bank over the installments. */
  planTotal: number;
  /** The payment method chosen (the card's own at the counter). */
  method: PaymentMethodRule | null;
};

/** A card presented at the counter pays as what it is, credit or debit. */
export function counterMethodOf(card: CardProfile): PaymentMethodRule | null {
  const code = card.kind === "DEBIT" ? "DEBIT_CARD" : "CREDIT_CARD";
  return paymentMethodRules.find((method) => method.code === code) ?? null;
}

/**
 * How the buyer pays: the card's data sent here (the sandbox acquirer), typed on the
 * acquirer's own form, a card the acquirer keeps, a wallet's page, or PayPal's.
 */
export type PaymentWay = "CARD_DATA" | "ACQUIRER_FORM" | "SAVED_CARD" | "WALLET" | "PAYPAL";

/** The method's kind each way of paying needs, and the error when the chosen one is not. */
const methodKindOf: Record<PaymentWay, { kind: PaymentMethodRule["kind"]; error: string }> = {
  CARD_DATA: { kind: "CARD", error: "cardMethodRequired" },
  ACQUIRER_FORM: { kind: "CARD", error: "cardMethodRequired" },
  SAVED_CARD: { kind: "CARD", error: "cardMethodRequired" },
  WALLET: { kind: "WALLET", error: "walletMethodRequired" },
  PAYPAL: { kind: "PAYPAL", error: "payPalMethodRequired" },
};

export async function chargeTerms(
  tx: Executor,
  now: Date,
  process: typeof purchaseProcesses.$inferSelect,
  request: {
    card: CardProfile | null;
    installments: number;
    atCounter: boolean;
    way: PaymentWay;
  },
): Promise<ChargeTerms> {
  const { card, installments } = request;
  ensureOpen(process, now);
  const { places, chosen } = await liveHeldPlacesWithPromotions(tx, process.id, now);
  if (places.length === 0) throw businessError("PROCESS_EMPTY");
  const earliestStart = places[0]?.startsAt ?? null; // places come by start
  const { delivery } = await deliveryToCharge(tx, process, earliestStart, now);
  await ensureAnswered(tx, process.id, places);
  // Online, the buyer chose a payment method; at the counter the card says which.
  const method = request.atCounter
    ? card && counterMethodOf(card)
    : paymentMethodById(process.paymentMethodId);
  if (!request.atCounter && !method) throw businessError("PAYMENT_METHOD_REQUIRED");
  // The method chosen and the way of paying must agree: a card is not paid on a wallet's page.
  const needed = methodKindOf[request.way];
  if (method && method.kind !== needed.kind) throw fieldError("nFormaDePago", needed.error);
  const totals = priceChosen(places, chosen, delivery);
  // The plan is priced from the amount charged, as Tarjetas2 showed it to the buyer.
  if (card && method?.kind === "CARD") {
    const offer = offeredPlans(card, method, totals.total);
    if ("mismatch" in offer) throw fieldError("oTarjeta.cNumero", offer.mismatch);
    const plan = offer.plans.find((p) => p.count === installments);
    if (!plan) throw fieldError("nCuotas", "installmentsInvalid");
    return { amount: totals.total, planTotal: plan.total, method };
  }
  // A saved card pays in the installments the method takes; the bank adds its own interest.
  if (request.way === "SAVED_CARD" && method?.installments.includes(installments)) {
    return { amount: totals.total, planTotal: totals.total, method };
  }
  // On the acquirer's form the buyer chooses the installments there, with their bank.
  if (installments !== 1) throw fieldError("nCuotas", "installmentsInvalid");
  return { amount: totals.total, planTotal: totals.total, method };
}

/** The card as the acquirer takes it. */
export function acquirerCard(card: Card): AcquirerCharge["card"] {
  return {
    number: card.cNumero,
    expiryMonth: card.nMesVencimiento,
    expiryYear: card.nAnioVencimiento,
    securityCode: card.cCodigoSeguridad,
    holder: card.cTitular,
    document: card.cDocumento,
  };
}
