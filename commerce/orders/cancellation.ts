// Cancelling an order at the box office (POST Pedido/{id}/Anular, clerks only): the money
// goes back (a card through the acquirer; cash handed back by the clerk, as recorded), the
// tickets stay as history but are voided, their places are for sale again, and a credit
// note gives the bill back. Idempotent and safe under a double submit or a race:
// - claiming is one conditional UPDATE (PAID → CANCELLING), so one request starts it;
// - no lock is held while the acquirer refunds (a refund of one charge moves money once);
// - finishing is conditional on CANCELLING, so one request frees the places;
// - the credit note is numbered once per order (invoicing/numbering.ts).
// A refund that fails leaves the order CANCELLING: asking again finishes it.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { requireBoxClerk } from "../customers/staff.ts";
import { orders, payments, positions, tickets } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import { creditOrder, requestCaes } from "../invoicing/issuer.ts";
import { log } from "../log.ts";
import { followUpOf } from "../payments/payment-providers.ts";
import { changeAvailability } from "../purchase/inventory.ts";

/** Why a payment was given back when its order was cancelled (errors:paymentReasons.*). */
export const CANCELLED_REASONS = { card: "order_cancelled", cash: "cash_handed_back" } as const;

export async function cancelOrder(
  deps: CommerceDeps,
  { orderId, clerkId }: { orderId: number; clerkId: number },
): Promise<{ orderId: number }> {
  await requireBoxClerk(deps.db, clerkId);
  // The counter's own sales only: any other order is unknown to this clerk.
  const [found] = await deps.db
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(
      and(eq(orders.id, orderId), eq(orders.customerId, clerkId), eq(orders.soldAtCounter, true)),
    );
  if (!found) throw notFound();
  const { order, payment } = found;
  if (order.status === "PAID") {
    await deps.db
      .update(orders)
      .set({ status: "CANCELLING" })
      .where(and(eq(orders.id, orderId), eq(orders.status, "PAID")));
  } else if (order.status !== "CANCELLING" && order.status !== "CANCELLED") {
    throw businessError("ORDER_NOT_CANCELLABLE");
  }

  const cash = order.paymentMedium === "CASH";
  if (order.status !== "CANCELLED" && !cash && payment?.providerReference) {
    try {
      await followUpOf(deps, payment.provider).refund(payment.providerReference);
    } catch (error) {
      log.error({ err: error, orderId }, "refund of a cancelled order failed");
      throw businessError("REFUND_FAILED");
    }
  }

  await changeAvailability(deps, async (tx) => {
    const [finished] = await tx
      .update(orders)
      .set({ status: "CANCELLED" })
      .where(and(eq(orders.id, orderId), eq(orders.status, "CANCELLING")))
      .returning({ id: orders.id });
    // Finished already (a repeated or simultaneous request).
    if (!finished) return;
    const voided = await tx
      .update(tickets)
      .set({ voidedAt: deps.now() })
      .where(and(eq(tickets.orderId, orderId), isNull(tickets.voidedAt)))
      .returning({ positionId: tickets.positionId });
    if (voided.length > 0) {
      await tx
        .update(positions)
        .set({ sold: false, heldByProcessId: null, heldUntil: null })
        .where(
          inArray(
            positions.id,
            voided.map((ticket) => ticket.positionId),
          ),
        );
    }
    if (payment) {
      await tx
        .update(payments)
        .set({
          status: "REFUNDED",
          declineReason: cash ? CANCELLED_REASONS.cash : CANCELLED_REASONS.card,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, "APPROVED")));
    }
  });

  try {
    await creditOrder(deps, orderId);
    void requestCaes(deps);
  } catch (error) {
    // The next invoicing pass issues it (invoicing/issuer.ts invoicePending).
    log.error({ err: error, orderId }, "credit note of a cancelled order failed");
  }
  return { orderId };
}
