// /apay/cobro/finalizar and /payConfirmTigoMoney: where the wallet's page sends the payer back,
// with the purchase process in the query. The query proves nothing: the API asks the wallet
// what the payment came to (Billetera/Confirmar) and the payer goes on to the success page,
// the verification page or the failure page. Nothing to show of its own.
import { endpoints } from "@contract";
import { redirect } from "react-router";
import { payConfirmPath, payErrorPath } from "~/lib/pay-result";
import { notFound } from "~/lib/responses";
import { failureResponse } from "~/services/commerce.server";
import { requireUser } from "~/services/request-context.server";
import { paid } from "../buy-ticket/checkout.server";
import type { Route } from "./+types/wallet-return";
import { processIdOfQuery } from "./pay-result.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const processId = processIdOfQuery(args.request);
  const confirmed = await shop.commerce.call(endpoints.confirmWallet, {
    params: { id: processId },
  });
  if (!confirmed.ok) {
    if (confirmed.code === "NOT_FOUND") throw notFound();
    if (confirmed.code === "TRANSPORT") throw failureResponse(confirmed);
    // Declined, cancelled on the wallet's page, given back: the failure page says which.
    throw redirect(payErrorPath(processId));
  }
  switch (confirmed.data.cEstado) {
    case "APROBADO":
      throw paid(shop, processId);
    case "CANCELADO":
      throw redirect(payErrorPath(processId));
    default:
      // Left for later on the wallet, or still unanswered there: the verification page follows.
      throw redirect(payConfirmPath(processId));
  }
}
