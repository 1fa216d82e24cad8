// /apay/cobro/finalizar and /payConfirmTigoMoney: where the wallet's page sends the payer back,
// with the purchase process in the query. The query proves nothing: the API asks the wallet
// what the payment came to (Billetera/Confirmar) and the payer goes on to the success page,
// the verification page or the failure page. Nothing to show of its own.
import { endpoints } from "@contract";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/wallet-return";
import { leaveAfterProviderReturn, processIdOfQuery } from "./pay-result.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const processId = processIdOfQuery(args.request);
  const confirmed = await shop.commerce.call(endpoints.confirmWallet, {
    params: { id: processId },
  });
  leaveAfterProviderReturn(shop, processId, confirmed);
}
