// Contract of the second payment calls (spec §7: FormasDePago2, PreValidacion2, Cobrar2): one
// shape for every way of paying, a card or a wallet whose page the payer is sent to. The
// body says which by cTipo; the answer says what happens next by cEstado. The first calls
// (FormasDePago, PreValidacion, Cobrar) stay as they were, for cards only.
import { z } from "zod";
import { chargeErrors, closedProcessErrors } from "./business-errors.ts";
import { cardSchema } from "./card.ts";
import { apiHeaders, defineEndpoint } from "./endpoint.ts";
import { acquirerNotificationRequest } from "./payment-follow-up.ts";
import { chargeRequest, preValidationResponse } from "./purchase.ts";
import { idParams, listOf } from "./shared.ts";
import { plainText } from "./text.ts";

export const paymentKinds = ["TARJETA", "BILLETERA", "PAYPAL"] as const;

export const paymentMethod2Schema = z.object({
  nFormaDePago: z.number().int(),
  cCodigo: z.string(),
  cNombre: z.string(),
  /**
   * TARJETA: a card; BILLETERA: paid on the wallet's own page; PAYPAL: approved on PayPal's
   * page (PayPalOrderCreate).
   */
  cTipo: z.enum(paymentKinds),
  /**
   * The card is typed on the acquirer's own form (card/BancardiFrame), never sent to the
   * shop; a saved card pays by its alias (Cobrar2 TARJETA_GUARDADA). False: the card's data
   * go in Cobrar (the sandbox acquirer).
   */
  lFormularioAdquirente: z.boolean(),
  /** The installments the method takes (a wallet: one payment). */
  listaCuotas: z.array(z.number().int()),
  /** The payer is sent away to pay (the wallet's page) and comes back to cUrlRetorno. */
  lRedireccion: z.boolean(),
});
export type PaymentMethod2 = z.infer<typeof paymentMethod2Schema>;
export const paymentMethods2Response = listOf(paymentMethod2Schema);

const returnUrl = chargeRequest.shape.cUrlRetorno;
const idempotencyKey = chargeRequest.shape.cClaveIdempotencia;

const cardPayment = z.object({
  cTipo: z.literal("TARJETA"),
  nCuotas: chargeRequest.shape.nCuotas,
  oTarjeta: cardSchema,
  /** Where the bank's 3-D Secure page sends the buyer back. */
  cUrlRetorno: returnUrl,
});
/** A card Bancard keeps for the buyer (card/Bancard), paid by its alias without typing it. */
const savedCardPayment = z.object({
  cTipo: z.literal("TARJETA_GUARDADA"),
  cAliasToken: plainText().min(1).max(200),
  nCuotas: chargeRequest.shape.nCuotas,
  /** Where the bank's 3-D Secure page sends the buyer back. */
  cUrlRetorno: returnUrl.unwrap(),
});
const walletPayment = z.object({
  cTipo: z.literal("BILLETERA"),
  /** Where the wallet's page sends the payer back (required: there is no other way back). */
  cUrlRetorno: returnUrl.unwrap(),
});

/** POST Proceso/{id}/PreValidacion2: what Cobrar2 will take, checked without charging. */
export const preValidation2Request = z.discriminatedUnion("cTipo", [cardPayment, walletPayment], {
  error: "paymentKindRequired",
});

export const preValidation2Response = z.discriminatedUnion("cTipo", [
  preValidationResponse.extend({ cTipo: z.literal("TARJETA") }),
  z.object({
    cTipo: z.literal("BILLETERA"),
    /** What the wallet will be asked for. */
    fMonto: z.number().int(),
    /** The wallet's brand (APAY, TIGO_MONEY). */
    cBilletera: z.string(),
    lRedireccion: z.literal(true),
  }),
]);
export type PreValidation2Response = z.infer<typeof preValidation2Response>;

