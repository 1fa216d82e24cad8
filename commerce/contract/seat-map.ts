// Contract of the seat map's reads (issue 9, spec §2 "seat map", "360 view"): the drawn hall
// (static, cached by its version), a sector's seats on it, a performance's places in a sector
// with their state, and availability as a compact snapshot or a delta since the caller's
// version. Geometry is in the hall's drawing units (x right, y down; the stage's focus is the
// point best-available seats are nearest to).
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { idParam, idParams, idPath } from "./shared.ts";
import { plainText } from "./text.ts";

const point = z.tuple([z.number(), z.number()]);

export const hallSectorSchema = z.object({
  idSectorSala: z.number().int(),
  cCodigo: z.string(),
  cNombre: z.string(),
  cTipo: z.enum(["GENERAL", "NUMBERED"]),
  aContorno: z.array(point),
  nEtiquetaX: z.number(),
  nEtiquetaY: z.number(),
  /** The 360° view from the sector, where there is one; cDescripcion is its text alternative. */
  oVista360: z.object({ cUri: z.string(), cDescripcion: z.string() }).nullable(),
});
export type HallSector = z.infer<typeof hallSectorSchema>;

export const hallSchema = z.object({
  idSala: z.number().int(),
  /** Changes whenever the drawing does: a cached copy with the same version is current. */
  nVersion: z.number().int(),
  nAncho: z.number().int(),
  nAlto: z.number().int(),
  oEscenario: z.object({ aContorno: z.array(point), aFoco: point, cNombre: z.string() }),
  listaSectores: z.array(hallSectorSchema),
});
export type Hall = z.infer<typeof hallSchema>;

export const hallSeatSchema = z.object({
  idButaca: z.number().int(),
  cFila: z.string(),
  nNumero: z.number().int(),
  /** Row order from the stage (0 nearest) and seat order along the row (left to right). */
  nFila: z.number().int(),
  nOrden: z.number().int(),
  /** Seats of one block (between aisles) with consecutive nOrden are side by side. */
  nBloque: z.number().int(),
  x: z.number(),
  y: z.number(),
  cTipo: z.enum(["SEAT", "WHEELCHAIR", "COMPANION"]),
  /** A companion seat's wheelchair place. */
  idAcompananteDe: z.number().int().nullable(),
  lVisionReducida: z.boolean(),
});
export type HallSeat = z.infer<typeof hallSeatSchema>;

export const hallSectorSeatsSchema = z.object({
  idSectorSala: z.number().int(),
  nVersion: z.number().int(),
  listaButacas: z.array(hallSeatSchema),
});
export type HallSectorSeats = z.infer<typeof hallSectorSeatsSchema>;

export const sectorPlaceSchema = z.object({
  idPosicion: z.number().int(),
  /** Its seat on the plan (null when the hall is not drawn). */
  idButaca: z.number().int().nullable(),
  cFila: z.string().nullable(),
  nNumero: z.number().int().nullable(),
  /** FREE, TAKEN (held by someone else or sold), MINE (held by the caller's process). */
  cEstado: z.enum(["FREE", "TAKEN", "MINE"]),
});
export type SectorPlace = z.infer<typeof sectorPlaceSchema>;

export const sectorPlacesSchema = z.object({
  idFuncion: z.number().int(),
  idSector: z.number().int(),
  /** The availability version these states are from (see Disponibilidad). */
  cVersion: z.string(),
  listaPosiciones: z.array(sectorPlaceSchema),
});
export type SectorPlaces = z.infer<typeof sectorPlacesSchema>;

export const availabilityQuery = z.object({
  /** The sector whose seats to report; without it only the counts come back. */
  idSector: idParam.optional(),
  /** The version the caller has: an unchanged state answers lSinCambios, a known one a delta. */
  cVersion: plainText({ trim: false }).max(64).optional(),
});

export const availabilitySchema = z.object({
  cVersion: z.string(),
  /** True when the caller's version is current: nothing else changed. */
  lSinCambios: z.boolean(),
  /** Every sector's free places (the overview's colours). */
  listaSectores: z.array(z.object({ idSector: z.number().int(), nDisponibles: z.number().int() })),
  oSector: z
    .object({
      idSector: z.number().int(),
      /**
       * Full state: one bit per place of the sector in idPosicion order, 1 = taken, as
       * base64url (see availability-bits.ts). Absent when a delta is sent.
       */
      cOcupadas: z.string().optional(),
      /** Delta since the caller's version: [idPosicion, 1 taken | 0 free]. */
      listaCambios: z
        .array(z.tuple([z.number().int(), z.union([z.literal(0), z.literal(1)])]))
        .optional(),
    })
    .optional(),
  /** The caller's held places in this performance. */
  listaMias: z.array(z.number().int()),
});
export type Availability = z.infer<typeof availabilitySchema>;

// ---------------------------------------------------------------- endpoints

export const hallEndpoint = defineEndpoint({
  id: "hall",
  method: "GET",
  path: "/Sala/{id}",
  area: "catalog",
  summary: "A venue's drawn hall: size, stage, sectors' outlines and 360° views.",
  access: "public",
  params: idParams,
  response: hallSchema,
});

export const hallSectorSeatsEndpoint = defineEndpoint({
  id: "hallSectorSeats",
  method: "GET",
  path: "/Sala/Sector/{id}/Butacas",
  area: "catalog",
  summary: "Every seat of a drawn sector: labels, place on the plan, aisles, wheelchair places.",
  access: "public",
  params: idParams,
  response: hallSectorSeatsSchema,
});

export const sectorPlacesEndpoint = defineEndpoint({
  id: "sectorPlaces",
  method: "GET",
  path: "/Funcion/{id}/Sector/{idSector}/Posiciones",
  area: "catalog",
  summary: "A performance's places in one sector with their state (the caller's as MINE).",
  access: "viewer",
  params: z.object({ id: idPath, idSector: idPath }),
  response: sectorPlacesSchema,
});

export const availabilityEndpoint = defineEndpoint({
  id: "availability",
  method: "GET",
  path: "/Funcion/{id}/Disponibilidad",
  area: "catalog",
  summary:
    "Free places per sector and, for one sector, its taken places as a bitset or as the " +
    "changes since the caller's version. Answered from a cache dropped on every hold and release.",
  access: "viewer",
  params: idParams,
  query: availabilityQuery,
  response: availabilitySchema,
});
