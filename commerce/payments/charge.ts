// The charge (Cobrar): price the held places, store the payment with its idempotency key,
// call the acquirer outside any transaction, then settle (settlement.ts). A repeated key
// answers the first outcome and never charges twice; a new key while an earlier payment of
// the process is PENDING resolves that one first (reconcile.ts); no lock is held while the
// card is being charged.
import { and, eq } from "drizzle-orm";
import type { Card } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { orders, payments, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError, notFound } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { log } from "../log.ts";
import { type PaymentOutcome, shopMetrics } from "../operations/metrics.ts";
import { isWalletBrand } from "../purchase/catalogues.ts";
import { acceptedCard } from "./card-plans.ts";
import { acquirerCard, chargeTerms, type PaymentWay } from "./charge-terms.ts";
import {
  chargeSavedCard,
  openHostedPayment,
  ownSavedCard,
  SAVED_CARD_PROVIDER,
} from "./hosted-charge.ts";
import {
  CARD_PROVIDER,
  followUpOf,
  PAYPAL_PROVIDER,
  paymentRefOf,
  refuseCardDataBesideBancard,
} from "./payment-providers.ts";
import type { ChargeOutcome } from "./provider.ts";
import { resolvePendingPayment } from "./reconcile.ts";
import {
  type CounterSale,
  lostReason,
  recordStage,
  recordUnpaid,
  settleApprovedCharge,
} from "./settlement.ts";

export type ChargeInput = {
  processId: number;
  customerId: number;
  key: string;
  installments: number;
  /** The card charged through the acquirer; none for cash at the box office. */
  card?: Card;
  language: Language;
  /** A box-office sale (counter-charge.ts): to a walk-in buyer, in cash or card present. */
  counter?: CounterSale;
  /** Where the issuer's 3-D Secure page, or the wallet's page, sends the buyer back. */
  returnUrl?: string;
  /** Paid on the wallet's hosted page (Cobrar2) instead of by card. */
  wallet?: boolean;
  /** Paid on a provider's own page (Bancard's card form, PayPal's approval; decision 0077). */
  hosted?: { provider: string; cancelUrl: string };
  /** Paid with a card the acquirer keeps for the buyer, by its alias token. */
  savedCard?: { aliasToken: string };
};

/** How this charge is paid, as its terms check the method chosen. */
function wayOf(input: ChargeInput): PaymentWay {
  if (input.hosted) return input.hosted.provider === PAYPAL_PROVIDER ? "PAYPAL" : "ACQUIRER_FORM";
  if (input.savedCard) return "SAVED_CARD";
  return input.wallet ? "WALLET" : "CARD_DATA";
}

/**
 * What a charge came to: an order, or a payment still open — the buyer authenticates with
 * their bank first (3-D Secure) or pays on the wallet's page (both at challengeUrl), or the
 * bank (or the wallet) decides later and notifies.
 */
export type ChargeResult =
  | { orderId: number }
  | { challengeUrl: string; embedUrl?: string; providerReference?: string }
  | { awaiting: true };

type PaymentRow = typeof payments.$inferSelect;

export function declineMessage(language: Language, reason: string | null) {
  const t = translate(language);
  return {
    reason: t(`errors:paymentReasons.${reason ?? "unknown"}`, {
      defaultValue: t("errors:paymentReasons.unknown"),
    }),
  };
}

/** What a payment already decided, answered again for a repeated idempotency key. */
async function storedOutcome(
  db: Database,
  payment: PaymentRow,
  language: Language,
): Promise<{ orderId: number }> {
  switch (payment.status) {
    case "APPROVED": {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentId, payment.id))
        .limit(1);
      if (order) return { orderId: order.id };
      throw businessError("PAYMENT_FAILED");
    }
    case "DECLINED":
      throw businessError("PAYMENT_DECLINED", declineMessage(language, payment.declineReason));
    case "REFUNDED":
    case "REFUND_FAILED":
      // The card was approved but the places were lost; declineReason keeps why.
      throw businessError(lostReason(payment.declineReason));
    default:
      throw businessError("PAYMENT_FAILED");
  }
}

async function paymentByKey(db: Database, key: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, key))
    .limit(1);
  return payment;
}