/** POST Proceso/{id}/Cobrar2: a repeated key answers the first outcome, never pays twice. */
export const charge2Request = z.discriminatedUnion(
  "cTipo",
  [
    cardPayment.extend({ cClaveIdempotencia: idempotencyKey }),
    walletPayment.extend({ cClaveIdempotencia: idempotencyKey }),
    savedCardPayment.extend({ cClaveIdempotencia: idempotencyKey }),
  ],
  { error: "paymentKindRequired" },
);
export type Charge2Request = z.infer<typeof charge2Request>;

/**
 * APROBADO: the order exists (idPedido). DESAFIO_3DS: send the buyer to cUrlRedireccion, their
 * bank's page. REDIRECCION_BILLETERA: send the payer to cUrlRedireccion, the wallet's page.
 * Both come back to cUrlRetorno, which confirms (Bancard/Confirmar3DS, Billetera/Confirmar).
 * PENDIENTE: the bank or the wallet decides later; the process's oPago tells when it did.
 * CANCELADO: called off. A decline is an error (PAYMENT_DECLINED with its reason), as in Cobrar.
 */
export const charge2Response = z.object({
  idProcesoDeCompra: z.number().int(),
  cEstado: z.enum(["APROBADO", "DESAFIO_3DS", "REDIRECCION_BILLETERA", "PENDIENTE", "CANCELADO"]),
  idPedido: z.number().int().nullable(),
  cUrlRedireccion: z.string().nullable(),
});
export type Charge2Response = z.infer<typeof charge2Response>;

export const paymentMethods2Endpoint = defineEndpoint({
  id: "paymentMethods2",
  method: "GET",
  path: "/Proceso/{id}/FormasDePago2",
  area: "purchase",
  summary:
    "Every way of paying the process: card methods with their installments, and wallets " +
    "(lRedireccion: the payer pays on the wallet's page and comes back).",
  access: "customer",
  errors: closedProcessErrors,
  params: idParams,
  response: paymentMethods2Response,
});

export const preValidation2Endpoint = defineEndpoint({
  id: "preValidation2",
  method: "POST",
  path: "/Proceso/{id}/PreValidacion2",
  area: "purchase",
  summary:
    "Checks, without charging, everything Cobrar2 would, for a card (cTipo TARJETA: as " +
    "PreValidacion) or a wallet (cTipo BILLETERA: the process can be paid with the wallet chosen).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: preValidation2Request,
  response: preValidation2Response,
});

export const charge2Endpoint = defineEndpoint({
  id: "charge2",
  method: "POST",
  path: "/Proceso/{id}/Cobrar2",
  area: "purchase",
  summary:
    "Pays the process by card (cTipo TARJETA, as Cobrar) or opens the payment on the chosen " +
    "wallet (cTipo BILLETERA: REDIRECCION_BILLETERA with the wallet's page). A repeated " +
    "idempotency key answers the first outcome and never pays twice.",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: charge2Request,
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: charge2Response,
});

export const confirmWalletEndpoint = defineEndpoint({
  id: "confirmWallet",
  method: "POST",
  path: "/Proceso/{id}/Billetera/Confirmar",
  area: "purchase",
  summary:
    "The payer is back from the wallet's page (or asks again): what the process's payment " +
    "came to, asked of the wallet itself (the return address proves nothing).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  response: charge2Response,
});

export const walletNotificationEndpoint = defineEndpoint({
  id: "walletNotification",
  method: "POST",
  path: "/Billetera/Notificacion",
  area: "purchase",
  summary:
    "The wallet's signed notification that a payment changed (X-Sandbox-Wallet-Signature: " +
    "t=<unix seconds>,v1=<HMAC-SHA256 of 't.body'>). A bad or stale signature is a 401; a " +
    "replayed notification changes nothing (lProcesada false).",
  access: "public",
  errors: chargeErrors,
  body: acquirerNotificationRequest,
  response: z.object({ lProcesada: z.boolean() }),
});
