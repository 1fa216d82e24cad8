// The e-ticket of one of a customer's orders: its tickets with show, venue, place and signed
// code, rendered as a PDF (tickets/eticket.ts). Another customer's order, or a cancelled one,
// is a 404.

import { eq } from "drizzle-orm";
import type { RequestedDataCode } from "../contract/requested-data.ts";
import { customers } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { localized } from "../domain/localized.ts";
import { notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { renderETicketPdfOffThread } from "../tickets/eticket-thread.ts";
import { isCancelled, loadOrders } from "./history.ts";

export async function orderETicketPdf(
  deps: CommerceDeps,
  { customerId, orderId, language }: { customerId: number; orderId: number; language: Language },
): Promise<Uint8Array> {
  const [found] = await loadOrders(deps, customerId, {
    now: deps.now(),
    language,
    orderId,
    withPayments: false,
  });
  if (!found || found.tickets.length === 0) throw notFound();
  // A cancelled order's tickets are void: none is printed again.
  if (isCancelled(found.order.cEstado)) throw notFound();
  const [customer] = await deps.db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId));
  const namedBy = new Map(
    found.order.listaFunciones.map((performance) => [
      performance.idFuncion,
      namedTicket(performance.listaDatos),
    ]),
  );
  return renderETicketPdfOffThread(
    {
      orderId,
      // A box-office sale's tickets carry the walk-in buyer's name, not the clerk's.
      customerName: found.order.cComprador ?? `${customer.firstName} ${customer.lastName}`,
      tickets: found.tickets.map((ticket) => {
        const card = found.cards.get(ticket.showId);
        return {
          showTitle: card?.cEspectaculoCartelNombre ?? "",
          venueName: card?.cEstablecimientoNombre ?? "",
          startsAt: ticket.isProduct ? null : ticket.startsAt,
          isProduct: ticket.isProduct,
          sectorName: ticket.sectorName,
          row: ticket.row,
          number: ticket.number,
          price: ticket.price,
          promotion: ticket.promotionName ? localized(ticket.promotionName, language) : null,
          code: ticket.code,
          named: namedBy.get(ticket.performanceId),
        };
      }),
    },
    language,
  );
}

/** The answers that name a ticket's holder (the same for every ticket of a performance). */
function namedTicket(answers: ReadonlyArray<{ cCodigo: string; cValor: string }>) {
  const value = (code: RequestedDataCode) => answers.find((a) => a.cCodigo === code)?.cValor;
  return {
    holderName: value("HOLDER_NAME"),
    holderDocument: value("HOLDER_DOCUMENT"),
    institution: value("INSTITUTION"),
  };
}
