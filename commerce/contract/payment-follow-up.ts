// Contract of what follows a charge that did not end at once (spec §7: Bancard/Confirmar3DS,
// Bancard/Cancelar3DS, Cobrar/Cancelar) and of the acquirer's notifications (webhook).
import { z } from "zod";
import { acquirerFormRequest, acquirerFormResponse } from "./acquirer-form.ts";
import { chargeErrors } from "./business-errors.ts";
import { apiHeaders, defineEndpoint } from "./endpoint.ts";
import { chargeRequest, chargeResponse, purchaseProcessSchema } from "./purchase.ts";
import { idParams, listOf } from "./shared.ts";
import { plainText } from "./text.ts";

export const confirm3dsEndpoint = defineEndpoint({
  id: "confirm3ds",
  method: "POST",
  path: "/Proceso/{id}/Bancard/Confirmar3DS",
  area: "purchase",
  summary:
    "The buyer is back from their bank's 3-D Secure page: what the process's payment came " +
    "to (APROBADO with its order, DESAFIO_3DS while unanswered, or the decline).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  response: chargeResponse,
});

export const cancel3dsEndpoint = defineEndpoint({
  id: "cancel3ds",
  method: "POST",
  path: "/Proceso/{id}/Bancard/Cancelar3DS",
  area: "purchase",
  summary:
    "Calls off the process's payment waiting on a 3-D Secure challenge (CANCELADO, no money " +
    "moved). A POST: a GET that changes state would be followed by link prefetchers.",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  response: chargeResponse,
});

export const cancelChargeEndpoint = defineEndpoint({
  id: "cancelCharge",
  method: "POST",
  path: "/Proceso/{id}/Cobrar/Cancelar",
  area: "purchase",
  summary:
    "Calls off the process's payment not decided yet, as Cancelar3DS; one the bank is " +
    "deciding cannot be (PAYMENT_IN_PROGRESS).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  response: chargeResponse,
});

export const acquirerNotificationRequest = z.object({
  id: plainText({ trim: false }).min(1).max(100),
  idempotencyKey: plainText({ trim: false }).min(1).max(100),
});

export const acquirerNotificationEndpoint = defineEndpoint({
  id: "acquirerNotification",
  method: "POST",
  path: "/Pagos/Notificacion",
  area: "purchase",
  summary:
    "The acquirer's signed notification that a charge changed (X-Sandbox-Signature: " +
    "t=<unix seconds>,v1=<HMAC-SHA256 of 't.body'>). A bad or stale signature is a 401; a " +
    "replayed notification changes nothing (lProcesada false).",
  access: "public",
  errors: chargeErrors,
  body: acquirerNotificationRequest,
  response: z.object({ lProcesada: z.boolean() }),
});

/** GET operacion/cambio/pago/{id}: a purchase whose payment failed or is pending, to pay again. */
export const paymentChangeResponse = z.object({
  oProceso: purchaseProcessSchema,
  /** Open, and no payment approved or still being decided: it may be paid again now. */
  lPuedePagar: z.boolean(),
});
export type PaymentChangeResponse = z.infer<typeof paymentChangeResponse>;

export const paymentChangeEndpoint = defineEndpoint({
  id: "paymentChange",
  method: "GET",
  path: "/operacion/cambio/pago/{id}",
  area: "purchase",
  summary:
    "The caller's purchase with its latest payment (oPago), and whether it may be paid again " +
    "now (a refused or cancelled payment, the purchase still open).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  response: paymentChangeResponse,
});

export const awaitingPaymentsEndpoint = defineEndpoint({
  id: "awaitingPayments",
  method: "GET",
  path: "/operacion/cambio/pagos",
  area: "purchase",
  summary:
    "The caller's purchases that are owed, newest first, each as operacion/cambio/pago/{id} " +
    "answers it: open, tried, and their latest payment refused, cancelled, given back or " +
    "still being decided. One paid or whose time ran out is not listed; nor is anyone else's.",
  access: "customer",
  response: listOf(paymentChangeResponse),
});

export const payAgainRequest = chargeRequest.extend({
  nFormaDePago: z.coerce.number({ error: "paymentMethodRequired" }).int().positive(),
});

export const payAgainEndpoint = defineEndpoint({
  id: "payAgain",
  method: "POST",
  path: "/operacion/cambio/{id}/pagar",
  area: "purchase",
  summary:
    "Pays again a purchase whose payment was refused or cancelled: chooses the payment " +
    "method and charges as Cobrar (same idempotency key rules; PAYMENT_IN_PROGRESS while a " +
    "payment is being decided).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: payAgainRequest,
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: chargeResponse,
});

export const payAgainFormRequest = acquirerFormRequest.extend({
  nFormaDePago: payAgainRequest.shape.nFormaDePago,
});

export const payAgainFormEndpoint = defineEndpoint({
  id: "payAgainForm",
  method: "POST",
  path: "/operacion/cambio/{id}/card/BancardiFrame",
  area: "purchase",
  summary:
    "Pays again a purchase whose payment was refused or cancelled, on Bancard's card form: " +
    "chooses the payment method and opens the payment as Proceso/{id}/card/BancardiFrame; " +
    "Bancard sends the buyer back to cUrlRetorno.",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: payAgainFormRequest,
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: acquirerFormResponse,
});
