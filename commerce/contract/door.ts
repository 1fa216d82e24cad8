// Contract of the door check (decision 0042): the published public key that verifies ticket
// codes offline, the performances a door may check, and the check itself (DOOR_STAFF only,
// FORBIDDEN for anyone else).
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { functionDateSchema, idParam, idParams } from "./shared.ts";
import { plainText } from "./text.ts";

/** An Ed25519 public key as the API publishes it (the tickets', the waiting room's). */
export const publishedSigningKey = z.object({
  /** The key's JWK thumbprint (RFC 7638). */
  cKid: z.string(),
  cAlgoritmo: z.literal("Ed25519"),
  oJwk: z.object({
    kty: z.literal("OKP"),
    crv: z.literal("Ed25519"),
    x: z.string(),
    kid: z.string(),
  }),
  /** The same key as SPKI PEM. */
  cPem: z.string(),
});

export const ticketKeyResponse = publishedSigningKey.extend({
  /** How a code reads: T<idTicket>.<idFuncion>.<signature>, signed over the part before it. */
  cFormatoCodigo: z.string(),
});

/** A performance a door may check, soonest first. */
export const doorPerformanceSchema = z.object({
  idFuncion: z.number().int(),
  cEspectaculo: z.string(),
  cEstablecimiento: z.string(),
  oFuncionFecha: functionDateSchema,
});
export type DoorPerformance = z.infer<typeof doorPerformanceSchema>;
export const doorPerformancesResponse = z.object({ Lista: z.array(doorPerformanceSchema) });

export const doorResults = [
  "ADMITTED",
  "ALREADY_USED",
  "INVALID",
  "CANCELLED",
  "WRONG_PERFORMANCE",
] as const;
export type DoorResult = (typeof doorResults)[number];

/** What the door shows of a ticket whose code is genuine. */
export const doorTicketSchema = z.object({
  idTicket: z.number().int(),
  idFuncion: z.number().int(),
  cEspectaculo: z.string(),
  cEstablecimiento: z.string(),
  /** Null for a shop product (no date). */
  oFuncionFecha: functionDateSchema.nullable(),
  cSector: z.string(),
  cFila: z.string().nullable(),
  nNumero: z.number().int().nullable(),
  /** The buyer's name (the walk-in buyer's at the box office). */
  cTitular: z.string().nullable(),
});
export type DoorTicket = z.infer<typeof doorTicketSchema>;

export const doorCheckRequest = z.object({
  /** As the scanner read it or the staff typed it; surrounding white space is ignored. */
  cCodigo: plainText({ error: "ticketCodeRequired" })
    .min(1, { error: "ticketCodeRequired" })
    .max(200, { error: "ticketCodeInvalid" }),
  /** The entrance being checked, as the staff names it ("North gate"). */
  cEntrada: plainText({ error: "entranceRequired" })
    .min(1, { error: "entranceRequired" })
    .max(60, { error: "tooLong" }),
  /** The performance this door admits to; another performance's ticket is refused. */
  idFuncion: idParam.optional(),
});
export type DoorCheckRequest = z.infer<typeof doorCheckRequest>;

export const doorCheckResponse = z.object({
  cResultado: z.enum(doorResults),
  /** Null only for INVALID (forged, altered, mistyped or unknown). */
  oTicket: doorTicketSchema.nullable(),
  /** ADMITTED: now; ALREADY_USED: when and at which entrance it was let in before. */
  dUso: z.string().nullable(),
  cEntrada: z.string().nullable(),
});
export type DoorCheck = z.infer<typeof doorCheckResponse>;

/**
 * The tickets of one performance that no longer admit anyone (their order was cancelled or
 * refunded), for scanners that check codes without network: a signature alone cannot say so.
 */
export const doorCancelledTicketsResponse = z.object({
  idFuncion: z.number().int(),
  /** When the list was read: a ticket cancelled later is refused only by the online check. */
  dGenerado: z.string(),
  /** Their ids (the idTicket of their codes), ascending. */
  Lista: z.array(z.number().int()),
});
export type DoorCancelledTickets = z.infer<typeof doorCancelledTicketsResponse>;

// ---------------------------------------------------------------- endpoints

export const ticketKeyEndpoint = defineEndpoint({
  id: "ticketKey",
  method: "GET",
  path: "/Acceso/ClavePublica",
  area: "door",
  summary:
    "The public key (Ed25519, as JWK and PEM) that verifies the ticket codes printed in the " +
    "e-tickets' QR codes, for scanners that check them without network.",
  access: "public",
  response: ticketKeyResponse,
});

export const doorPerformancesEndpoint = defineEndpoint({
  id: "doorPerformances",
  method: "GET",
  path: "/Acceso/Funciones",
  area: "door",
  summary:
    "The performances a door may check now: from 12 hours ago on, soonest first. " +
    "Door staff only (403).",
  access: "customer",
  response: doorPerformancesResponse,
});

export const doorCheckEndpoint = defineEndpoint({
  id: "doorCheck",
  method: "POST",
  path: "/Acceso/Validar",
  area: "door",
  summary:
    "Checks a ticket code at a door: verifies its signature, refuses a ticket of a cancelled " +
    "order or of another performance, and lets it in once (a second scan says when and at " +
    "which entrance it was used). Door staff only (403).",
  access: "customer",
  body: doorCheckRequest,
  response: doorCheckResponse,
});

export const doorCancelledTicketsEndpoint = defineEndpoint({
  id: "doorCancelledTickets",
  method: "GET",
  path: "/Acceso/Funcion/{id}/Anuladas",
  area: "door",
  summary:
    "The tickets of a performance whose order was cancelled or refunded, for scanners that " +
    "check codes without network: their ids, and when the list was read. An unknown " +
    "performance has none. Door staff only (403).",
  access: "customer",
  params: idParams,
  response: doorCancelledTicketsResponse,
});
