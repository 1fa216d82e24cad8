// The answer of every call that opens a payment on Bancard's card form (the checkout's
// Proceso/{id}/card/BancardiFrame, the payment link's, the payment change's and the box
// office's): the form to frame, the page without script, or the order a repeated key paid.
import type { AcquirerFormResponse } from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import type { ChargeResult } from "../payments/charge.ts";
import { BANCARD_PROVIDER, hostedProviderOf } from "../payments/payment-providers.ts";

/** A provider the shop is not configured with (the sandbox instead) has no such calls. */
export function requireProvider(deps: CommerceDeps, name = BANCARD_PROVIDER) {
  if (!hostedProviderOf(deps, name)) throw notFound();
}

/** The charge's result (charge() with `hosted: BANCARD`) as the form's answer. */
export function acquirerFormAnswer(processId: number, result: ChargeResult): AcquirerFormResponse {
  const base = { idProcesoDeCompra: processId, cProcesoAdquirente: null };
  if ("orderId" in result) {
    return {
      ...base,
      cEstado: "APROBADO",
      idPedido: result.orderId,
      cUrlFormulario: null,
      cUrlPagina: null,
    };
  }
  if (!("challengeUrl" in result)) throw businessError("PAYMENT_IN_PROGRESS");
  return {
    ...base,
    cEstado: "FORMULARIO",
    idPedido: null,
    cProcesoAdquirente: result.providerReference ?? null,
    cUrlFormulario: result.embedUrl ?? null,
    cUrlPagina: result.challengeUrl,
  };
}
