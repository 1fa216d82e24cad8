// Payment links (spec §2 /linkPago, /payConfirmLinkPago): a box-office clerk holds places in a
// BOX process for a buyer who is not at the counter (a phone sale) and sends them a link to
// pay online, without an account. The link's key is random and long; the API keeps only its
// hash. The link lives while the process holds its places; paying makes the order the
// clerk's counter sale to that buyer, mailed to them.
import { z } from "zod";
import { acquirerFormRequest, acquirerFormResponse } from "./acquirer-form.ts";
import {
  cardPlanErrors,
  chargeErrors,
  closedProcessErrors,
  processChangeErrors,
} from "./business-errors.ts";
import { cardSchema } from "./card.ts";
import { cardPlansParams, cardPlansResponse } from "./card-plans.ts";
import { emailSchema } from "./customers.ts";
import { apiHeaders, defineEndpoint } from "./endpoint.ts";
import { chargeRequest, chargeResponse, paymentStates, processStates } from "./purchase.ts";
import { idParams } from "./shared.ts";
import { plainText } from "./text.ts";

const urlOfShop = plainText({ trim: false })
  .max(300)
  .regex(/^https?:\/\/[^\s?#]+$/, { error: "returnUrlInvalid" });

export const createPaymentLinkRequest = z.object({
  oComprador: z.object({
    cNombre: plainText({ error: "buyerNameRequired" })
      .min(1, { error: "buyerNameRequired" })
      .max(120, { error: "tooLong" }),
    cEmail: emailSchema,
  }),
  /** The shop's payment-link page; the API adds the process and the key to it for the mail. */
  cUrlPago: urlOfShop,
});
export type CreatePaymentLinkRequest = z.infer<typeof createPaymentLinkRequest>;

export const paymentLinkResponse = z.object({
  idProcesoDeCompra: z.number().int(),
  /** The link's key: shown once, to the clerk; the buyer gets it by mail. */
  cClave: z.string(),
  cUrl: z.string(),
  dVence: z.string(),
});

/** A key is 43 base64url characters (256 random bits). */
export const paymentLinkKey = plainText({ trim: false }).regex(/^[A-Za-z0-9_-]{43}$/, {
  error: "paymentLinkInvalid",
});
export const paymentLinkParams = z.object({ id: idParams.shape.id, cClave: paymentLinkKey });

/** What the buyer sees of the purchase: no owner, no key to cancel, just what they pay. */
export const paymentLinkView = z.object({
  idProcesoDeCompra: z.number().int(),
  cEstado: z.enum(processStates),
  cComprador: z.string(),
  dVence: z.string(),
  fTotal: z.number().int(),
  idPedido: z.number().int().nullable(),
  listaFuncion: z.array(
    z.object({
      idFuncion: z.number().int(),
      cEspectaculo: z.string(),
      cEstablecimiento: z.string(),
      dFecha: z.string(),
      listaPosiciones: z.array(
        z.object({
          idPosicion: z.number().int(),
          cSector: z.string(),
          cFila: z.string().nullable(),
          nNumero: z.number().int().nullable(),
          fPrecio: z.number().int(),
        }),
      ),
    }),
  ),
  oPago: z.object({ cEstado: z.enum(paymentStates), cMotivo: z.string().nullable() }).nullable(),
});
export type PaymentLinkView = z.infer<typeof paymentLinkView>;

export const payByLinkRequest = z.object({
  cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
  nCuotas: z.coerce.number().int().min(1).max(24).default(1),
  oTarjeta: cardSchema,
  /** Where the bank's 3-D Secure page sends the buyer back (the link's result page). */
  cUrlRetorno: chargeRequest.shape.cUrlRetorno,
});
export type PayByLinkRequest = z.infer<typeof payByLinkRequest>;

export const createPaymentLinkEndpoint = defineEndpoint({
  id: "createPaymentLink",
  method: "POST",
  path: "/Proceso/{id}/LinkDePago",
  area: "purchase",
  summary:
    "Box office: a payment link for a BOX process, mailed to the buyer (name and e-mail), valid while the process holds its places. A new link replaces the previous one. Clerks only (403).",
  access: "customer",
  errors: [...processChangeErrors, "PROCESS_EMPTY"],
  params: idParams,
  body: createPaymentLinkRequest,
  response: paymentLinkResponse,
});

export const paymentLinkEndpoint = defineEndpoint({
  id: "paymentLink",
  method: "GET",
  path: "/LinkPago/{id}/{cClave}",
  area: "purchase",
  summary:
    "What a payment link pays, without login. An unknown or replaced key is a 404; a link whose places were let go is answered with the process's state (EXPIRED, CANCELLED).",
  access: "public",
  errors: closedProcessErrors,
  params: paymentLinkParams,
  response: paymentLinkView,
});

export const payByLinkEndpoint = defineEndpoint({
  id: "payByLink",
  method: "POST",
  path: "/LinkPago/{id}/{cClave}/Cobrar",
  area: "purchase",
  summary:
    "Pays a payment link by card, without login; as Cobrar (idempotency key, 3-D Secure, pending), the card's kind choosing the method.",
  access: "public",
  errors: chargeErrors,
  params: paymentLinkParams,
  body: payByLinkRequest,
  response: chargeResponse,
});

export const paymentLinkCardPlansEndpoint = defineEndpoint({
  id: "paymentLinkCardPlans",
  method: "GET",
  path: "/LinkPago/{id}/{cClave}/Tarjetas/{cardBin}",
  area: "purchase",
  summary:
    "The card behind a BIN and the installment plans its bank offers for what a payment link pays, without login: the card's kind chooses the method, as when the link is paid. A network the shop does not accept is a 400 on cardBin; an unknown key is a 404.",
  access: "public",
  errors: cardPlanErrors,
  params: paymentLinkParams.extend({ cardBin: cardPlansParams.shape.cardBin }),
  response: cardPlansResponse,
});

export const payByLinkFormEndpoint = defineEndpoint({
  id: "payByLinkForm",
  method: "POST",
  path: "/LinkPago/{id}/{cClave}/card/BancardiFrame",
  area: "purchase",
  summary:
    "Opens a payment link's payment on Bancard's card form, without login (as " +
    "Proceso/{id}/card/BancardiFrame): the buyer types the card there; Bancard confirms to " +
    "the shop and sends the buyer back to cUrlRetorno, the link's own page. An unknown key is a 404.",
  access: "public",
  errors: chargeErrors,
  params: paymentLinkParams,
  body: acquirerFormRequest,
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: acquirerFormResponse,
});
