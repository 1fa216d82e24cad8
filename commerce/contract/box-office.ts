// Contract of the box office (ctProcess BOX; clerks only, FORBIDDEN for anyone else): the
// counter's charge (cash or card present, to a walk-in buyer), its list of sales, and the
// cancellation of one of them.
import { z } from "zod";
import { acquirerFormRequest, acquirerFormResponse } from "./acquirer-form.ts";
import { chargeErrors } from "./business-errors.ts";
import { cardSchema } from "./card.ts";
import { emailSchema } from "./customers.ts";
import { apiHeaders, defineEndpoint } from "./endpoint.ts";
import { ordersResponse } from "./orders.ts";
import { idParams } from "./shared.ts";
import { plainText } from "./text.ts";

/** A counter sale is paid at once (cash, or a card present): always an order. */
export const boxChargeResponse = z.object({
  idPedido: z.number().int(),
  cEstado: z.literal("APROBADO"),
  idProcesoDeCompra: z.number().int(),
});

/** The walk-in buyer the counter's sale is for. */
const counterBuyer = z.object({
  cNombre: plainText({ error: "buyerNameRequired" })
    .min(1, { error: "buyerNameRequired" })
    .max(120, { error: "tooLong" }),
  /** Optional: the tickets are printed at the counter; given, they are mailed too. */
  cEmail: z.union([z.literal(""), emailSchema]).optional(),
});

export const counterPaymentMedia = ["EFECTIVO", "TARJETA_PRESENTE"] as const;

export const boxChargeRequest = z
  .object({
    /** A retry with the same key never charges (or records cash) twice. */
    cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
    cMedioDePago: z.enum(counterPaymentMedia, { error: "paymentMediumRequired" }),
    oComprador: counterBuyer,
    /** The card presented at the counter (card present only). */
    oTarjeta: cardSchema.optional(),
    nCuotas: z.coerce.number().int().min(1).max(24).default(1),
  })
  .refine((body) => body.cMedioDePago !== "TARJETA_PRESENTE" || body.oTarjeta !== undefined, {
    error: "cardRequired",
    path: ["oTarjeta"],
  })
  .meta({
    if: { properties: { cMedioDePago: { const: "TARJETA_PRESENTE" } }, required: ["cMedioDePago"] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited.
    then: { required: ["oTarjeta"] },
  });
export type BoxChargeRequest = z.infer<typeof boxChargeRequest>;

export const boxChargeEndpoint = defineEndpoint({
  id: "boxCharge",
  method: "POST",
  path: "/Proceso/{id}/CobrarBoleteria",
  area: "purchase",
  summary:
    "Box office: sells the places a BOX process holds to a walk-in buyer (name, optional " +
    "e-mail), paid in cash or by a card presented at the counter. The order is the clerk's, " +
    "its tickets carry the buyer's name and are printed at once. Clerks only (403).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: boxChargeRequest,
  response: boxChargeResponse,
});

export const counterSalesEndpoint = defineEndpoint({
  id: "counterSales",
  method: "GET",
  path: "/Boleteria/Ventas",
  area: "orders",
  summary: "Box office: the clerk's counter sales, newest first. Clerks only (403).",
  access: "customer",
  response: ordersResponse,
});

export const cancelOrderResponse = z.object({
  idPedido: z.number().int(),
  cEstado: z.literal("CANCELLED"),
});

export const cancelOrderEndpoint = defineEndpoint({
  id: "cancelOrder",
  method: "POST",
  path: "/Pedido/{id}/Anular",
  area: "orders",
  summary:
    "Box office: cancels one of the clerk's counter sales. The card payment is refunded through " +
    "the acquirer (cash is recorded as handed back), the tickets are voided and their places " +
    "are for sale again, and a credit note gives the bill back. Asking again answers the same " +
    "(one refund, one credit note). Clerks only (403); another clerk's order is a 404.",
  access: "customer",
  errors: ["ORDER_NOT_CANCELLABLE", "REFUND_FAILED"],
  params: idParams,
  response: cancelOrderResponse,
});

export const boxChargeFormRequest = acquirerFormRequest.extend({ oComprador: counterBuyer });
export type BoxChargeFormRequest = z.infer<typeof boxChargeFormRequest>;

export const boxChargeFormEndpoint = defineEndpoint({
  id: "boxChargeForm",
  method: "POST",
  path: "/Proceso/{id}/CobrarBoleteria/card/BancardiFrame",
  area: "purchase",
  summary:
    "Box office: sells the places a BOX process holds to a walk-in buyer by card, typed on " +
    "Bancard's card form (as Proceso/{id}/card/BancardiFrame); when Bancard confirms, the " +
    "sale is the counter's card sale of that buyer. Clerks only (403).",
  access: "customer",
  errors: chargeErrors,
  params: idParams,
  body: boxChargeFormRequest,
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: acquirerFormResponse,
});
