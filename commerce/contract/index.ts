// The /v2 API contract: request and response shapes shared by the commerce API (which
// validates with them) and the storefront's client (which parses responses with them).
// Names follow the spec (Spanish, prefixed: id, c text, n number, f amount, d date, l flag,
// o object, lista/a arrays). Dates travel as ISO-8601 strings.
import { z } from "zod";
import { expiryNotPast, luhnValid } from "./card-rules.ts";

// ---------------------------------------------------------------- envelope and errors

/** Every response: nCode 200 on success; >= 400 on errors (business errors keep HTTP 200). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ nCode: z.number().int(), cMensaje: z.string().optional(), oData: data.optional() });

export type Envelope<T> = { nCode: number; cMensaje?: string; oData?: T };

/**
 * Machine-readable reasons carried in `oData.cCodigo` on errors, so callers can react
 * (and translate) without parsing cMensaje. cMensaje is already translated by the API
 * following the request's Accept-Language.
 */
export const errorCodes = [
  "VALIDATION",
  "UNAUTHORIZED",
  "NOT_FOUND",
  "EMAIL_TAKEN",
  "BAD_CREDENTIALS",
  "NOT_ENOUGH_PLACES",
  "SEAT_TAKEN",
  "PROCESS_EXPIRED",
  "PROCESS_CANCELLED",
  "PROCESS_PAID",
  "PROCESS_EMPTY",
  "DELIVERY_REQUIRED",
  "PAYMENT_METHOD_REQUIRED",
  "PAYMENT_DECLINED",
  "PAYMENT_FAILED",
  "IDEMPOTENCY_CONFLICT",
  "PERFORMANCE_NOT_ON_SALE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorData = z.object({
  cCodigo: z.enum(errorCodes),
  /** Field errors on VALIDATION: field path → i18n keys of the messages (namespace "validation"). */
  oErrores: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorData = z.infer<typeof errorData>;

// ---------------------------------------------------------------- shared pieces

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export { PRODUCT_TYPE_ID } from "./constants.ts";

export const imageSchema = z.object({ cTipo: z.string(), cUri: z.string() });

export const functionDateSchema = z.object({
  dFecha: z.string(),
  oFuncionDiaDeLaSemana: z.number().int().min(0).max(6),
  nFuncionDia: z.number().int(),
  nFuncionMes: z.number().int(),
  nFuncionAnio: z.number().int(),
  nFuncionHora: z.number().int(),
  nFuncionMinuto: z.number().int(),
});

export const venueSchema = z.object({
  idEstablecimiento: z.number().int(),
  cSeo: z.string(),
  cNombre: z.string(),
  cDireccion: z.string(),
  cCiudad: z.string(),
  cZona: z.string(),
  cLatitud: z.string().nullable(),
  cLongitud: z.string().nullable(),
  cDescripcion: z.string(),
});
export type Venue = z.infer<typeof venueSchema>;

/** A show as a billboard card. */
export const showCardSchema = z.object({
  idEspectaculoCartel: z.number().int(),
  cSeo: z.string(),
  cEspectaculoCartelNombre: z.string(),
  cResumen: z.string(),
  idEspectaculoCartelTipo: z.number().int(),
  cEspectaculoCartelTipoNombre: z.string(),
  idEstablecimiento: z.number().int(),
  cEstablecimientoNombre: z.string(),
  listaImagenEspectaculoCartel: z.array(imageSchema),
  /** Lowest price of any sector of any on-sale performance; null when nothing is on sale. */
  fPrecioDesde: z.number().int().nullable(),
  dProximaFuncion: z.string().nullable(),
  nDestacado: z.number().int().nullable(),
  lAgotado: z.boolean(),
  /** Product out of stock (products only). */
  lSinStock: z.boolean(),
});
export type ShowCard = z.infer<typeof showCardSchema>;

export const listOf = <T extends z.ZodType>(item: T) => z.object({ Lista: z.array(item) });

// ---------------------------------------------------------------- catalog

export const showTypeSchema = z.object({
  idEspectaculoTipo: z.number().int(),
  cNombre: z.string(),
  nOrden: z.number().int(),
});
export type ShowType = z.infer<typeof showTypeSchema>;
export const showTypesResponse = listOf(showTypeSchema);
export const showCardsResponse = listOf(showCardSchema);

export const performanceSummarySchema = z.object({
  idFuncion: z.number().int(),
  oFuncionFecha: functionDateSchema,
  cEstado: z.enum(["ON_SALE", "CANCELLED"]),
  fPrecioDesde: z.number().int().nullable(),
  nDisponibles: z.number().int(),
  lAgotado: z.boolean(),
});
export type PerformanceSummary = z.infer<typeof performanceSummarySchema>;

export const showDetailSchema = showCardSchema.extend({
  cDescripcion: z.string(),
  nDuracionMinutos: z.number().int().nullable(),
  oEstablecimiento: venueSchema,
  listaFunciones: z.array(performanceSummarySchema),
});
export type ShowDetail = z.infer<typeof showDetailSchema>;

export const seatSchema = z.object({
  idPosicion: z.number().int(),
  cFila: z.string().nullable(),
  nNumero: z.number().int().nullable(),
  /** FREE, TAKEN (held by someone else or sold), MINE (held by the caller's process). */
  cEstado: z.enum(["FREE", "TAKEN", "MINE"]),
});
export type Seat = z.infer<typeof seatSchema>;

export const sectorSchema = z.object({
  idSector: z.number().int(),
  cNombre: z.string(),
  cTipo: z.enum(["GENERAL", "NUMBERED"]),
  fPrecio: z.number().int(),
  nCapacidad: z.number().int(),
  nDisponibles: z.number().int(),
  /** Only for NUMBERED sectors. */
  listaPosiciones: z.array(seatSchema).optional(),
});
export type Sector = z.infer<typeof sectorSchema>;

export const performanceDetailSchema = z.object({
  idFuncion: z.number().int(),
  oFuncionFecha: functionDateSchema,
  cEstado: z.enum(["ON_SALE", "CANCELLED"]),
  oEspectaculo: showCardSchema,
  oEstablecimiento: venueSchema,
  listaSectores: z.array(sectorSchema),
});
export type PerformanceDetail = z.infer<typeof performanceDetailSchema>;

// ---------------------------------------------------------------- customers

export const genders = ["FEMENINO", "MASCULINO", "OTRO", "NO_INFORMA"] as const;
export const documentTypes = [
  "DNI",
  "INE",
  "IFE",
  "PASAPORTE",
  "CUIT",
  "CUIL",
  "CI",
  "CI_EXTRANJERA",
  "NO_IDENTIFICADO",
  "CERTIFICADO_MIGRACION",
  "OTRO",
] as const;

/** Password rule (§5): at least 8 characters, one uppercase letter, one digit. */
export const passwordSchema = z
  .string({ error: "passwordRequired" })
  .min(8, { error: "passwordTooShort" })
  .max(200, { error: "passwordTooLong" })
  .regex(/[A-Z]/, { error: "passwordUppercase" })
  .regex(/[0-9]/, { error: "passwordDigit" });

export const emailSchema = z
  .string({ error: "emailRequired" })
  .trim()
  .min(1, { error: "emailRequired" })
  .max(254, { error: "emailInvalid" })
  .pipe(z.email({ error: "emailInvalid" }));

/** POST Cliente/Insertar body. Messages are i18n keys of the "validation" namespace. */
export const signUpRequest = z.object({
  cNombre: z
    .string({ error: "firstNameRequired" })
    .trim()
    .min(1, { error: "firstNameRequired" })
    .max(80, { error: "tooLong" }),
  cApellido: z
    .string({ error: "lastNameRequired" })
    .trim()
    .min(1, { error: "lastNameRequired" })
    .max(80, { error: "tooLong" }),
  cEmail: emailSchema,
  cClave: passwordSchema,
  cGenero: z.enum(genders, { error: "genderRequired" }),
  cTipoDocumento: z.enum(documentTypes, { error: "documentTypeRequired" }),
  cNumeroDocumento: z
    .string({ error: "documentRequired" })
    .trim()
    .min(1, { error: "documentRequired" })
    .regex(/^[0-9A-Za-z.-]+$/, { error: "documentInvalid" })
    .min(5, { error: "documentTooLow" })
    .max(20, { error: "documentTooHigh" }),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const loginRequest = z.object({
  cEmail: emailSchema,
  cClave: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }).max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUserSchema = z.object({
  token: z.string(),
  cNombre: z.string(),
  cEmail: z.string(),
  lAlias: z.boolean(),
  dLogin: z.string(),
  dExpira: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const customerInfoSchema = z.object({
  idCliente: z.number().int(),
  cNombre: z.string(),
  cApellido: z.string(),
  cEmail: z.string(),
  cGenero: z.enum(genders),
  cTipoDocumento: z.enum(documentTypes),
  cNumeroDocumento: z.string(),
  cAlias: z.string().nullable(),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

// ---------------------------------------------------------------- purchase process

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
  })
  .refine((b) => (b.listaSectores?.length ?? 0) + (b.listaPosiciones?.length ?? 0) > 0, {
    error: "quantityRequired",
    path: ["listaSectores"],
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
  fPrecio: z.number().int(),
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

export const purchaseProcessSchema = z.object({
  idProcesoDeCompra: z.number().int(),
  ctProcess: z.enum(["CART", "BOX"]),
  cEstado: z.enum(processStates),
  dDesde: z.string(),
  dMaxima: z.string(),
  nMinutos: z.number().int(),
  listaFuncion: z.array(processPerformanceSchema),
  oCantidadTotal: z.object({ nCantidadTotal: z.number().int() }),
  idEntregaTipo: z.number().int().nullable(),
  nFormaDePago: z.number().int().nullable(),
  fSubtotal: z.number().int(),
  fCargoEntrega: z.number().int(),
  fCargoServicio: z.number().int(),
  fTotal: z.number().int(),
  /** Set once paid. */
  idPedido: z.number().int().nullable(),
});
export type PurchaseProcess = z.infer<typeof purchaseProcessSchema>;

export const deliveryTypeSchema = z.object({
  idEntregaTipo: z.number().int(),
  cCodigo: z.string(),
  cNombre: z.string(),
  cDescripcion: z.string(),
  fPrecio: z.number().int(),
});
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;
export const deliveryTypesResponse = listOf(deliveryTypeSchema);
export const selectDeliveryRequest = z.object({
  idEntregaTipo: z.coerce.number({ error: "deliveryRequired" }).int().positive(),
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

const currentYear = () => new Date().getUTCFullYear();

/** Card fields (§5). Luhn and expiry-in-the-past are checked by the domain rules as well. */
const cardFields = z.object({
  cNumero: z
    .string({ error: "cardNumberRequired" })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, { error: "cardNumberRequired" })
        .regex(/^[0-9]{13,19}$/, { error: "cardNumberIncomplete" }),
    ),
  nMesVencimiento: z.coerce
    .number({ error: "expiryMonthRequired" })
    .int({ error: "expiryMonthRequired" })
    .min(1, { error: "expiryMonthRequired" })
    .max(12, { error: "expiryMonthRequired" }),
  nAnioVencimiento: z.coerce
    .number({ error: "expiryYearRequired" })
    .int({ error: "expiryYearRequired" })
    .min(2000, { error: "expiryYearRequired" })
    .max(2100, { error: "expiryYearRequired" })
    .transform((y) => y),
  cCodigoSeguridad: z
    .string({ error: "cvcRequired" })
    .trim()
    .regex(/^[0-9]{3,4}$/, { error: "cvcInvalid" }),
  cTitular: z
    .string({ error: "holderRequired" })
    .trim()
    .min(1, { error: "holderRequired" })
    .max(80, { error: "tooLong" }),
  cDocumento: z
    .string({ error: "documentRequired" })
    .trim()
    .min(1, { error: "documentRequired" })
    .max(20, { error: "documentTooHigh" }),
});
export const cardSchema = cardFields.superRefine(
  (card, ctx) => {
    // Only judge fields that passed their own checks, so each field shows one clear message.
    const failed = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
    if (!failed("cNumero") && !luhnValid(card.cNumero)) {
      ctx.addIssue({ code: "custom", path: ["cNumero"], message: "cardNumberInvalid" });
    }
    if (
      !failed("nMesVencimiento") &&
      !failed("nAnioVencimiento") &&
      !expiryNotPast(card.nMesVencimiento, card.nAnioVencimiento, new Date())
    ) {
      ctx.addIssue({ code: "custom", path: ["nMesVencimiento"], message: "expiryPast" });
    }
  },
  // Run even when other fields failed (by default it is skipped), never on a non-object.
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);
export type Card = z.infer<typeof cardSchema>;
export { currentYear };

export const chargeRequest = z.object({
  /** A retry with the same key never charges twice (also accepted as Idempotency-Key header). */
  cClaveIdempotencia: z.string().min(8).max(100),
  nCuotas: z.coerce.number().int().min(1).max(24).default(1),
  oTarjeta: cardSchema,
});
export type ChargeRequest = z.infer<typeof chargeRequest>;

export const chargeResponse = z.object({
  idPedido: z.number().int(),
  cEstado: z.literal("APROBADO"),
  idProcesoDeCompra: z.number().int(),
});

// ---------------------------------------------------------------- orders

export const orderTicketSchema = z.object({
  idTicket: z.number().int(),
  cCodigo: z.string(),
  cSectorNombre: z.string(),
  cFila: z.string().nullable(),
  nNumero: z.number().int().nullable(),
  fPrecio: z.number().int(),
});

export const orderPerformanceSchema = z.object({
  idFuncion: z.number().int(),
  oEspectaculo: showCardSchema,
  oFuncionFecha: functionDateSchema,
  cEstablecimientoNombre: z.string(),
  listaTickets: z.array(orderTicketSchema),
});

export const orderSchema = z.object({
  idPedido: z.number().int(),
  idProcesoDeCompra: z.number().int(),
  cEstado: z.string(),
  dFecha: z.string(),
  cEntrega: z.string(),
  fTotalTickets: z.number().int(),
  fCargoEntrega: z.number().int(),
  fCargoServicio: z.number().int(),
  fTotalPagado: z.number().int(),
  fPendiente: z.number().int(),
  nCuotas: z.number().int(),
  cUltimos4: z.string().nullable(),
  listaFunciones: z.array(orderPerformanceSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponse = listOf(orderSchema);
