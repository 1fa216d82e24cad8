// What the result pages read: the purchase process named in the address (the buyer's own:
// the API answers 404 for anyone else's) with its latest payment (oPago).
import { endpoints, idPath, type PurchaseProcess } from "@contract";
import { redirect } from "react-router";
import { payErrorPath } from "~/lib/pay-result";
import { notFound } from "~/lib/responses";
import { orThrow } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";
import { paid } from "../buy-ticket/checkout.server";

export function processIdOfQuery(request: Request): number {
  const id = idPath.safeParse(new URL(request.url).searchParams.get("idProcesoDeCompra"));
  if (!id.success) throw notFound();
  return id.data;
}

export async function processWithPayment(
  shop: RequestContext,
  processId: number,
): Promise<PurchaseProcess> {
  return orThrow(await shop.commerce.call(endpoints.process, { params: { id: processId } }));
}

/** A payment that ended: paid goes to the success page, refused to the failure page. */
export function leaveWhenEnded(shop: RequestContext, process: PurchaseProcess) {
  const id = process.idProcesoDeCompra;
  if (process.cEstado === "PAID") throw paid(shop, id);
  const state = process.oPago?.cEstado;
  if (state === "RECHAZADO" || state === "CANCELADO" || state === "DEVUELTO") {
    throw redirect(payErrorPath(id));
  }
  if (!process.oPago) throw redirect(`/BuyTicket/${id}`);
}
