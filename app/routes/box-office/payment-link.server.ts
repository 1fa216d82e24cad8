// The box office's payment link: for a buyer who is not at the counter (a phone sale), the
// clerk names them and the API mails them a link to pay this sale online (/linkPago).
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "@contract";
import { data } from "react-router";
import { boxPaymentLinkForm } from "~/lib/forms";
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
  return {
    paymentLink: submission.reply({ resetForm: true }),
    linkSent: { email: submission.value.oComprador.cEmail, url: created.data.cUrl },
  };
}
