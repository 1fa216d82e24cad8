// Paying with PayPal from the checkout (and the payment change page): the process's PayPal
// order (PayPalOrderCreate: the same one while the buyer has not approved it) and the buyer
// sent to PayPal's page to approve it. PayPal sends them back to /paypal/finish/{id}
// (pay-result/paypal-return.tsx), or, cancelled there, to the checkout, which says so.
import { endpoints, type PaymentMethod2 } from "@contract";
import { redirect, redirectDocument } from "react-router";
import { payPalCancelledPath, payPalReturnPath } from "~/lib/pay-result";
import type { RequestContext } from "~/services/request-context.server";
import type { refusalOf } from "./payment-outcome.server";

export const isPayPal = (method: Pick<PaymentMethod2, "cTipo"> | null | undefined) =>
  method?.cTipo === "PAYPAL";

/** Opens (or finds) the process's PayPal order and sends the buyer to PayPal to approve it. */
export async function payByPayPal(
  shop: RequestContext,
  processId: number,
  attempt: { origin: string; refused: ReturnType<typeof refusalOf> },
) {
  const order = await shop.commerce.call(endpoints.payPalOrderCreate, {
    params: { id: processId },
    query: {
      cUrlRetorno: `${attempt.origin}${payPalReturnPath(processId)}`,
      cUrlCancelacion: `${attempt.origin}${payPalCancelledPath(processId)}`,
    },
  });
  if (!order.ok) return attempt.refused(order);
  // PayPal's page is outside the shop: the browser loads it (no client-side navigation).
  return redirectDocument(order.data.cUrlAprobacion);
}

/**
 * A buyer back from cancelling on PayPal's page: told so once, on the checkout's own address
 * (PayPal's `token` dropped from it). The order stays open: paying again approves it.
 */
export function noticeOfPayPalCancel(shop: RequestContext, request: Request, processId: number) {
  if (new URL(request.url).searchParams.get("paypal") !== "cancelado") return;
  shop.session.flash("notice", "checkout:paypal.cancelled");
  throw redirect(`/BuyTicket/${processId}`);
}
