// /bancard/finish3ds/{id} and /bancard/finish/{id}: where the bank's page sends the buyer back
// (its 3-D Secure page; Bancard's card form, framed or full page, to /bancard/finish). The
// API is asked what the payment came to (Bancard/Confirmar3DS, get_confirmation at Bancard);
// the buyer goes on to the success page, the verification page or the failure page. Back from
// the card form with the payment still open there: Bancard's confirmation is on its way (the
// verification page follows it), unless the return says it failed (`status=payment_fail`:
// the buyer left the form; back to the checkout, the places still held). The query proves
// nothing either way: only the API's answer decides a payment. Nothing to show of its own.
import { endpoints, idPath } from "@contract";
import { notFound } from "~/lib/responses";
import { requireUser } from "~/services/request-context.server";
import type { Route } from "./+types/bank-return";
import { leaveAfterProviderReturn } from "./pay-result.server";

/** What Bancard's return adds to the address when the payment did not go through. */
export const bancardFailedStatus = "payment_fail";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const id = idPath.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw notFound();
  const confirmed = await shop.commerce.call(endpoints.confirm3ds, { params: { id: id.data } });
  const url = new URL(args.request.url);
  const fromCardForm = url.pathname.startsWith("/bancard/finish/");
  const failed = url.searchParams.get("status") === bancardFailedStatus;
  leaveAfterProviderReturn(
    shop,
    id.data,
    confirmed,
    fromCardForm ? (failed ? "left" : "verifying") : "unanswered",
  );
}
