// /bancard/finish3ds/{id} and /bancard/finish/{id}: where the bank's page sends the buyer back.
// The API is asked what the payment came to (Bancard/Confirmar3DS); the buyer goes on to the
// success page, the verification page or the failure page. Nothing to show of its own.
import { endpoints, idPath } from "@contract";
import { redirect } from "react-router";
import { payConfirmPath, payErrorPath } from "~/lib/pay-result";
import { notFound } from "~/lib/responses";
import { failureResponse } from "~/services/commerce.server";
import { requireUser } from "~/services/request-context.server";
import { paid } from "../buy-ticket/checkout.server";
import type { Route } from "./+types/bank-return";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw notFound();
  const processId = id.data;
  const confirmed = await shop.commerce.call(endpoints.confirm3ds, { params: { id: processId } });
  if (!confirmed.ok) {
    if (confirmed.code === "NOT_FOUND") throw notFound();
    if (confirmed.code === "TRANSPORT") throw failureResponse(confirmed);
    // Declined, cancelled, given back, or the purchase ended: the failure page says which.
    throw redirect(payErrorPath(processId));
  }
  switch (confirmed.data.cEstado) {
    case "APROBADO":
      throw paid(shop, processId);
    case "CANCELADO":
      throw redirect(payErrorPath(processId));
    default:
      // Still unanswered at the bank, or decided later: the verification page follows it.
      throw redirect(payConfirmPath(processId));
  }
}
