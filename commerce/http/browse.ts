// Browsing handlers: the billboard's sections, venues, search, the shop and its products for
// a performance, and the support contact form (rate-limited per address and e-mail).
import { cachedCatalogRead } from "../catalog/card-cache.ts";
import { loadVenues } from "../catalog/queries.ts";
import { loadBillboardSections, missingFilterIds, searchShows } from "../catalog/search.ts";
import {
  loadProductCards,
  offeredProductViews,
  performanceExists,
  productsOfferedWith,
} from "../catalog/shop.ts";
import {
  type Billboard,
  billboardEndpoint,
  contactEndpoint,
  searchEndpoint,
  shopActiveForEndpoint,
  shopEndpoint,
  shopForEndpoint,
  venuesEndpoint,
} from "../contract/index.ts";
import { contactMessages } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { notFound } from "../errors.ts";
import { countAttempt } from "../limits/counters.ts";
import { implement } from "./register.ts";

/** The unfiltered listing is cached for its first pages only, so the keys stay few. */
const maxCachedListing = 25 * 60;

export function browseHandlers(deps: CommerceDeps) {
  return [
    // The billboard changes with availability: cached like the show cards, dropped on writes.
    implement(billboardEndpoint, async ({ language }) => {
      const now = deps.now();
      return cachedCatalogRead(deps, `billboard:${language}`, now, async (): Promise<Billboard> => {
        const [sections, venueList] = await Promise.all([
          loadBillboardSections(deps.db, { now, language }),
          loadVenues(deps.db, { language, includeShop: false }),
        ]);
        return {
          listaDestacados: sections.highlighted,
          listaCategorias: sections.categories,
          listaEstablecimientos: venueList,
        };
      });
    }),

    implement(venuesEndpoint, async ({ language }) => ({
      Lista: await loadVenues(deps.db, { language, includeShop: true }),
    })),

    implement(searchEndpoint, async ({ query: paging, body, language }) => {
      const filter = body ?? {};
      const missing = await missingFilterIds(deps.db, {
        venueId: filter.idEstablecimiento,
        typeIds: filter.aListaidTipoDeEspectaculo,
      });
      if (missing.venue || missing.types.length > 0) throw notFound();
      const now = deps.now();
      const search = () => searchShows(deps.db, filter, paging, { now, language });
      // The unfiltered listing is the billboard's results grid, read on every visit: cached
      // like the billboard (dropped on writes).
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
      return {
        Lista: page.cards,
        nTotal: page.total,
        nPagina: paging.pagina,
        nCantXPagina: paging.cantXpagina,
      };
    }),

    implement(shopEndpoint, async ({ query, language }) => {
      const venueId = query.idEstablecimiento;
      if (venueId !== undefined) {
        const { venue } = await missingFilterIds(deps.db, { venueId });
        if (venue) throw notFound();
      }
      return {
        Lista: await loadProductCards(deps.db, { now: deps.now(), language, venueId }),
      };
    }),

    implement(shopActiveForEndpoint, async ({ params }) => {
      if (!(await performanceExists(deps.db, params.id))) throw notFound();
      const offered = await productsOfferedWith(deps.db, [params.id], deps.now());
      return { lActiva: offered.some((product) => product.free > 0) };
    }),

    implement(shopForEndpoint, async ({ params, language }) => {
      if (!(await performanceExists(deps.db, params.id))) throw notFound();
      const now = deps.now();
      const inStock = (await productsOfferedWith(deps.db, [params.id], now)).filter(
        (product) => product.free > 0,
      );
      return { Lista: await offeredProductViews(deps.db, inStock, { now, language }) };
    }),

    implement(contactEndpoint, async ({ body: message, clientAddress }) => {
      await countAttempt(deps, "contact", { address: clientAddress, email: message.cEmail });
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
      return { idContacto: row.id };
    }),
  ];
}
