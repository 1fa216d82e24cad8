// /bancard/finish3ds/{id} and /bancard/finish/{id}: where the bank's page sends the buyer back.
// The API is asked what the payment came to (Bancard/Confirmar3DS); the buyer goes on to the
// success page, the verification page or the failure page. Nothing to show of its own.
import { endpoints, idPath } from "@contract";
import { notFound } from "~/lib/responses";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/bank-return";
import { leaveAfterProviderReturn } from "./pay-result.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw notFound();
  const confirmed = await shop.commerce.call(endpoints.confirm3ds, { params: { id: id.data } });
  leaveAfterProviderReturn(shop, id.data, confirmed);
}
