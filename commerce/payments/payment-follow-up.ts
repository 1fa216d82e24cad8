// After a charge that did not end at once: the buyer back from their bank's 3-D Secure page
// (Bancard/Confirmar3DS), the buyer calling it off (Bancard/Cancelar3DS, Cobrar/Cancelar),
// and the acquirer's signed notification that the bank decided (webhook). Each asks the
// acquirer what happened (lookup) and brings the payment in line through reconcile.ts, so a
// return page, a notification and a reconciliation pass racing settle the payment once.
import { and, eq, inArray } from "drizzle-orm";
import { acquirerNotifications, orders, payments } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound, unauthorized } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { ownProcess } from "../purchase/process.ts";
import { type ChargeResult, declineMessage } from "./charge.ts";
import {
  BANCARD_PROVIDER,
  CARD_PROVIDER,
  followUpOf,
  hostedProviderOf,
  paymentRefOf,
} from "./payment-providers.ts";
import { cancelledReasons, latestPayment } from "./payment-state.ts";
import { type PendingResolution, resolvePendingPayment } from "./reconcile.ts";
import { lostReason } from "./settlement.ts";

type Caller = { processId: number; customerId: number; language: Language };

/** A resolution as the charge would have answered it. */
function answerOf(resolution: PendingResolution, language: Language): ChargeResult {
  switch (resolution.kind) {
    case "settled":
      return { orderId: resolution.orderId };
    case "challenge":
      return { challengeUrl: resolution.challengeUrl };
    case "in-flight":
      return { awaiting: true };
    case "refunded":
      throw businessError(resolution.reason);
    case "unpaid":
      if (resolution.status === "DECLINED") {
        throw businessError("PAYMENT_DECLINED", declineMessage(language, resolution.reason));
      }
      throw businessError("PAYMENT_FAILED");
    case "unreachable":
      throw businessError("PAYMENT_FAILED");
  }
}

/** What the process's latest payment came to, for a payment already closed. */
async function closedAnswer(
  deps: CommerceDeps,
  payment: typeof payments.$inferSelect,
  language: Language,
): Promise<ChargeResult> {
  if (payment.status === "APPROVED") {
    const [order] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentId, payment.id));
    if (order) return { orderId: order.id };
  }
  if (payment.status === "DECLINED") {
    throw businessError("PAYMENT_DECLINED", declineMessage(language, payment.declineReason));
  }
  if (payment.status === "REFUNDED" || payment.status === "REFUND_FAILED") {
    throw businessError(lostReason(payment.declineReason));
  }
  throw businessError("PAYMENT_FAILED");
}

/**
 * The buyer is back from their bank's page (or asks again): what their payment came to.
 * Approved, the places are sold now (once, whoever settles first).
 */
export async function confirmPayment(deps: CommerceDeps, caller: Caller): Promise<ChargeResult> {
  const process = await ownProcess(deps.db, caller.processId, caller.customerId);
  const payment = await latestPayment(deps.db, process.id);
  if (!payment) throw notFound();
  if (payment.status !== "PENDING") return closedAnswer(deps, payment, caller.language);
  const resolution = await resolvePendingPayment(deps, payment);
  // Bancard sends the buyer back once its page is done with the payment: no confirmation to
  // be had yet means it has not recorded it, so the buyer is told it is being verified
  // (never approved, never sent back to the form); the process's oPago still offers the page.
  if (resolution.kind === "challenge" && payment.provider === BANCARD_PROVIDER) {
    return { awaiting: true };
  }
  return answerOf(resolution, caller.language);
}

/**
 * The buyer calls off a payment not decided yet: a 3-D Secure challenge ends declined (no
 * money moved). One the bank is deciding cannot be called off (PAYMENT_IN_PROGRESS); one
 * decided meanwhile answers as it ended.
 */
export async function cancelPayment(
  deps: CommerceDeps,
  caller: Caller,
): Promise<ChargeResult | { cancelled: true }> {
  const process = await ownProcess(deps.db, caller.processId, caller.customerId);
  const payment = await latestPayment(deps.db, process.id);
  if (!payment) throw notFound();
  if (payment.status !== "PENDING") return closedAnswer(deps, payment, caller.language);
  if (payment.stage !== "CHALLENGE") throw businessError("PAYMENT_IN_PROGRESS");
  await followUpOf(deps, payment.provider).cancel(paymentRefOf(payment));
  const resolution = await resolvePendingPayment(deps, payment);
  if (resolution.kind === "unpaid" && cancelledReasons.includes(resolution.reason)) {
    return { cancelled: true };
  }
  return answerOf(resolution, caller.language);
}

/**
 * The acquirer's (or the wallet's) notification that a payment changed. Its signature must
 * hold (401 if not: a forged one changes nothing); a replayed one is recognised by its id and
 * changes nothing; either way the notification only says which payment to look up, and only
 * a payment of the provider that signed it.
 */
export async function receiveNotification(
  deps: CommerceDeps,
  rawBody: string,
  signature: string | null,
  from: "CARD" | "WALLET" = "CARD",
): Promise<{ lProcesada: boolean }> {
  const provider = from === "CARD" ? deps.payments : deps.wallet;
  const notification = provider?.verifyNotification(rawBody, signature);
  if (!notification) throw unauthorized();
  // The wallet's ids are its own: kept apart from the acquirer's, one cannot spend the other's.
  const id = from === "CARD" ? notification.id : `wallet:${notification.id}`;
  const [first] = await deps.db
    .insert(acquirerNotifications)
    .values({ id, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning();
  if (!first) return { lProcesada: false };
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.idempotencyKey, notification.idempotencyKey),
        eq(payments.status, "PENDING"),
        from === "CARD"
          ? eq(payments.provider, CARD_PROVIDER)
          : inArray(payments.provider, [...(deps.wallet?.brands ?? [])]),
      ),
    )
    .limit(1);
  if (!payment) return { lProcesada: false };
  await resolvePendingPayment(deps, payment);
  return { lProcesada: true };
}

/**
 * A notification of a provider whose own page took the payment (Bancard's confirmation,
 * PayPal's webhook). Its proof must hold (401 if not); a replayed one changes nothing; it only
 * says which payment to look up, and only a PENDING payment of that provider is.
 */
export async function receiveHostedNotification(
  deps: CommerceDeps,
  providerName: string,
  rawBody: string,
  headers: Headers,
): Promise<{ lProcesada: boolean }> {
  const provider = hostedProviderOf(deps, providerName);
  const notification = await provider?.verifyNotification(rawBody, headers);
  if (!notification) throw unauthorized();
  const [first] = await deps.db
    .insert(acquirerNotifications)
    .values({ id: `${providerName.toLowerCase()}:${notification.id}`, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning();
  if (!first) return { lProcesada: false };
  const which = notification.payment;
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        "id" in which
          ? eq(payments.id, which.id)
          : eq(payments.providerReference, which.providerReference),
        eq(payments.status, "PENDING"),
        eq(payments.provider, providerName),
      ),
    )
    .limit(1);
  if (!payment) return { lProcesada: false };
  await resolvePendingPayment(deps, payment);
  return { lProcesada: true };
}

/** Whether a purchase may be paid again now: open, and no payment approved or undecided. */
export function mayPayAgain(processState: string, latest: { cEstado: string } | null): boolean {
  if (processState !== "ACTIVE") return false;
  return !latest || ["RECHAZADO", "CANCELADO", "DEVUELTO"].includes(latest.cEstado);
}
