// Contract of the payments a provider's own page takes (spec §7: card/BancardiFrame,
// card/BancardiFrame2, card/Bancard/borrar/{alias_token}, PayPalOrderCreate,
// proceso/confirmacion/{id}; decision 0077): the card is typed on Bancard's form, never sent
// here; PayPal is approved on PayPal's page. The buyer comes back to cUrlRetorno, whose
// route confirms (Bancard/Confirmar3DS, proceso/confirmacion); the providers also confirm
// server to server (bancard/confirmacion, paypal/webhook).
import { z } from "zod";
import { acquirerFormRequest, acquirerFormResponse } from "./acquirer-form.ts";
import { chargeErrors } from "./business-errors.ts";
import { apiHeaders, defineEndpoint } from "./endpoint.ts";
import { charge2Response } from "./payments-v2.ts";
import { chargeRequest } from "./purchase.ts";

export * from "./acquirer-form.ts";

import { idParams, listOf } from "./shared.ts";
import { plainText } from "./text.ts";

const returnUrl = chargeRequest.shape.cUrlRetorno.unwrap();

export const acquirerFormEndpoint = defineEndpoint({
  id: "acquirerForm",
  method: "POST",
  path: "/Proceso/{id}/card/BancardiFrame",
  area: "purchase",
  summary:
    "Opens the process's payment on Bancard's card form (single_buy): the buyer types the " +
    "card there, framed in the checkout or on Bancard's page; Bancard confirms to the shop and " +
    "sends the buyer back to cUrlRetorno. A repeated idempotency key answers the same payment.",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: acquirerFormRequest,
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: acquirerFormResponse,
});

/** GET Proceso/{id}/PayPalOrderCreate: the PayPal order the buyer approves on PayPal's page. */
export const payPalOrderQuery = z.object({
  cUrlRetorno: returnUrl,
  cUrlCancelacion: returnUrl,
});

export const payPalOrderResponse = z.object({
  idProcesoDeCompra: z.number().int(),
  cOrdenPayPal: z.string(),
  /** PayPal's page where the buyer approves the order. */
  cUrlAprobacion: z.string(),
});

export const payPalOrderEndpoint = defineEndpoint({
  id: "payPalOrderCreate",
  method: "GET",
  path: "/Proceso/{id}/PayPalOrderCreate",
  area: "purchase",
  summary:
    "The PayPal order of the process (created once: asked again while it waits for the buyer, " +
    "the same order): the buyer approves it on PayPal's page and comes back to cUrlRetorno, " +
    "which captures it (proceso/confirmacion); cancelling there comes back to cUrlCancelacion.",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  query: payPalOrderQuery,
  response: payPalOrderResponse,
});

export const payPalConfirmEndpoint = defineEndpoint({
  id: "payPalConfirm",
  method: "POST",
  path: "/proceso/confirmacion/{id}",
  area: "purchase",
  summary:
    "The buyer is back from PayPal: the order is captured if PayPal says it was approved (the " +
    "return address proves nothing), and the answer is what the payment came to.",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  response: charge2Response,
});

/** A card Bancard keeps for the customer. */
export const savedCardSchema = z.object({
  /** What pays with the card and deletes it; Bancard renews it, so it is asked each time. */
  cAliasToken: z.string(),
  /** As Bancard shows it: the first six and the last four digits. */
  cNumeroEnmascarado: z.string(),
  cMarca: z.string(),
  /** MM/YY. */
  cVencimiento: z.string(),
  cTipo: z.enum(["CREDIT", "DEBIT"]),
});
export type SavedCardView = z.infer<typeof savedCardSchema>;

export const savedCardsEndpoint = defineEndpoint({
  id: "savedCards",
  method: "GET",
  path: "/card/Bancard",
  area: "customers",
  summary:
    "The caller's cards Bancard keeps (users/{user_id}/cards): brand, masked number, expiry.",
  access: "customer",
  errors: chargeErrors,
  response: listOf(savedCardSchema),
});

export const registerCardEndpoint = defineEndpoint({
  id: "registerCard",
  method: "POST",
  path: "/card/BancardiFrame2",
  area: "customers",
  summary:
    "Opens Bancard's form to register a card for the caller (cards/new): framed or full page; " +
    "Bancard sends the customer back to cUrlRetorno.",
  access: "customer",
  errors: chargeErrors,
  body: z.object({ cUrlRetorno: returnUrl }),
  response: z.object({ cUrlFormulario: z.string(), cUrlPagina: z.string() }),
});

export const deleteCardEndpoint = defineEndpoint({
  id: "deleteCard",
  method: "DELETE",
  path: "/card/Bancard/borrar/{alias_token}",
  area: "customers",
  summary: "Deletes one of the caller's saved cards; another customer's alias is a 404.",
  access: "customer",
  errors: chargeErrors,
  params: z.object({ alias_token: plainText().min(1).max(200) }),
  response: z.object({ lBorrada: z.literal(true) }),
});

export const bancardConfirmationEndpoint = defineEndpoint({
  id: "bancardConfirmation",
  method: "POST",
  path: "/bancard/confirmacion",
  area: "purchase",
  summary:
    "Bancard's confirmation of a payment, server to server, signed by its md5 token; answered " +
    'as Bancard expects ({"status":"success"}). A forged or altered one is a 401 and changes ' +
    "nothing; a repeated one changes nothing.",
  access: "public",
  // Bancard's own shape, not the envelope.
  response: { file: "application/json", shape: z.object({ status: z.literal("success") }) },
});

export const payPalWebhookEndpoint = defineEndpoint({
  id: "payPalWebhook",
  method: "POST",
  path: "/paypal/webhook",
  area: "purchase",
  summary:
    "PayPal's webhook (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.*), verified with PayPal; an " +
    "unverified one is a 401, a repeated one changes nothing (lProcesada false).",
  access: "public",
  response: z.object({ lProcesada: z.boolean() }),
});
