// An order's performances as a calendar file (.ics) for the buyer's calendar. A file, not a
// page: an order that is not the buyer's goes back to My orders, told why once.
import { endpoints, idPath } from "@contract";
import { orderCalendar } from "~/lib/order-calendar";
import { backToOrders } from "~/services/back-to-orders.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { shopOrigin } from "~/services/shop-origin.server";
import type { Route } from "./+types/order-calendar";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idPedido);
  if (!id.success) throw backToOrders(shop, "layout:notices.eticketNotFound");
  const history = await shop.commerce.call(endpoints.orders);
  if (!history.ok) throw backToOrders(shop, "layout:notices.eticketUnavailable");
  const order = history.data.Lista.find((candidate) => candidate.idPedido === id.data);
  if (!order) throw backToOrders(shop, "layout:notices.eticketNotFound");
  const t = getT(args.context);
  const origin = shopOrigin(args.request);
  const calendar = orderCalendar(order, {
    now: new Date(),
    host: new URL(origin).host,
    ordersUrl: `${origin}/myOrders`,
    texts: {
      description: (_order, performance) =>
        t("account:orders.calendarDescription", {
          order: order.idPedido,
          count: performance.listaTickets.length,
        }),
    },
  });
  return new Response(calendar, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="compra-${order.idPedido}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
