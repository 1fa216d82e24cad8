// Settlement of an approved payment: in ONE transaction, sell the places the process still
// holds, write the order and its tickets (each with its signed code), close the process and
// mark the payment approved. If the places were lost meanwhile, it rolls back with
// PurchaseLost and the money is given back (settleApprovedCharge). The charge and the
// reconciliation of payments a crash left PENDING (reconcile.ts) both end here.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, payments, positions, purchaseProcesses, sectors, tickets } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { type BusinessErrorCode, isBusinessErrorCode } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { billOrder, requestCaes } from "../invoicing/issuer.ts";
import { log } from "../log.ts";
import { shopMetrics } from "../operations/metrics.ts";
import { confirmOrderByMail } from "../orders/confirmation-mail.ts";
import { deliveryTypeById } from "../purchase/catalogues.ts";
import { isPastDeadline } from "../purchase/clock.ts";
import { deliveryAddressOf } from "../purchase/delivery.ts";
import { changeAvailability } from "../purchase/inventory.ts";
import { priceHeldPlaces } from "../purchase/promotion-store.ts";
import { signTicketCode } from "../tickets/code.ts";
import { linkSaleOf } from "./link-sale.ts";
import { CARD_PROVIDER, followUpOf, isCardProvider } from "./payment-providers.ts";
import type { ChargeOutcome, FinalOutcome } from "./provider.ts";

/** Raised inside the settling transaction to roll it back when the places were lost. */
export class PurchaseLost extends Error {
  constructor(readonly code: BusinessErrorCode) {
    super(code);
  }
}

/** Why an approved payment was given back (kept in declineReason), as an error code. */
export function lostReason(stored: string | null): BusinessErrorCode {
  return stored !== null && isBusinessErrorCode(stored) ? stored : "PAYMENT_FAILED";
}

/** A box-office sale: the walk-in buyer, and how they paid. */
export type CounterSale = {
  buyerName: string;
  buyerEmail: string | null;
  /**
   * CARD: paid on the acquirer's form (a payment link's buyer online, or the counter's sale
   * on Bancard's form); CARD_PRESENT: the card's data typed at the counter (sandbox).
   */
  medium: "CASH" | "CARD_PRESENT" | "CARD";
};

/** The walk-in buyer a box-office sale on the acquirer's form keeps on its payment. */
function storedCounterSale(payment: typeof payments.$inferSelect): CounterSale | undefined {
  if (payment.counterBuyerName === null) return undefined;
  return {
    buyerName: payment.counterBuyerName,
    buyerEmail: payment.counterBuyerEmail,
    medium: "CARD",
  };
}

/**
 * The order of the payment; `created` (and its total) when this call wrote it, not a
 * simultaneous one.
 */
export async function completePurchase(
  deps: CommerceDeps,
  paymentId: number,
  outcome: Extract<ChargeOutcome, { status: "APPROVED" }>,
  counter?: CounterSale,
): Promise<{ orderId: number; created: boolean; total?: number }> {
  // Read the clock again: the payment call may have taken a while.
  const now = deps.now();
  return changeAvailability(deps, async (tx) => {
    // The payment and its process, both locked: nothing else settles or changes them now.
    const [locked] = await tx
      .select({ payment: payments, process: purchaseProcesses })
      .from(payments)
      .innerJoin(purchaseProcesses, eq(purchaseProcesses.id, payments.processId))
      .where(eq(payments.id, paymentId))
      .for("update");
    const { payment, process } = locked;
    if (payment.status === "APPROVED") {
      // A simultaneous request with the same key completed it first.
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentId, payment.id));
      return { orderId: order.id, created: false };
    }
    if (payment.status !== "PENDING") throw new PurchaseLost(lostReason(payment.declineReason));
    if (process.status === "PAID") throw new PurchaseLost("PROCESS_PAID");
    if (process.status === "CANCELLED") throw new PurchaseLost("PROCESS_CANCELLED");

    // Places still held by this process, even if the clock ran out during the payment
    // (nobody else took them); places someone else took after expiry are lost.
    const sold = await tx
      .update(positions)
      .set({ sold: true })
      .from(sectors)
      .where(
        and(
          eq(positions.heldByProcessId, process.id),
          eq(positions.sold, false),
          eq(sectors.id, positions.sectorId),
        ),
      )
      .returning({
        id: positions.id,
        sectorId: positions.sectorId,
        performanceId: positions.performanceId,
        price: sectors.price,
        // Each ticket's id is drawn here, so its row is written once with its signed code.
        ticketId: nextTicketId,
      });
    const delivery = deliveryTypeById(process.deliveryTypeId);
    // Promotions as chosen, less any whose quota was filled by others meanwhile: the total
    // then differs from the payment and the money goes back.
    const { totals } = await priceHeldPlaces(
      tx,
      process.id,
      sold.map((place) => ({ positionId: place.id, price: place.price })),
      delivery,
      now,
    );
    if (sold.length === 0 || !delivery || totals.total !== payment.amount) {
      throw new PurchaseLost(
        isPastDeadline(process.deadline, now) ? "PROCESS_EXPIRED" : "PAYMENT_FAILED",
      );
    }
    // A counter sale is settled here too when its acquirer decided later (no counter facts
    // travel then): the payment keeps the walk-in buyer, or the payment link names them.
    const sale =
      counter ??
      storedCounterSale(payment) ??
      (process.kind === "BOX" ? await linkSaleOf(tx, process.id) : undefined);
    // Home delivery keeps the address as it is now: deleted while paying, nothing can be sent.
    const deliveryAddress = delivery.home ? await deliveryAddressOf(tx, process) : null;
    if (delivery.home && !deliveryAddress) throw new PurchaseLost("DELIVERY_ADDRESS_REQUIRED");

    const [order] = await tx
      .insert(orders)
      .values({
        customerId: process.customerId,
        processId: process.id,
        paymentId: payment.id,
        ticketsTotal: totals.subtotal,
        discountTotal: totals.discount,
        deliveryFee: totals.deliveryFee,
        serviceCharge: totals.serviceCharge,
        total: totals.total,
        deliveryTypeId: delivery.id,
        deliveryAddress,
        status: "PAID",
        createdAt: now,
        soldAtCounter: sale !== undefined,
        buyerName: sale?.buyerName ?? null,
        buyerEmail: sale?.buyerEmail ?? null,
        paymentMedium: sale?.medium ?? (isCardProvider(payment.provider) ? "CARD" : "WALLET"),
      })
      .returning({ id: orders.id });
    await tx.insert(tickets).values(
      sold.map((place, index) => ({
        id: place.ticketId,
        orderId: order.id,
        performanceId: place.performanceId,
        sectorId: place.sectorId,
        positionId: place.id,
        price: totals.tickets[index].finalPrice,
        promotionId: totals.tickets[index].promotionId,
        discount: totals.tickets[index].discount,
        code: signTicketCode(deps.ticketSigningKey, {
          ticketId: place.ticketId,
          performanceId: place.performanceId,
        }),
      })),
    );
    // The process and the payment close together, in one statement.
    await tx.execute(sql`
      with paid as (
        update ${purchaseProcesses} set status = 'PAID' where id = ${process.id} returning id
      )
      update ${payments}
      set status = 'APPROVED', provider_reference = ${outcome.reference}, card_last4 = ${outcome.last4}
      where id = ${payment.id} and exists (select 1 from paid)`);
    return { orderId: order.id, created: true, total: totals.total };
  });
}

