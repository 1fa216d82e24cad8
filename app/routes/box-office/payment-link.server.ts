// The box office's payment link: for a buyer who is not at the counter (a phone sale), the
// clerk names them and the API mails them a link to pay this sale online (/linkPago); the
// key is theirs only (never shown here nor kept in the clerk's session).
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "@contract";
import { data, redirect } from "react-router";
import { boxPaymentLinkForm } from "~/lib/forms";
import { timerEnded } from "~/services/purchase-timer.server";
import type { RequestContext } from "~/services/request-context.server";
import { shopOrigin } from "~/services/shop-origin.server";

export async function sendPaymentLink(
  shop: RequestContext,
  request: Request,
  processId: number,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: boxPaymentLinkForm });
  if (submission.status !== "success") {
    return data({ paymentLink: submission.reply() }, { status: 400 });
  }
  const created = await shop.commerce.call(endpoints.createPaymentLink, {
    params: { id: processId },
    body: { ...submission.value, cUrlPago: `${shopOrigin(request)}/linkPago` },
  });
  if (!created.ok) {
    const reply = submission.reply({
      formErrors: [created.message],
      fieldErrors: created.fieldErrors,
    });
    return data({ paymentLink: reply }, { status: created.nCode >= 500 ? 503 : 400 });
  }
  // The sale is the buyer's to pay now: the clerk's pages let it go (leaving them would
  // cancel it) and the next sale starts clean; the places stay held until the link ends.
  shop.session.unset("processId");
  timerEnded(shop, null);
  shop.session.flash("notice", "layout:notices.paymentLinkSent");
  return redirect("/myBookingsBox");
}
