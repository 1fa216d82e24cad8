// Contract of the purchase calls (spec §7 "Positions", "Process, products, delivery,
// payment"): take and release places, the process with its clock, delivery, payment method
// and the charge.
import { z } from "zod";
import {
  chargeErrors,
  closedProcessErrors,
  holdErrors,
  processChangeErrors,
} from "./business-errors.ts";
import { cardSchema } from "./card.ts";
import { apiHeaders, defineEndpoint } from "./endpoint.ts";
import {
  functionDateSchema,
  idOrZeroPath,
  idParam,
  idParams,
  listOf,
  showCardSchema,
} from "./shared.ts";
import { plainText } from "./text.ts";

/** CART: a buyer's own purchase; BOX: a sale at the box office. */
export const processKind = z.enum(["CART", "BOX"]);

export const takePlacesRequest = z
  .object({
    idFuncion: idParam,
    /** General admission: how many places per sector. */
    listaSectores: z
      .array(z.object({ idSector: idParam, nCantidad: z.coerce.number().int().min(1).max(20) }))
      .max(20)
      .optional(),
    /** Numbered seats by id. */
    listaPosiciones: z.array(idParam).max(20).optional(),
    /** A new process's type: BOX (the box office; clerks only) or CART (default). */
    ctProcess: processKind.optional(),
  })
  .refine((b) => (b.listaSectores?.length ?? 0) + (b.listaPosiciones?.length ?? 0) > 0, {
    error: "quantityRequired",
    path: ["listaSectores"],
  })
  .meta({
    anyOf: ["listaSectores", "listaPosiciones"].map((list) => ({
      required: [list],
      properties: { [list]: { minItems: 1 } },
    })),
  });
export type TakePlacesRequest = z.infer<typeof takePlacesRequest>;

export const releasePerformanceRequest = z.object({ idFuncion: idParam });

export const heldPlaceSchema = z.object({
  idPosicion: z.number().int(),
  idSector: z.number().int(),
  cSectorNombre: z.string(),
  cTipo: z.enum(["GENERAL", "NUMBERED"]),
  cFila: z.string().nullable(),
  nNumero: z.number().int().nullable(),
  /** The sector's price. */
  fPrecio: z.number().int(),
  /** The promotion this place carries (null: none) and what it takes off. */
  idPromocion: z.number().int().nullable(),
  cPromocionNombre: z.string().nullable(),
  fDescuento: z.number().int(),
  /** What the place costs: fPrecio less fDescuento. */
  fPrecioFinal: z.number().int(),
});

export const processPerformanceSchema = z.object({
  idFuncion: z.number().int(),
  oEspectaculo: showCardSchema,
  oFuncionFecha: functionDateSchema,
  nCantidadPosiciones: z.number().int(),
  fPrecioTotalFinal: z.number().int(),
  listaPosiciones: z.array(heldPlaceSchema),
});

export const processStates = ["ACTIVE", "EXPIRED", "PAID", "CANCELLED"] as const;

export const paymentStates = [
  "PROCESANDO",
  "VERIFICANDO",
  "DESAFIO_3DS",
  "APROBADO",
  "RECHAZADO",
  "CANCELADO",
  "DEVUELTO",
] as const;
export type PaymentState = (typeof paymentStates)[number];