export type Settlement = { orderId: number } | { lost: BusinessErrorCode };

/**
 * Settles an approved charge: sells the places, or, when they are gone (cancelled, expired
 * and retaken, already paid by another charge), gives the money back and records why. A new
 * order is confirmed by mail once committed, in `language` (the charge's) when given, else in
 * the customer's last one (a payment reconciled after a crash). Its bill is numbered once the
 * sale has committed, in a transaction of its own (the sale's stays as short as it was), and
 * its CAE asked for without waiting.
 */
export async function settleApprovedCharge(
  deps: CommerceDeps,
  paymentId: number,
  outcome: Extract<ChargeOutcome, { status: "APPROVED" }>,
  language?: Language,
  counter?: CounterSale,
): Promise<Settlement> {
  try {
    const { orderId, created, total } = await completePurchase(deps, paymentId, outcome, counter);
    if (created) {
      shopMetrics.orderCreated();
      await billOrder(deps, orderId, total).then(
        () => void requestCaes(deps),
        // The next invoicing pass bills it (invoicing/issuer.ts invoicePending).
        (billError) => log.error({ err: billError, orderId }, "billing an order failed"),
      );
      void confirmOrderByMail(deps, orderId, language);
    }
    return { orderId };
  } catch (error) {
    if (!(error instanceof PurchaseLost)) throw error;
    let refunded = true;
    try {
      // Cash is handed back by the clerk at the counter; a card goes back through the acquirer.
      if (counter?.medium !== "CASH") {
        const [paid] = await deps.db
          .select({ provider: payments.provider })
          .from(payments)
          .where(eq(payments.id, paymentId));
        await followUpOf(deps, paid?.provider ?? CARD_PROVIDER).refund(outcome.reference);
      }
    } catch (refundError) {
      refunded = false;
      log.error({ err: refundError, paymentId }, "refund failed");
    }
    await deps.db
      .update(payments)
      .set({
        status: refunded ? "REFUNDED" : "REFUND_FAILED",
        providerReference: outcome.reference,
        declineReason: error.code,
        cardLast4: outcome.last4,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING")));
    return { lost: error.code };
  }
}

/** Records that a PENDING payment waits: for the cardholder's challenge or the issuer. */
export async function recordStage(
  db: Database,
  paymentId: number,
  outcome: Extract<ChargeOutcome, { status: "CHALLENGE" | "AWAITING" }>,
): Promise<void> {
  await db
    .update(payments)
    .set({
      stage: outcome.status,
      redirectUrl: outcome.status === "CHALLENGE" ? outcome.challengeUrl : null,
      cardLast4: outcome.last4,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING")));
}

/** Records what the acquirer answered for a charge it did not make (declined, failed). */
export async function recordUnpaid(
  db: Database,
  paymentId: number,
  outcome: Exclude<FinalOutcome, { status: "APPROVED" }>,
): Promise<void> {
  await db
    .update(payments)
    .set({ status: outcome.status, declineReason: outcome.reason, cardLast4: outcome.last4 })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING")));
}

const nextTicketId = sql<number>`nextval(pg_get_serial_sequence('tickets', 'id'))`.mapWith(Number);
