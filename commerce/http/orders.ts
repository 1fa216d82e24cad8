// Order routes: the caller's order history and the e-ticket PDF of one of their orders.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { loadOrders } from "../catalog/purchases.ts";
import { customers } from "../db/schema.ts";
import { renderETicketPdf } from "../tickets/eticket.ts";
import { pathId } from "./params.ts";
import { type CommerceDeps, type CommerceEnv, notFound, ok, requireCustomer } from "./support.ts";

export function orderRoutes(deps: CommerceDeps) {
  const app = new Hono<CommerceEnv>();
  const auth = requireCustomer(deps);

  app.get("/Historial2", auth, async (c) => {
    const list = await loadOrders(deps.db, c.get("customerId"), {
      now: deps.now(),
      language: c.get("language"),
    });
    return ok(c, { Lista: list.map((entry) => entry.order) });
  });

  // Only the order's own customer gets it; any other id is a 404, like an unknown one.
  app.get("/Pedido/:id/ETicket", auth, async (c) => {
    const orderId = pathId(c);
    const customerId = c.get("customerId");
    const language = c.get("language");
    const [found] = await loadOrders(deps.db, customerId, { now: deps.now(), language, orderId });
    if (!found || found.tickets.length === 0) throw notFound();
    const [customer] = await deps.db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId));
    const pdf = await renderETicketPdf(
      {
        orderId,
        customerName: `${customer.firstName} ${customer.lastName}`,
        tickets: found.tickets.map((ticket) => {
          const card = found.cards.get(ticket.showId);
          return {
            showTitle: card?.cEspectaculoCartelNombre ?? "",
            venueName: card?.cEstablecimientoNombre ?? "",
            startsAt: ticket.isProduct ? null : ticket.startsAt,
            sectorName: ticket.sectorName,
            row: ticket.row,
            number: ticket.number,
            price: ticket.price,
            code: ticket.code,
          };
        }),
      },
      language,
    );
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="eticket-${orderId}.pdf"`,
      "Cache-Control": "private, no-store",
    });
  });

  return app;
}