/**
 * Stores the payment (PENDING) before the acquirer is called; a repeat of the key finds it.
 * A new key while the process has a PENDING payment (a reload draws a new key; a crash left
 * the old one unsettled; a double submit) must not charge blindly: that payment is resolved
 * first by asking the acquirer (reconcile.ts), before anything else is checked. Approved, it
 * is settled (even if the clock ran out meanwhile, as long as the places are still held) and
 * its order is the answer, so the card is charged once; declined, failed, given back or
 * never received (past the grace period), the new attempt goes ahead; still in flight, the
 * answer is PAYMENT_IN_PROGRESS. The process's row is locked while looking and inserting,
 * so two new keys at once cannot both pass.
 */
async function openPayment(
  deps: CommerceDeps,
  input: ChargeInput,
): Promise<{ payment: PaymentRow } | { settled: ChargeResult }> {
  const { db } = deps;
  // The process (the caller's, else a 404) and a payment already made with this key, at once.
  const [found] = await db
    .select({ processId: purchaseProcesses.id, byKey: payments })
    .from(purchaseProcesses)
    .leftJoin(payments, eq(payments.idempotencyKey, input.key))
    .where(
      and(
        eq(purchaseProcesses.id, input.processId),
        eq(purchaseProcesses.customerId, input.customerId),
      ),
    )
    .limit(1);
  if (!found) throw notFound();
  const { processId } = found;
  // Asked before any lock is taken: the acquirer may be slow to answer.
  const card = input.card ? await acceptedCard(deps, input.card.cNumero, "oTarjeta.cNumero") : null;
  const saved = input.savedCard
    ? await ownSavedCard(deps, input.customerId, input.savedCard.aliasToken)
    : null;
  for (let round = 0; round < 3; round++) {
    const existing = round === 0 ? found.byKey : await paymentByKey(db, input.key);
    if (existing) {
      if (existing.processId !== processId) throw businessError("IDEMPOTENCY_CONFLICT");
      return { payment: existing };
    }
    const opened = await db.transaction(async (tx) => {
      const [process] = await tx
        .select()
        .from(purchaseProcesses)
        .where(eq(purchaseProcesses.id, processId))
        .for("update");
      const pending = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.processId, processId), eq(payments.status, "PENDING")));
      // The same key from a simultaneous request: follow that one (same key, same charge).
      const sameKey = pending.find((p) => p.idempotencyKey === input.key);
      if (sameKey) return { payment: sameKey };
      if (pending.length > 0) return { pending };

      const now = deps.now();
      const terms = await chargeTerms(tx, now, process, {
        card,
        installments: input.installments,
        atCounter: input.counter !== undefined,
        way: wayOf(input),
      });
      const walletBrand = terms.method?.kind === "WALLET" ? terms.method.code : null;
      const provider =
        walletBrand ??
        input.hosted?.provider ??
        (saved ? SAVED_CARD_PROVIDER : null) ??
        CARD_PROVIDER;
      const [payment] = await tx
        .insert(payments)
        .values({
          processId,
          idempotencyKey: input.key,
          amount: terms.amount,
          status: "PENDING",
          installments: input.installments,
          installmentsTotal: terms.planTotal,
          cardBrand: card?.brand ?? saved?.brand ?? null,
          cardLast4: input.card?.cNumero.slice(-4) ?? saved?.maskedNumber.slice(-4) ?? null,
          provider,
          // Settled when the acquirer confirms, the sale still names its walk-in buyer.
          counterBuyerName: input.counter?.buyerName ?? null,
          counterBuyerEmail: input.counter?.buyerEmail ?? null,
          createdAt: now,
        })
        // The key was used for another process meanwhile: the next round finds it.
        .onConflictDoNothing({ target: payments.idempotencyKey })
        .returning();
      return { payment };
    });
    if (opened.payment) return { payment: opened.payment };
    for (const earlier of opened.pending ?? []) {
      let resolution = await resolvePendingPayment(deps, earlier);
      if (resolution.kind === "challenge") {
        // The buyer left their bank's page and pays again: that challenge is called off.
        await followUpOf(deps, earlier.provider)
          .cancel(paymentRefOf(earlier))
          .catch(() => null);
        resolution = await resolvePendingPayment(deps, earlier);
      }
      if (resolution.kind === "settled") return { settled: { orderId: resolution.orderId } };
      if (resolution.kind === "in-flight" || resolution.kind === "challenge") {
        throw businessError("PAYMENT_IN_PROGRESS");
      }
      if (resolution.kind === "unreachable") throw businessError("PAYMENT_FAILED");
      // Declined, failed or given back: out of the way of a new attempt.
    }
  }
  throw businessError("PAYMENT_IN_PROGRESS");
}

