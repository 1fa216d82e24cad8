// Box-office handlers (clerks only: FORBIDDEN for anyone else): the counter's charge (cash,
// or a card on Bancard's form), its list of sales, and the cancellation of one of them.
import {
  boxChargeEndpoint,
  boxChargeFormEndpoint,
  cancelOrderEndpoint,
  counterSalesEndpoint,
} from "../contract/index.ts";
import { requireBoxClerk } from "../customers/staff.ts";
import type { CommerceDeps } from "../deps.ts";
import { cancelOrder } from "../orders/cancellation.ts";
import { loadOrders } from "../orders/history.ts";
import { chargeAtCounter, openCounterCardForm } from "../payments/counter-charge.ts";
import { acquirerFormAnswer, requireProvider } from "./acquirer-form.ts";
import { implement } from "./register.ts";

/** The counter's list is for the day's work: the latest sales only. */
const COUNTER_SALES_SHOWN = 50;

export function boxOfficeHandlers(deps: CommerceDeps) {
  return [
    implement(boxChargeEndpoint, async ({ params, body, customerId, language }) => {
      const { orderId } = await chargeAtCounter(deps, {
        processId: params.id,
        customerId,
        request: body,
        language,
      });
      return { idPedido: orderId, cEstado: "APROBADO" as const, idProcesoDeCompra: params.id };
    }),

    implement(boxChargeFormEndpoint, async ({ params, body, customerId, language }) => {
      requireProvider(deps);
      const result = await openCounterCardForm(deps, {
        processId: params.id,
        customerId,
        request: body,
        language,
      });
      return acquirerFormAnswer(params.id, result);
    }),

    implement(counterSalesEndpoint, async ({ customerId, language }) => {
      await requireBoxClerk(deps.db, customerId);
      const sales = await loadOrders(deps, customerId, {
        now: deps.now(),
        language,
        atCounter: true,
      });
      return { Lista: sales.slice(0, COUNTER_SALES_SHOWN).map((sale) => sale.order) };
    }),

    implement(cancelOrderEndpoint, async ({ params, customerId }) => {
      const { orderId } = await cancelOrder(deps, { orderId: params.id, clerkId: customerId });
      return { idPedido: orderId, cEstado: "CANCELLED" as const };
    }),
  ];
}
