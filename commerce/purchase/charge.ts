// The charge (Cobrar): price the held places, store the payment with its idempotency key,
// call the acquirer outside any transaction, then settle (settlement.ts). A repeated key
// answers the first outcome and never charges twice; no lock is held while the card is
// being charged.
import { and, eq } from "drizzle-orm";
import type { Card } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { orders, payments, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError, notFound } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { log } from "../log.ts";
import type { ChargeOutcome } from "../payments/provider.ts";
import { allowsInstallments, deliveryTypeById, paymentMethodById } from "./catalogues.ts";
import { priceProcess } from "./pricing.ts";
import { ensureOpen } from "./process.ts";
import { completePurchase, lostReason, PurchaseLost } from "./settlement.ts";
import { liveHeldPlaces } from "./view.ts";

export type ChargeInput = {
  processId: number;
  customerId: number;
  key: string;
  installments: number;
  card: Card;
  language: Language;
};

type PaymentRow = typeof payments.$inferSelect;

function declineMessage(language: Language, reason: string | null) {
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

/** Stores the payment (PENDING) before the acquirer is called; a repeat finds it. */
async function openPayment(deps: CommerceDeps, input: ChargeInput): Promise<PaymentRow> {
  const { db } = deps;
  const now = deps.now();
  // The caller's process and any payment already made with this key, in one statement.
  const [found] = await db
    .select({ process: purchaseProcesses, payment: payments })
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
  const { process } = found;
  let payment = found.payment ?? undefined;
  if (!payment) {
    ensureOpen(process, now);
    const places = await liveHeldPlaces(db, process.id, now);
    if (places.length === 0) throw businessError("PROCESS_EMPTY");
    const delivery = deliveryTypeById(process.deliveryTypeId);
    if (!delivery) throw businessError("DELIVERY_REQUIRED");
    const method = paymentMethodById(process.paymentMethodId);
    if (!method) throw businessError("PAYMENT_METHOD_REQUIRED");
    if (!allowsInstallments(method, input.installments)) {
      throw fieldError("nCuotas", "installmentsInvalid");
    }
    const totals = priceProcess({ prices: places.map((p) => p.price), delivery });
    [payment] = await db
      .insert(payments)
      .values({
        processId: process.id,
        idempotencyKey: input.key,
        amount: totals.total,
        status: "PENDING",
        installments: input.installments,
        cardLast4: input.card.cNumero.slice(-4),
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    // Lost the race to a simultaneous request with the same key: follow that one.
    payment ??= await paymentByKey(db, input.key);
    if (!payment) throw businessError("PAYMENT_FAILED");
  }
  if (payment.processId !== process.id) throw businessError("IDEMPOTENCY_CONFLICT");
  return payment;
}

export async function charge(deps: CommerceDeps, input: ChargeInput): Promise<{ orderId: number }> {
  const { db } = deps;
  const payment = await openPayment(deps, input);
  // PENDING means a previous attempt did not finish: asking the acquirer again with the
  // same key is safe (it answers the first outcome and never charges twice).
  if (payment.status !== "PENDING") return storedOutcome(db, payment, input.language);

  let outcome: ChargeOutcome;
  try {
    outcome = await deps.payments.charge({
      idempotencyKey: payment.idempotencyKey,
      amount: payment.amount,
      installments: payment.installments,
      card: {
        number: input.card.cNumero,
        expiryMonth: input.card.nMesVencimiento,
        expiryYear: input.card.nAnioVencimiento,
        securityCode: input.card.cCodigoSeguridad,
        holder: input.card.cTitular,
        document: input.card.cDocumento,
      },
    });
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, "payment provider error");
    throw businessError("PAYMENT_FAILED");
  }

  if (outcome.status !== "APPROVED") {
    await db
      .update(payments)
      .set({ status: outcome.status, declineReason: outcome.reason, cardLast4: outcome.last4 })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
    if (outcome.status === "DECLINED") {
      throw businessError("PAYMENT_DECLINED", declineMessage(input.language, outcome.reason));
    }
    throw businessError("PAYMENT_FAILED");
  }

  try {
    return await completePurchase(deps, payment.id, outcome);
  } catch (error) {
    if (!(error instanceof PurchaseLost)) throw error;
    // Approved but the places are gone (cancelled, expired and retaken, or the cart changed
    // meanwhile): give the money back and say why.
    let refunded = true;
    try {
      await deps.payments.refund(outcome.reference);
    } catch (refundError) {
      refunded = false;
      log.error({ err: refundError, paymentId: payment.id }, "refund failed");
    }
    await db
      .update(payments)
      .set({
        status: refunded ? "REFUNDED" : "REFUND_FAILED",
        providerReference: outcome.reference,
        declineReason: error.code,
        cardLast4: outcome.last4,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
    throw businessError(error.code);
  }
}
