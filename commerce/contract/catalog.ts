// Contract of the catalog calls (spec §7 "Shows and venues", "Functions"): show types, show
// cards, a show's landing, a performance with its sectors and seats, and show posters.
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { functionDateSchema, idParams, listOf, showCardSchema, venueSchema } from "./shared.ts";
import { plainText } from "./text.ts";

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

export const sectorSchema = z.object({
  idSector: z.number().int(),
  cNombre: z.string(),
  cTipo: z.enum(["GENERAL", "NUMBERED"]),
  fPrecio: z.number().int(),
  nCapacidad: z.number().int(),
  nDisponibles: z.number().int(),
  /** Where the sector is drawn on the hall's plan (GET Sala/{idSala}); null when it is not. */
  idSectorSala: z.number().int().nullable(),
});
export type Sector = z.infer<typeof sectorSchema>;

export const performanceDetailSchema = z.object({
  idFuncion: z.number().int(),
  oFuncionFecha: functionDateSchema,
  cEstado: z.enum(["ON_SALE", "CANCELLED"]),
  oEspectaculo: showCardSchema,
  oEstablecimiento: venueSchema,
  /** The venue's drawn hall (GET Sala/{id}); null when the venue has none. */
  idSala: z.number().int().nullable(),
  listaSectores: z.array(sectorSchema),
});
export type PerformanceDetail = z.infer<typeof performanceDetailSchema>;

// ---------------------------------------------------------------- endpoints

export const showTypesEndpoint = defineEndpoint({
  id: "showTypes",
  method: "GET",
  path: "/EspectaculoCartelTipos",
  area: "catalog",
  summary: "Show types (categories) by nOrden; the header's shortcuts.",
  access: "public",
  response: showTypesResponse,
});

export const showCardsEndpoint = defineEndpoint({
  id: "showCards",
  method: "GET",
  path: "/EspectaculosCartel",
  area: "catalog",
  summary: "Every show as a billboard card, by next performance then title.",
  access: "public",
  response: showCardsResponse,
});

export const showEndpoint = defineEndpoint({
  id: "show",
  method: "GET",
  path: "/EspectaculoCartel/{idOrSeo}",
  area: "catalog",
  summary: "A show's landing by numeric id or by seo, with its upcoming performances.",
  access: "public",
  params: z.object({ idOrSeo: plainText({ trim: false }) }),
  response: showDetailSchema,
});

export const performanceEndpoint = defineEndpoint({
  id: "performance",
  method: "GET",
  path: "/Funcion/{id}",
  area: "catalog",
  summary:
    "A performance with its sectors and their availability. Seats and their states are per sector: Funcion/{id}/Sector/{idSector}/Posiciones.",
  access: "public",
  params: idParams,
  response: performanceDetailSchema,
});

export const posterEndpoint = defineEndpoint({
  id: "poster",
  method: "GET",
  path: "/Imagenes/{file}",
  area: "catalog",
  summary:
    "The generated poster of a show, by its seo (<seo>.svg), or a hall sector's 360° view (vista-<venue>-<sector>.svg).",
  access: "public",
  params: z.object({ file: plainText({ trim: false }) }),
  response: { file: "image/svg+xml" },
});