/** The acquirer's or wallet's first answer, as the metrics count it. */
const outcomeLabels: Record<ChargeOutcome["status"], PaymentOutcome> = {
  APPROVED: "approved",
  DECLINED: "declined",
  FAILED: "error",
  CHALLENGE: "pending",
  AWAITING: "pending",
};

/** Opens the payment on the wallet: the payer is sent to its page (or it was decided since). */
async function startWalletPayment(
  deps: CommerceDeps,
  payment: PaymentRow,
  returnUrl: string | undefined,
): Promise<ChargeOutcome> {
  const brand = payment.provider;
  if (!deps.wallet || !isWalletBrand(brand) || !deps.wallet.brands.includes(brand)) {
    await recordUnpaid(deps.db, payment.id, {
      status: "FAILED",
      reason: "processing_error",
      last4: "",
    });
    shopMetrics.payment("error");
    throw businessError("PAYMENT_FAILED");
  }
  try {
    return await deps.wallet.start({
      idempotencyKey: payment.idempotencyKey,
      amount: payment.amount,
      brand,
      returnUrl: returnUrl ?? "",
    });
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, "wallet error");
    shopMetrics.payment("error");
    throw businessError("PAYMENT_FAILED");
  }
}

export async function charge(deps: CommerceDeps, input: ChargeInput): Promise<ChargeResult> {
  const { db } = deps;
  // Without a way back the payer could never come back from the wallet's page.
  if (input.wallet && !input.returnUrl) throw fieldError("cUrlRetorno", "returnUrlInvalid");
  if (input.card) refuseCardDataBesideBancard(deps);
  const opened = await openPayment(deps, input);
  if ("settled" in opened) return opened.settled;
  const { payment } = opened;
  // PENDING means a previous attempt did not finish: asking the acquirer again with the
  // same key is safe (it answers the first outcome and never charges twice).
  if (payment.status !== "PENDING") return storedOutcome(db, payment, input.language);

  if (input.hosted) {
    if (!input.returnUrl) throw fieldError("cUrlRetorno", "returnUrlInvalid");
    return openHostedPayment(deps, payment, {
      returnUrl: input.returnUrl,
      cancelUrl: input.hosted.cancelUrl,
      language: input.language,
    });
  }
  let outcome: ChargeOutcome;
  if (input.counter?.medium === "CASH") {
    // Cash at the counter: taken by the clerk, nothing to ask an acquirer.
    outcome = { status: "APPROVED", reference: `CASH-${payment.id}`, last4: "" };
  } else if (input.savedCard) {
    outcome = await chargeSavedCard(deps, payment, {
      customerId: input.customerId,
      aliasToken: input.savedCard.aliasToken,
      returnUrl: input.returnUrl ?? "",
      language: input.language,
    });
  } else if (payment.provider !== CARD_PROVIDER) {
    outcome = await startWalletPayment(deps, payment, input.returnUrl);
  } else if (!input.card) {
    throw fieldError("oTarjeta", "cardRequired");
  } else {
    try {
      outcome = await deps.payments.charge({
        idempotencyKey: payment.idempotencyKey,
        amount: payment.amount,
        installments: payment.installments,
        card: acquirerCard(input.card),
        returnUrl: input.returnUrl,
      });
    } catch (error) {
      // The payment stays PENDING: reconciliation (or a repeat of the key) finds out what the
      // acquirer did.
      log.error({ err: error, paymentId: payment.id }, "payment provider error");
      shopMetrics.payment("error");
      throw businessError("PAYMENT_FAILED");
    }
  }
  shopMetrics.payment(outcomeLabels[outcome.status]);

  if (outcome.status === "CHALLENGE" || outcome.status === "AWAITING") {
    await recordStage(db, payment.id, outcome);
    return outcome.status === "CHALLENGE"
      ? { challengeUrl: outcome.challengeUrl }
      : { awaiting: true };
  }
  if (outcome.status !== "APPROVED") {
    await recordUnpaid(db, payment.id, outcome);
    if (outcome.status === "DECLINED") {
      throw businessError("PAYMENT_DECLINED", declineMessage(input.language, outcome.reason));
    }
    throw businessError("PAYMENT_FAILED");
  }

  // Approved but the places may be gone (cancelled, expired and retaken, or the cart changed
  // meanwhile): then the money is given back and the answer says why.
  const settled = await settleApprovedCharge(
    deps,
    payment.id,
    outcome,
    input.language,
    input.counter,
  );
  if ("lost" in settled) throw businessError(settled.lost);
  return settled;
}