export const purchaseProcessSchema = z.object({
  idProcesoDeCompra: z.number().int(),
  ctProcess: z.enum(["CART", "BOX"]),
  cEstado: z.enum(processStates),
  dDesde: z.string(),
  dMaxima: z.string(),
  nMinutos: z.number().int(),
  /** Whether the one extension of the clock was taken. */
  lExtendido: z.boolean(),
  /** Minutes the buyer may still add once (POST Proceso/{id}/Extender); 0: none offered. */
  nMinutosExtension: z.number().int(),
  listaFuncion: z.array(processPerformanceSchema),
  oCantidadTotal: z.object({ nCantidadTotal: z.number().int() }),
  idEntregaTipo: z.number().int().nullable(),
  /** The address of a home delivery; null for any other. */
  idClienteDomicilio: z.number().int().nullable(),
  nFormaDePago: z.number().int().nullable(),
  /** The places at their own prices; fDescuento is what their promotions take off. */
  fSubtotal: z.number().int(),
  fDescuento: z.number().int(),
  fCargoEntrega: z.number().int(),
  fCargoServicio: z.number().int(),
  /** The anti-fraud QR charge of its e-tickets (§3 order totals; $ 0, decision 0067). */
  fCargoQr: z.number().int(),
  fTotal: z.number().int(),
  /** Set once paid. */
  idPedido: z.number().int().nullable(),
  /**
   * The owner's key to cancel this process without a login (POST Proceso/{id}/invalidar):
   * only the process's owner is shown it.
   */
  /**
   * The process's latest payment: PROCESANDO (being charged), VERIFICANDO (the bank decides
   * later), DESAFIO_3DS (the buyer authenticates at cUrlDesafio), APROBADO, RECHAZADO (why
   * in cMotivo), CANCELADO by the buyer, DEVUELTO (approved but the places were lost).
   * Null before any payment. Only Proceso/{id} and operacion/cambio/pago read it: the
   * answers of changes (take, delivery, payment method…) leave it out.
   */
  oPago: z
    .object({
      cEstado: z.enum(paymentStates),
      cMotivo: z.string().nullable(),
      cUrlDesafio: z.string().nullable(),
      /** The wallet it is paid with (its name in the caller's language); null: a card. */
      cBilletera: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** Whether the process is a booking, paid later until dMaxima. Read with oPago only. */
  lReserva: z.boolean().optional(),
  cClaveInvalidar: z.string(),
});
export type PurchaseProcess = z.infer<typeof purchaseProcessSchema>;

export const deliveryTypeSchema = z.object({
  idEntregaTipo: z.number().int(),
  cCodigo: z.string(),
  cNombre: z.string(),
  cDescripcion: z.string(),
  fPrecio: z.number().int(),
  /** Home delivery: sent to one of the customer's addresses (idClienteDomicilio). */
  lRequiereDomicilio: z.boolean(),
});
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;
export const deliveryTypesResponse = listOf(deliveryTypeSchema);
export const selectDeliveryRequest = z.object({
  idEntregaTipo: z.coerce.number({ error: "deliveryRequired" }).int().positive(),
  /** One of the customer's addresses; only for a type that needs one (ignored otherwise). */
  idClienteDomicilio: z.coerce
    .number({ error: "deliveryAddressRequired" })
    .int()
    .positive({ error: "deliveryAddressRequired" })
    .nullish(),
});

export const paymentMethodSchema = z.object({
  nFormaDePago: z.number().int(),
  cCodigo: z.string(),
  cNombre: z.string(),
  listaCuotas: z.array(z.number().int()),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponse = listOf(paymentMethodSchema);
export const selectPaymentMethodRequest = z.object({
  nFormaDePago: z.coerce.number({ error: "paymentMethodRequired" }).int().positive(),
});

/** POST Proceso/{id}/invalidar: the process's cancel key, as its view gave it to its owner. */
export const invalidateRequest = z.object({ cClaveInvalidar: plainText().min(1).max(200) });

/** POST Proceso/{id}/invalidar answers only this: it needs no login, so it shows no cart. */
export const invalidateResponse = z.object({
  idProcesoDeCompra: z.number().int(),
  cEstado: z.enum(processStates),
});

/** A retry with the same key never charges twice (also accepted as Idempotency-Key header). */
export const chargeRequest = z.object({
  cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
  nCuotas: z.coerce.number().int().min(1).max(24).default(1),
  oTarjeta: cardSchema,
  /**
   * Where the bank's 3-D Secure page sends the buyer back (the shop's
   * /bancard/finish3ds/{id}); without it a card that needs the challenge is declined.
   */
  cUrlRetorno: plainText({ trim: false })
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/, { error: "returnUrlInvalid" })
    .optional(),
});
export type ChargeRequest = z.infer<typeof chargeRequest>;

/** POST Proceso/{id}/PreValidacion: the charge's card and plan, checked without charging. */
export const preValidationRequest = chargeRequest.omit({ cClaveIdempotencia: true });

export const preValidationResponse = z.object({
  /** What the shop will be paid. */
  fMonto: z.number().int(),
  nCuotas: z.number().int(),
  /** What the buyer pays the bank over the installments (the amount plus interest). */
  fTotalCuotas: z.number().int(),
  cMarca: z.string(),
  cEmisor: z.string(),
  cUltimos4: z.string(),
  /** The bank will ask the cardholder to authenticate (3-D Secure) when charged. */
  lDesafio3DS: z.boolean(),
});
export type PreValidationResponse = z.infer<typeof preValidationResponse>;

/**
 * APROBADO: the order exists (idPedido). DESAFIO_3DS: send the buyer to cUrlDesafio, their
 * bank's page; it comes back to cUrlRetorno, then Bancard/Confirmar3DS. PENDIENTE: the bank
 * decides later; the process's oPago tells when it did.
 */
export const chargeResponse = z.object({
  idPedido: z.number().int().nullable(),
  /** CANCELADO: the buyer called the payment off (Cancelar3DS, Cobrar/Cancelar). */
  cEstado: z.enum(["APROBADO", "DESAFIO_3DS", "PENDIENTE", "CANCELADO"]),
  idProcesoDeCompra: z.number().int(),
  cUrlDesafio: z.string().nullable(),
});
export type ChargeResponse = z.infer<typeof chargeResponse>;

// ---------------------------------------------------------------- endpoints

const processParams = idParams;

export const takePlacesEndpoint = defineEndpoint({
  id: "takePlaces",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/Tomar",
  area: "purchase",
  summary:
    "Holds places: Proceso/0 starts a new CART process (30-minute clock) and gives back the " +
    "places of the caller's other open ones; Proceso/{id} adds to that open process. All or nothing.",
  access: "customer",
  errors: holdErrors,
  params: z.object({ id: idOrZeroPath }),
  body: takePlacesRequest,
  response: purchaseProcessSchema,
});

export const processEndpoint = defineEndpoint({
  id: "process",
  method: "GET",
  path: "/Proceso/{id}",
  area: "purchase",
  summary: "The caller's purchase process: held places, totals and clock.",
  access: "customer",
  errors: closedProcessErrors,
  params: processParams,
  response: purchaseProcessSchema,
});

export const releasePerformanceEndpoint = defineEndpoint({
  id: "releasePerformance",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/SoltarFuncion",
  area: "purchase",
  summary:
    "Gives back the places the process holds for one performance. A process left without " +
    "places ends: it answers CANCELLED.",
  access: "customer",
  errors: processChangeErrors,
  params: processParams,
  body: releasePerformanceRequest,
  response: purchaseProcessSchema,
});

export const extendEndpoint = defineEndpoint({
  id: "extend",
  method: "POST",
  path: "/Proceso/{id}/Extender",
  area: "purchase",
  summary:
    "Adds nMinutosExtension minutes to the running process's clock and to its holds, once per " +
    "process (a time limit the buyer can extend, WCAG 2.2.1). EXTENSION_REFUSED when taken " +
    "already or not offered; the process's own error when it has ended.",
  access: "customer",
  errors: [...closedProcessErrors, "EXTENSION_REFUSED"],
  params: processParams,
  response: purchaseProcessSchema,
});

export const invalidateEndpoint = defineEndpoint({
  id: "invalidate",
  method: "POST",
  path: "/Proceso/{id}/invalidar",
  area: "purchase",
  summary:
    "Cancels an abandoned process and frees its places. No login needed (spec §7: a closing " +
    "tab may send it), but the body must carry the process's cClaveInvalidar, which only its " +
    "owner is shown. An unknown id, a wrong key and a paid process all answer the same 404. " +
    "A process whose time ran out stays EXPIRED (§4), and the answer says so.",
  access: "public",
  errors: processChangeErrors,
  params: processParams,
  body: invalidateRequest,
  response: invalidateResponse,
});

export const deliveryTypesEndpoint = defineEndpoint({
  id: "deliveryTypes",
  method: "GET",
  path: "/Proceso/{id}/TiposDeEntrega",
  area: "purchase",
  summary:
    "Delivery types the process may take now, with their fees: home delivery only online and far enough before its earliest performance.",
  access: "customer",
  errors: closedProcessErrors,
  params: processParams,
  response: deliveryTypesResponse,
});

export const selectDeliveryEndpoint = defineEndpoint({
  id: "selectDelivery",
  method: "POST",
  path: "/Proceso/{id}/EntregaTipo/Seleccionar",
  area: "purchase",
  summary:
    "Chooses the delivery type of an open process; home delivery names one of the customer's addresses (idClienteDomicilio).",
  access: "customer",
  errors: [...processChangeErrors, "DELIVERY_NOT_OFFERED", "DELIVERY_ADDRESS_REQUIRED"],
  params: processParams,
  body: selectDeliveryRequest,
  response: purchaseProcessSchema,
});

export const paymentMethodsEndpoint = defineEndpoint({
  id: "paymentMethods",
  method: "GET",
  path: "/Proceso/{id}/FormasDePago",
  area: "purchase",
  summary: "Payment methods for the process, with the installments each allows.",
  access: "customer",
  errors: closedProcessErrors,
  params: processParams,
  response: paymentMethodsResponse,
});

export const selectPaymentMethodEndpoint = defineEndpoint({
  id: "selectPaymentMethod",
  method: "POST",
  path: "/Proceso/{id}/FormaDePago/Seleccionar",
  area: "purchase",
  summary: "Chooses the payment method of an open process.",
  access: "customer",
  errors: processChangeErrors,
  params: processParams,
  body: selectPaymentMethodRequest,
  response: purchaseProcessSchema,
});

export const preValidationEndpoint = defineEndpoint({
  id: "preValidation",
  method: "POST",
  path: "/Proceso/{id}/PreValidacion",
  area: "purchase",
  summary:
    "Checks, without charging, everything Cobrar would: the process can be paid, the card " +
    "is accepted and valid for the acquirer, its bank offers the installments. Answers the " +
    "amount, the plan's total and whether the bank will ask for 3-D Secure.",
  access: "customer",
  errors: chargeErrors,
  params: processParams,
  body: preValidationRequest,
  response: preValidationResponse,
});

export const chargeEndpoint = defineEndpoint({
  id: "charge",
  method: "POST",
  path: "/Proceso/{id}/Cobrar",
  area: "purchase",
  summary:
    "Charges the card and, when approved, sells the held places as one order. A repeated " +
    "idempotency key answers the first outcome and never charges twice.",
  access: "customer",
  errors: chargeErrors,
  params: processParams,
  body: chargeRequest,
  /** The key may come as this header instead; a key in the body wins. */
  bodyFromHeaders: { cClaveIdempotencia: apiHeaders.idempotencyKey },
  response: chargeResponse,
});
