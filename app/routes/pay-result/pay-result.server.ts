// What the result pages read: the purchase process named in the address (the buyer's own:
// the API answers 404 for anyone else's) with its latest payment (oPago).
import { endpoints, idPath, type PurchaseProcess } from "@contract";
import { redirect, replace } from "react-router";
import { cardFormLeftPath, payConfirmPath, payErrorPath } from "~/lib/pay-result";
import { notFound } from "~/lib/responses";
import { type CommerceResult, failureResponse, orThrow } from "~/services/commerce.server";
import { replacing } from "~/services/history.server";
import type { RequestContext } from "~/services/request-context.server";
import { paid } from "../buy-ticket/payment-outcome.server";

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

/**
 * A payment that ended: paid goes to the success page, refused to the failure page. The
 * verification page asks again by itself, so the result takes its history entry (0071).
 */
export function leaveWhenEnded(shop: RequestContext, process: PurchaseProcess) {
  const id = process.idProcesoDeCompra;
  if (process.cEstado === "PAID") throw replacing(paid(shop, id));
  const state = process.oPago?.cEstado;
  if (state === "RECHAZADO" || state === "CANCELADO" || state === "DEVUELTO") {
    throw replace(payErrorPath(id));
  }
  if (!process.oPago) throw replace(`/BuyTicket/${id}`);
}

/**
 * Where a buyer coming back from a provider's page (the bank's 3-D Secure, a wallet's,
 * Bancard's card form) goes once the API said what the payment came to: paid to the success
 * page; declined, cancelled, given back or ended to the failure page, which says which; still
 * undecided (left for later, or unanswered there) to the verification page, which follows it.
 * `openMeans`: what a payment still open on the provider's page means. For a
 * 3-D Secure or a wallet page, the buyer has not answered there (the page links back to it);
 * back from Bancard's card form, the buyer paid there and its confirmation is on its way
 * ("verifying": the page polls) — or, when the return says it failed, gave up: back to the
 * checkout, places still held ("left").
 */
export function leaveAfterProviderReturn(
  shop: RequestContext,
  processId: number,
  confirmed: CommerceResult<{ cEstado: string }>,
  openMeans: "unanswered" | "verifying" | "left" = "unanswered",
): never {
  if (!confirmed.ok) {
    if (confirmed.code === "NOT_FOUND") throw notFound();
    if (confirmed.code === "TRANSPORT") throw failureResponse(confirmed);
    throw redirect(payErrorPath(processId));
  }
  if (confirmed.data.cEstado === "APROBADO") throw paid(shop, processId);
  if (confirmed.data.cEstado === "CANCELADO") throw redirect(payErrorPath(processId));
  // Still open (DESAFIO_3DS, or PENDIENTE: Bancard has no confirmation to give yet).
  if (openMeans === "left") throw redirect(cardFormLeftPath(processId));
  throw redirect(payConfirmPath(processId, 0, openMeans === "verifying"));
}
