// Catalog-browsing routes (contract/browse.ts): the billboard's sections, search with
// combinable filters and paging, venues, the shop and its products for a performance, and
// the support contact form.
import { Hono } from "hono";
import type { z } from "zod";
import { cachedCatalogRead } from "../catalog/card-cache.ts";
import { loadVenues } from "../catalog/queries.ts";
import {
  isCalendarDate,
  loadBillboardSections,
  missingFilterIds,
  searchShows,
} from "../catalog/search.ts";
import {
  inStockProductIds,
  loadInStockProductCards,
  loadProductCards,
  performanceExists,
} from "../catalog/shop.ts";
import {
  type Billboard,
  contactRequest,
  type PagedShows,
  pagingQuery,
  searchFilter,
  shopQuery,
} from "../contract/browse.ts";
import { contactMessages } from "../db/schema.ts";
import { pathId } from "./params.ts";
import {
  ApiError,
  type CommerceContext,
  type CommerceDeps,
  type CommerceEnv,
  fieldErrorsOf,
  notFound,
  ok,
  readBody,
} from "./support.ts";

const malformed = () => new ApiError("VALIDATION", 400, 400, { _: ["malformedBody"] });

/** The contract's filter, also refusing days that do not exist (2031-02-30). */
const searchBody = searchFilter.superRefine((filter, ctx) => {
  for (const field of ["dDesde", "dHasta"] as const) {
    const value = filter[field];
    // Values off the pattern are already reported by the contract.
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !isCalendarDate(value)) {
      ctx.addIssue({ code: "custom", path: [field], message: "dateInvalid" });
    }
  }
});

/** A JSON body where an empty one means "no filters". */
async function optionalJson(c: CommerceContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw malformed();
  }
}

/** Validates query and body together, so one answer lists every wrong field. */
function validateBoth<Q extends z.ZodType, B extends z.ZodType>(
  query: [Q, unknown],
  body: [B, unknown],
): [z.output<Q>, z.output<B>] {
  const q = query[0].safeParse(query[1]);
  const b = body[0].safeParse(body[1]);
  if (q.success && b.success) return [q.data, b.data];
  const errors: Record<string, string[]> = {};
  for (const result of [q, b]) {
    if (result.success) continue;
    for (const [field, keys] of Object.entries(fieldErrorsOf(result.error))) {
      // One pattern can fail several checks with the same message: say it once.
      errors[field] = [...new Set([...(errors[field] ?? []), ...keys])];
    }
  }
  throw new ApiError("VALIDATION", 400, 400, errors);
}

export function browseRoutes(deps: CommerceDeps) {
  const app = new Hono<CommerceEnv>();

  // The billboard changes with availability: cached like the show cards, dropped on writes.
  app.get("/Cartelera", async (c) => {
    const now = deps.now();
    const language = c.get("language");
    const billboard = await cachedCatalogRead(
      deps,
      `billboard:${language}`,
      now,
      async (): Promise<Billboard> => {
        const [sections, venueList] = await Promise.all([
          loadBillboardSections(deps.db, { now, language }),
          loadVenues(deps.db, { language, includeShop: false }),
        ]);
        return {
          listaDestacados: sections.highlighted,
          listaCategorias: sections.categories,
          listaEstablecimientos: venueList,
        };
      },
    );
    return ok(c, billboard);
  });

  app.get("/Establecimientos", async (c) => {
    const list = await loadVenues(deps.db, { language: c.get("language"), includeShop: true });
    return ok(c, { Lista: list });
  });

  app.get("/Tienda", async (c) => {
    const parsed = shopQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError("VALIDATION", 400, 400, fieldErrorsOf(parsed.error));
    const venueId = parsed.data.idEstablecimiento;
    if (venueId !== undefined) {
      const { venue } = await missingFilterIds(deps.db, { venueId });
      if (venue) throw notFound();
    }
    const cards = await loadProductCards(deps.db, {
      now: deps.now(),
      language: c.get("language"),
      venueId,
    });
    return ok(c, { Lista: cards });
  });

  app.get("/Tienda/ActivaParaFuncion/:id", async (c) => {
    const id = pathId(c);
    if (!(await performanceExists(deps.db, id))) throw notFound();
    const inStock = await inStockProductIds(deps.db, deps.now(), 1);
    return ok(c, { lActiva: inStock.length > 0 });
  });

  // Every product in stock is offered with any performance for now.
  app.get("/Tienda/ParaFuncion/:id", async (c) => {
    const id = pathId(c);
    if (!(await performanceExists(deps.db, id))) throw notFound();
    const cards = await loadInStockProductCards(deps.db, {
      now: deps.now(),
      language: c.get("language"),
    });
    return ok(c, { Lista: cards });
  });

  const maxCachedListing = 25 * 60;

  app.post("/EspectaculosCartel/Buscar", async (c) => {
    const [paging, filter] = validateBoth(
      [pagingQuery, c.req.query()],
      [searchBody, await optionalJson(c)],
    );
    const missing = await missingFilterIds(deps.db, {
      venueId: filter.idEstablecimiento,
      typeIds: filter.aListaidTipoDeEspectaculo,
    });
    if (missing.venue || missing.types.length > 0) throw notFound();
    const now = deps.now();
    const language = c.get("language");
    const search = () => searchShows(deps.db, filter, paging, { now, language });
    // The unfiltered listing is the billboard's results grid, read on every visit: cached
    // like the billboard (dropped on writes). Only its first pages, so the keys stay few.
    const isBillboardListing =
      Object.values(filter).every((value) => value === undefined) &&
      paging.pagina * paging.cantXpagina <= maxCachedListing;
    const page = isBillboardListing
      ? await cachedCatalogRead(
          deps,
          `listing:${language}:${paging.pagina}:${paging.cantXpagina}`,
          now,
          search,
        )
      : await search();
    const data: PagedShows = {
      Lista: page.cards,
      nTotal: page.total,
      nPagina: paging.pagina,
      nCantXPagina: paging.cantXpagina,
    };
    return ok(c, data);
  });

  app.post("/Contacto", async (c) => {
    const message = await readBody(c, contactRequest);
    const [row] = await deps.db
      .insert(contactMessages)
      .values({
        messageType: message.cTipo,
        name: message.cNombre,
        email: message.cEmail,
        subject: message.cAsunto || null,
        body: message.cMensaje,
        createdAt: deps.now(),
      })
      .returning({ id: contactMessages.id });
    return ok(c, { idContacto: row.id });
  });

  return app;
}
