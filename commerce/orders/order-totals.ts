// The totals of an order as §3 lists them: tickets (less their promotions), delivery, the
// anti-fraud QR charge, the service charge, and what is paid and still pending. One rule for
// every place that prints them: My orders and its API answer (history.ts), and the bill.

/**
 * What the shop charges for the signed anti-fraud QR code on its tickets: nothing (decision
 * 0067). §3 lists it among an order's totals, so it is shown, at $ 0, on a line of its own.
 */
export const ANTI_FRAUD_QR_CHARGE = 0;

export type OrderTotals = {
  /** The tickets at their own prices, and what promotions took off them. */
  tickets: number;
  discount: number;
  delivery: number;
  antiFraudQr: number;
  serviceCharge: number;
  total: number;
  /** Approved payments, less none given back. */
  paid: number;
  /** What the buyer still owes: nothing once cancelled or given back. */
  pending: number;
};

export function orderTotals(
  order: {
    ticketsTotal: number;
    discountTotal: number;
    deliveryFee: number;
    serviceCharge: number;
    total: number;
    status: string;
  },
  /** The payments of the order's purchase, by their state as the buyer is told it. */
  payments: readonly { state: string; amount: number }[],
): OrderTotals {
  const paid = payments
    .filter((payment) => payment.state === "APROBADO")
    .reduce((sum, payment) => sum + payment.amount, 0);
  // Only a live order owes anything: a cancelled one's money goes (or went) back.
  const owes = order.status === "PAID";
  return {
    tickets: order.ticketsTotal,
    discount: order.discountTotal,
    delivery: order.deliveryFee,
    antiFraudQr: ANTI_FRAUD_QR_CHARGE,
    serviceCharge: order.serviceCharge,
    total: order.total,
    paid,
    pending: owes ? Math.max(0, order.total - paid) : 0,
  };
}
