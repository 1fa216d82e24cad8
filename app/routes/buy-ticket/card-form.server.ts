// The checkout's new card on Bancard's own card form (decision 0080): its pay opens the
// payment (card/BancardiFrame) and sends the buyer to the form (app/services/bancard-form.server.ts:
// framed in the checkout with JavaScript, Bancard's page without). Either way Bancard sends
// the buyer back to /bancard/finish/{id} (pay-result/bank-return.tsx).
import { endpoints } from "@contract";
import { bancardFinishPath, cardFormLeftPath } from "~/lib/pay-result";
import { sendToBancardForm } from "~/services/bancard-form.server";
import type { RequestContext } from "~/services/request-context.server";
import { paid, type refusalOf } from "./payment-outcome.server";

/** Opens the payment on Bancard's card form; a payment approved before under this key is paid. */
export async function payOnCardForm(
  shop: RequestContext,
  processId: number,
  attempt: {
    origin: string;
    key: string;
    scripted: boolean;
    refused: ReturnType<typeof refusalOf>;
  },
) {
  const { origin, key, scripted, refused } = attempt;
  const opened = await shop.commerce.call(endpoints.acquirerForm, {
    params: { id: processId },
    body: {
      cClaveIdempotencia: key,
      cUrlRetorno: `${origin}${bancardFinishPath(processId)}`,
      cUrlCancelacion: `${origin}${cardFormLeftPath(processId)}`,
    },
    idempotencyKey: key,
  });
  if (!opened.ok) return refused(opened);
  if (opened.data.cEstado === "APROBADO") return paid(shop, processId);
  return sendToBancardForm(shop, opened.data, { scripted, framedOn: `/BuyTicket/${processId}` });
}
