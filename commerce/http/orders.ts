// Order handlers: the caller's order history, one of their orders, and the e-ticket, bill and
// credit note PDFs of one of their orders.
import {
  eticketEndpoint,
  orderEndpoint,
  ordersEndpoint,
  receiptPdfEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { orderETicketPdf } from "../orders/eticket.ts";
import { loadOrders } from "../orders/history.ts";
import { orderReceiptPdf } from "../orders/receipt-pdf.ts";
import { implement } from "./register.ts";

export function orderHandlers(deps: CommerceDeps) {
  return [
    implement(ordersEndpoint, async ({ customerId, language }) => {
      const list = await loadOrders(deps, customerId, { now: deps.now(), language });
      return { Lista: list.map((entry) => entry.order) };
    }),

    implement(orderEndpoint, async ({ params, customerId, language }) => {
      const [found] = await loadOrders(deps, customerId, {
        now: deps.now(),
        language,
        orderId: params.id,
      });
      if (!found) throw notFound();
      return found.order;
    }),

    implement(eticketEndpoint, async ({ params, customerId, language, c }) => {
      const pdf = await orderETicketPdf(deps, { customerId, orderId: params.id, language });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="eticket-${params.id}.pdf"`,
        "Cache-Control": "private, no-store",
      });
    }),

    implement(receiptPdfEndpoint, async ({ params, customerId, language, c }) => {
      const kind = params.cTipo === "FACTURA" ? "BILL" : "CREDIT_NOTE";
      const pdf = await orderReceiptPdf(deps, { customerId, orderId: params.id, kind, language });
      const name = kind === "BILL" ? "factura" : "nota-de-credito";
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${name}-${params.id}.pdf"`,
        "Cache-Control": "private, no-store",
      });
    }),
  ];
}
