// Paying a new card on Bancard's own card form (decision 0077): the card is typed there, never
// here. The checkout's pay opens the payment (card/BancardiFrame); with JavaScript the checkout
// is loaded again as a document, framing the form (its policy allows Bancard: decision 0078),
// and without it the buyer goes to Bancard's page, which needs no script. Either way Bancard
// sends the buyer back to /bancard/finish/{id} (pay-result/bank-return.tsx).
import { endpoints } from "@contract";
import { redirectDocument } from "react-router";
import { bancardFinishPath, cardFormLeftPath } from "~/lib/pay-result";
import type { RequestContext } from "~/services/request-context.server";
import { paid, type refusalOf } from "./payment-outcome.server";

/** Where Bancard serves its checkout script, on its own origin (the version is assumed). */
export const bancardScriptPath = "/checkout/javascript/dist/bancard-checkout-4.0.0.js";

/** What the checkout frames after a scripted pay: Bancard's process and its script. */
export type CardFormToFrame = { processId: string; scriptUrl: string };

/**
 * Opens the payment on Bancard's card form and sends the buyer there: the checkout framing
 * it (scripted), or Bancard's own page. A payment approved before under this key is paid.
 */
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
  const { cProcesoAdquirente, cUrlFormulario, cUrlPagina } = opened.data;
  if (scripted && cProcesoAdquirente && cUrlFormulario && URL.canParse(cUrlFormulario)) {
    // Read once by the checkout's next render: a reload shows the checkout again, and paying
    // again opens a new form (the API calls the old one off). Bancard's script is served
    // from the form's own origin (the one the page's policy allows).
    shop.session.flash("cardForm", {
      idProcesoDeCompra: processId,
      processId: cProcesoAdquirente,
      origin: new URL(cUrlFormulario).origin,
    });
    return redirectDocument(`/BuyTicket/${processId}`);
  }
  // A page outside the shop: the browser loads it (no client-side navigation).
  if (!cUrlPagina) throw new Error("Bancard's form was opened without its page");
  return redirectDocument(cUrlPagina);
}

/** The card form the checkout frames now, if its pay just opened one for this process. */
export function cardFormToFrame(shop: RequestContext, processId: number): CardFormToFrame | null {
  const flashed = shop.session.get("cardForm");
  if (!flashed || flashed.idProcesoDeCompra !== processId) return null;
  return { processId: flashed.processId, scriptUrl: `${flashed.origin}${bancardScriptPath}` };
}
