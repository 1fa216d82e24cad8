// /paypal/finish/{id}: where PayPal's page sends the buyer who approved the payment (PayPal
// adds its `token` and `PayerID`, which prove nothing and are not read: the API knows the
// order). The API captures it (proceso/confirmacion) and the buyer goes on to the success
// page, the verification page or the failure page. Nothing to show of its own.
import { endpoints, idPath } from "@contract";
import { notFound } from "~/lib/responses";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/paypal-return";
import { leaveAfterProviderReturn } from "./pay-result.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw notFound();
  const confirmed = await shop.commerce.call(endpoints.payPalConfirm, { params: { id: id.data } });
  leaveAfterProviderReturn(shop, id.data, confirmed);
}
