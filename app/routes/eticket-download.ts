// The e-ticket PDF of one of the buyer's orders, fetched from the API with the session's
// token. It is a file, not a page: when there is no PDF to give (an id that is not one of the
// buyer's orders, or an API out of reach) the buyer goes back to My orders, told why once.
import { endpoints, idPath } from "@contract";
import { backToOrders } from "~/services/back-to-orders.server";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/eticket-download";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idPedido);
  if (!id.success) throw backToOrders(shop, "layout:notices.eticketNotFound");
  const { response, failure } = await shop.commerce.file(endpoints.eticket, {
    params: { id: id.data },
  });
  if (failure) throw backToOrders(shop, "layout:notices.eticketUnavailable");
  if (!response.ok || !response.headers.get("content-type")?.includes("application/pdf")) {
    // Unknown and other customers' orders are the same 404 to the API.
    const missing = response.status === 404 || response.status === 400;
    throw backToOrders(
      shop,
      missing ? "layout:notices.eticketNotFound" : "layout:notices.eticketUnavailable",
    );
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="eticket-${id.data}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
