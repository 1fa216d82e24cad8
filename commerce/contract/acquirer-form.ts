// The body and answer of every call that opens a payment on Bancard's card form (decision
// 0077): the checkout's Proceso/{id}/card/BancardiFrame and the payment link's, the payment
// change's and the box office's variants. Apart so that each path's contract can use them.
import { z } from "zod";
import { chargeRequest } from "./purchase.ts";

const returnUrl = chargeRequest.shape.cUrlRetorno.unwrap();
const idempotencyKey = chargeRequest.shape.cClaveIdempotencia;

/** POST Proceso/{id}/card/BancardiFrame: opens the payment on Bancard's card form. */
export const acquirerFormRequest = z.object({
  cClaveIdempotencia: idempotencyKey,
  /** Where Bancard sends the buyer back (/bancard/finish/{id}). */
  cUrlRetorno: returnUrl,
  /** Where the buyer goes who gives up on the form: the checkout, places still held. */
  cUrlCancelacion: returnUrl,
});

/**
 * FORMULARIO: the buyer types the card on Bancard's form: framed (cUrlFormulario, drawn by
 * Bancard's script cUrlScript) or full page without JavaScript (cUrlPagina). APROBADO: this
 * key's payment was already approved (idPedido).
 */
export const acquirerFormResponse = z.object({
  idProcesoDeCompra: z.number().int(),
  cEstado: z.enum(["FORMULARIO", "APROBADO"]),
  idPedido: z.number().int().nullable(),
  /** Bancard's id of the payment (its process_id), which its script draws the form for. */
  cProcesoAdquirente: z.string().nullable(),
  cUrlFormulario: z.string().nullable(),
  cUrlPagina: z.string().nullable(),
});
export type AcquirerFormResponse = z.infer<typeof acquirerFormResponse>;
