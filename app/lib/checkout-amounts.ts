// Every amount the checkout prints: its summary, the Pay button and the total the action
// checks (fTotalVisto) all come from here, with the delivery chosen on the form, so no path
// (JavaScript or not, a refused submit or a fresh load) shows two totals at once. The
// process's own totals count the delivery it has recorded; the form's choice may be newer.
import type { Order, PurchaseProcess } from "@contract";

export type CheckoutAmounts = {
  subtotal: number;
  discount: number;
  serviceCharge: number;
  deliveryFee: number;
  total: number;
};

export function checkoutAmounts(
  process: Pick<
    PurchaseProcess,
    "fSubtotal" | "fDescuento" | "fCargoServicio" | "fCargoEntrega" | "fTotal" | "oCantidadTotal"
  >,
  /** The delivery chosen on the form (its fee); undefined: the one the process recorded. */
  chosenDelivery: { fPrecio: number } | undefined,
): CheckoutAmounts {
  // Like the API's pricing (purchase/pricing.ts), nothing to deliver costs nothing.
  const deliveryFee =
    chosenDelivery === undefined || process.oCantidadTotal.nCantidadTotal === 0
      ? process.fCargoEntrega
      : chosenDelivery.fPrecio;
  return {
    subtotal: process.fSubtotal,
    discount: process.fDescuento,
    serviceCharge: process.fCargoServicio,
    deliveryFee,
    total: process.fTotal - process.fCargoEntrega + deliveryFee,
  };
}

/** An order's totals as §3 lists them (OrderTotals prints them): the API's, by its names. */
export type OrderTotalsFigures = Pick<
  Order,
  | "fTotalTickets"
  | "fDescuento"
  | "fCargoEntrega"
  | "fCargoQr"
  | "fCargoServicio"
  | "fTotal"
  | "fTotalPagado"
  | "fPendiente"
>;

/**
 * The same totals for a purchase not paid yet (the payment change page, My orders' purchases
 * awaiting payment, the box office's sale): its own amounts, nothing paid (an approved payment
 * closes it as PAID, with an order whose totals the API answers), and all of it pending while
 * it is open.
 */
export function unpaidPurchaseTotals(
  process: Parameters<typeof checkoutAmounts>[0] & Pick<PurchaseProcess, "fCargoQr" | "cEstado">,
): OrderTotalsFigures {
  const amounts = checkoutAmounts(process, undefined);
  return {
    fTotalTickets: amounts.subtotal,
    fDescuento: amounts.discount,
    fCargoEntrega: amounts.deliveryFee,
    fCargoQr: process.fCargoQr,
    fCargoServicio: amounts.serviceCharge,
    fTotal: amounts.total,
    fTotalPagado: 0,
    fPendiente: process.cEstado === "ACTIVE" ? amounts.total : 0,
  };
}

/** The delivery a checkout form was last sent with (Conform's reply keeps what was sent). */
export function submittedDelivery(actionData: unknown): string | undefined {
  if (typeof actionData !== "object" || actionData === null) return undefined;
  const sent = (actionData as { initialValue?: unknown }).initialValue;
  if (typeof sent !== "object" || sent === null) return undefined;
  const value = (sent as Record<string, unknown>).idEntregaTipo;
  return typeof value === "string" && value !== "" ? value : undefined;
}
