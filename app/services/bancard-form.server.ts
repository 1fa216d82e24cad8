// Paying on Bancard's card form (decisions 0077, 0080): the checkout, the payment link, the
// payment change, the box office's sale. The card is typed there, never here. The screen's pay
// opens the payment (its own card/BancardiFrame call); with JavaScript the screen is loaded
// again as a document, framing the form (its policy allows Bancard: decision 0078), and
// without it the buyer goes to Bancard's own page, which needs no script.
import type { AcquirerFormResponse } from "@contract";
import { redirectDocument } from "react-router";
import { scriptedField } from "~/lib/pay-result";
import { paymentProviderOrigins } from "./payment-origins.server";
import type { RequestContext } from "./request-context.server";

/** Where Bancard serves its checkout script, on its own origin (the version is assumed). */
export const bancardScriptPath = "/checkout/javascript/dist/bancard-checkout-4.0.0.js";

/** What a screen frames after a scripted pay: Bancard's process and its script. */
export type BancardFormToFrame = { processId: string; scriptUrl: string };

/** Whether cards are typed on Bancard's form (else the sandbox acquirer takes their data). */
export function paysOnBancardForm(): boolean {
  return Boolean(paymentProviderOrigins().bancard);
}

/** The hidden field only the hydrated form sends: the page runs JavaScript. */
export function isScripted(form: FormData): boolean {
  return form.get(scriptedField) === "1";
}

/**
 * Sends the buyer to the form an opened payment waits on: `framedOn` (a page of the shop,
 * loaded as a document) framing it when scripted, else Bancard's own page.
 */
export function sendToBancardForm(
  shop: RequestContext,
  opened: AcquirerFormResponse,
  attempt: { scripted: boolean; framedOn: string },
) {
  const { cProcesoAdquirente, cUrlPagina, cUrlFormulario } = opened;
  if (attempt.scripted && cProcesoAdquirente && cUrlFormulario && URL.canParse(cUrlFormulario)) {
    // Read once by the page's next render: a reload shows the page's pay again, and paying
    // again opens a new form (the API calls the old one off). Bancard's script is served
    // from the form's own origin (the one the page's policy allows).
    shop.session.flash("cardForm", {
      idProcesoDeCompra: opened.idProcesoDeCompra,
      processId: cProcesoAdquirente,
      origin: new URL(cUrlFormulario).origin,
    });
    return redirectDocument(attempt.framedOn);
  }
  // A page outside the shop: the browser loads it (no client-side navigation).
  if (!cUrlPagina) throw new Error("Bancard's form was opened without its page");
  return redirectDocument(cUrlPagina);
}

/** The card form a page frames now, if its pay just opened one for this process. */
export function bancardFormToFrame(
  shop: RequestContext,
  processId: number,
): BancardFormToFrame | null {
  const flashed = shop.session.get("cardForm");
  if (!flashed || flashed.idProcesoDeCompra !== processId) return null;
  return { processId: flashed.processId, scriptUrl: `${flashed.origin}${bancardScriptPath}` };
}
