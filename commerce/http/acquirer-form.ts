// The answer of every call that opens a payment on Bancard's card form (the checkout's
// Proceso/{id}/card/BancardiFrame, the payment link's, the payment change's and the box
// office's): the form to frame, the page without script, or the order a repeated key paid.
import type { AcquirerFormResponse } from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import type { ChargeResult } from "../payments/charge.ts";
import { BANCARD_PROVIDER, hostedProviderOf } from "../payments/payment-providers.ts";
import { latestPayment } from "../payments/payment-state.ts";

/** Without Bancard configured (the sandbox acquirer instead) there is no form to open. */
export function requireBancard(deps: CommerceDeps) {
  if (!hostedProviderOf(deps, BANCARD_PROVIDER)) throw notFound();
}

/** The charge's result (charge() with `hosted: BANCARD`) as the form's answer. */
export async function acquirerFormAnswer(
  deps: CommerceDeps,
  processId: number,
  result: ChargeResult,
): Promise<AcquirerFormResponse> {
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
  const payment = await latestPayment(deps.db, processId);
  return {
    ...base,
    cEstado: "FORMULARIO",
    idPedido: null,
    cProcesoAdquirente: payment?.providerReference ?? null,
    cUrlFormulario: result.embedUrl ?? null,
    cUrlPagina: result.challengeUrl,
  };
}
