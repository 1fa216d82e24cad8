// Pieces every area of the /v2 contract shares: the { nCode, cMensaje, oData } envelope,
// error codes, ids, and the show card that catalog, purchase and orders all embed.
// Names follow the spec (Spanish, prefixed: id, c text, n number, f amount, d date, l flag,
// o object, lista/a arrays). Dates travel as ISO-8601 strings.
import { z } from "zod";
import { plainText } from "./text.ts";

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
  "FORBIDDEN",
  "NOT_FOUND",
  "EMAIL_TAKEN",
  "BAD_CREDENTIALS",
  "NOT_ENOUGH_PLACES",
  "SEAT_TAKEN",
  "PROCESS_EXPIRED",
  "PROCESS_CANCELLED",
  "PROCESS_PAID",
  "PROCESS_EMPTY",
  "EXTENSION_REFUSED",
  "DELIVERY_REQUIRED",
  "DELIVERY_NOT_OFFERED",
  "DELIVERY_ADDRESS_REQUIRED",
  "PERFORMANCE_DATA_REQUIRED",
  "PAYMENT_METHOD_REQUIRED",
  "PAYMENT_DECLINED",
  "PAYMENT_FAILED",
  "CARD_VALIDATION_FAILED",
  "IDEMPOTENCY_CONFLICT",
  "PAYMENT_IN_PROGRESS",
  "PERFORMANCE_NOT_ON_SALE",
  "TOO_MANY_PLACES",
  "CONTACTS_LIMIT",
  "RECOVERY_CODE_INVALID",
  "CURRENT_PASSWORD_WRONG",
  "ADDITIONAL_DATA_REQUIRED",
  "PROMOTION_UNAVAILABLE",
  "PROMOTION_NOT_STARTED",
  "PROMOTION_ENDED",
  "PROMOTION_CODE_REQUIRED",
  "PROMOTION_CODE_WRONG",
  "PROMOTION_NOT_ELIGIBLE",
  "PROMOTION_QUOTA_EXHAUSTED",
  "PRODUCT_NOT_OFFERED",
  "ORDER_NOT_CANCELLABLE",
  "REFUND_FAILED",
  "BOOKING_CONDITIONS_NOT_ACCEPTED",
  "BOOKING_TOO_LATE",
  "QUEUE_TOKEN_INVALID",
  "QUEUE_PASS_REQUIRED",
  "METHOD_NOT_ALLOWED",
  "RATE_LIMITED",
  "INTERNAL",
  /** Starting (migrating), stopping, or the database cannot be reached: HTTP 503, try again. */
  "UNAVAILABLE",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorData = z.object({
  cCodigo: z.enum(errorCodes),
  /** Field errors on VALIDATION: field path → i18n keys of the messages (namespace "validation"). */
  oErrores: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorData = z.infer<typeof errorData>;

// ---------------------------------------------------------------- shared pieces

const maxId = 2_147_483_647;

/** An id in a body or query (numbers and numeric strings). */
export const idParam = z.coerce.number().int().positive().max(maxId);

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

/**
 * An id in a path: digits only (coercion alone would accept "1e3", " 7" or "0x1f"), then
 * 1 … 2^31-1. A wrong one is a 400 naming the param, never a 500.
 */
export const idPath = plainText({ trim: false })
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(maxId));

/** Proceso/0/… means "start a new process". */
export const idOrZeroPath = plainText({ trim: false })
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(0).max(maxId));

export const idParams = z.object({ id: idPath });
