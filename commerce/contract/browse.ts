// Contract of the catalog-browsing calls (spec §7 "Shows and venues", shop, contact):
// the billboard's sections, search with combinable filters and paging, venues, shop
// products and the support contact form.
import { z } from "zod";
import { maxPageSize, minSearchLength, pageSize } from "./constants.ts";
import { emailSchema } from "./customers.ts";
import { defineEndpoint } from "./endpoint.ts";
import { idParam, idParams, listOf, showCardSchema, venueSchema } from "./shared.ts";
import { plainText } from "./text.ts";

export { maxPageSize, minSearchLength, pageSize };

export const pagingQuery = z.object({
  cantXpagina: z.coerce
    .number({ error: "pageSizeInvalid" })
    .int({ error: "pageSizeInvalid" })
    .min(1, { error: "pageSizeInvalid" })
    .max(maxPageSize, { error: "pageSizeInvalid" })
    .default(pageSize),
  pagina: z.coerce
    .number({ error: "pageInvalid" })
    .int({ error: "pageInvalid" })
    .min(1, { error: "pageInvalid" })
    .max(100_000, { error: "pageInvalid" })
    .default(1),
});
export type PagingQuery = z.infer<typeof pagingQuery>;

/** Whether YYYY-MM-DD names a real day (2031-02-30 does not). */
export function isCalendarDate(isoDate: string): boolean {
  const [year, month, day] = isoDate.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const isoDate = plainText({ error: "dateInvalid", trim: false })
  .pipe(z.iso.date({ error: "dateInvalid" }))
  .refine(isCalendarDate, { error: "dateInvalid" });

/** POST EspectaculosCartel/Buscar body: every filter is optional and they combine (AND). */
export const searchFilter = z
  .object({
    cBuscar: plainText({ error: "searchTooShort" })
      .min(minSearchLength, { error: "searchTooShort" })
      .max(100, { error: "searchTooLong" })
      .optional(),
    idEstablecimiento: idParam.optional(),
    /** Dates of performances, inclusive, in the city's calendar (YYYY-MM-DD). */
    dDesde: isoDate.meta({ examples: ["2031-03-01"] }).optional(),
    dHasta: isoDate
      .meta({ description: "Not before dDesde.", examples: ["2031-03-31"] })
      .optional(),
    aListaidTipoDeEspectaculo: z.array(idParam).max(50).optional(),
    /** Venue zone (barrio). */
    cZona: plainText().min(1).max(80).optional(),
  })
  .refine((f) => !f.dDesde || !f.dHasta || f.dDesde <= f.dHasta, {
    error: "dateRangeInvalid",
    path: ["dHasta"],
  });
export type SearchFilter = z.infer<typeof searchFilter>;

export const pagedShowsSchema = z.object({
  Lista: z.array(showCardSchema),
  nTotal: z.number().int(),
  nPagina: z.number().int(),
  nCantXPagina: z.number().int(),
});
export type PagedShows = z.infer<typeof pagedShowsSchema>;

/** GET Cartelera: what the billboard shows above its results grid. */
export const billboardSchema = z.object({
  /** The highlighted shows (§9: 3). */
  listaDestacados: z.array(showCardSchema),
  /** Categories by nOrden, each with its first shows. */
  listaCategorias: z.array(
    z.object({
      idEspectaculoTipo: z.number().int(),
      cNombre: z.string(),
      nOrden: z.number().int(),
      nCantidad: z.number().int(),
      listaEspectaculos: z.array(showCardSchema),
    }),
  ),
  listaEstablecimientos: z.array(venueSchema),
});
export type Billboard = z.infer<typeof billboardSchema>;

export const venuesResponse = listOf(venueSchema);

/** GET Tienda (optionally ?idEstablecimiento=): shop products. */
export const shopQuery = z.object({ idEstablecimiento: idParam.optional() });
export const shopResponse = listOf(showCardSchema);

/** A product offered with a performance: its card, where its stock is held, what is left. */
export const offeredProductSchema = showCardSchema.extend({
  /** The product's own open-ended performance and its one sector (its stock). */
  idFuncion: z.number().int(),
  idSector: z.number().int(),
  fPrecio: z.number().int(),
  nDisponible: z.number().int(),
});
export type OfferedProduct = z.infer<typeof offeredProductSchema>;
export const offeredProductsResponse = listOf(offeredProductSchema);

/** GET Tienda/ActivaParaFuncion/{idFuncion}: whether products are offered with it. */
export const shopActiveSchema = z.object({ lActiva: z.boolean() });

export const contactTypes = ["SOPORTE", "CONSULTA", "RECLAMO"] as const;

/** POST Contacto: the support contact form. Messages are "validation" i18n keys. */
export const contactRequest = z.object({
  cTipo: z.enum(contactTypes, { error: "contactTypeRequired" }),
  cNombre: plainText({ error: "nameRequired" })
    .min(1, { error: "nameRequired" })
    .max(120, { error: "tooLong" }),
  cEmail: emailSchema,
  cAsunto: plainText().max(150, { error: "tooLong" }).optional(),
  cMensaje: plainText({ error: "messageRequired", multiline: true })
    .min(10, { error: "messageTooShort" })
    .max(4000, { error: "tooLong" }),
});
export type ContactRequest = z.infer<typeof contactRequest>;
export const contactResponse = z.object({ idContacto: z.number().int() });

// ---------------------------------------------------------------- endpoints

export const billboardEndpoint = defineEndpoint({
  id: "billboard",
  method: "GET",
  path: "/Cartelera",
  area: "browse",
  summary:
    "The billboard above its results: 3 highlighted shows, categories with their first shows, venues.",
  access: "public",
  response: billboardSchema,
});

export const venuesEndpoint = defineEndpoint({
  id: "venues",
  method: "GET",
  path: "/Establecimientos",
  area: "browse",
  summary: "Every venue, the shop included, by name.",
  access: "public",
  response: venuesResponse,
});

export const searchEndpoint = defineEndpoint({
  id: "search",
  method: "POST",
  path: "/EspectaculosCartel/Buscar",
  area: "browse",
  summary:
    "Shows matching every given filter (term, venue, dates, categories, zone), by next " +
    "performance then title, one page at a time. An empty body lists everything.",
  access: "public",
  query: pagingQuery,
  body: searchFilter.optional(),
  response: pagedShowsSchema,
});

export const shopEndpoint = defineEndpoint({
  id: "shop",
  method: "GET",
  path: "/Tienda",
  area: "browse",
  summary: "The shop's products as cards (of one venue with ?idEstablecimiento=).",
  access: "public",
  query: shopQuery,
  response: shopResponse,
});

export const shopActiveForEndpoint = defineEndpoint({
  id: "shopActiveFor",
  method: "GET",
  path: "/Tienda/ActivaParaFuncion/{id}",
  area: "browse",
  summary: "Whether products are offered with a performance.",
  access: "public",
  params: idParams,
  response: shopActiveSchema,
});

export const shopForEndpoint = defineEndpoint({
  id: "shopFor",
  method: "GET",
  path: "/Tienda/ParaFuncion/{id}",
  area: "browse",
  summary:
    "The products in stock offered with a performance (programme, parking, merchandise), " +
    "each with the performance and sector its stock is held through.",
  access: "public",
  params: idParams,
  response: offeredProductsResponse,
});

export const contactEndpoint = defineEndpoint({
  id: "contact",
  method: "POST",
  path: "/Contacto",
  area: "browse",
  summary: "Sends a message of the support contact form.",
  access: "public",
  body: contactRequest,
  response: contactResponse,
});
