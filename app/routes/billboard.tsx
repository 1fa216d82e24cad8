// `/` (cartelera): highlighted shows, shows by category, venues, and the results grid with
// "load more" (12 at a time). ?pagina=N renders the first N pages (visitors without
// JavaScript load more this way; with JavaScript a fetcher appends in place).
import { endpoints } from "@contract";
import { data, Link } from "react-router";
import { LoadMoreResults, maxCumulativePages } from "~/components/browse/load-more-results";
import { ShowGrid } from "~/components/browse/show-grid";
import { brand } from "~/config/brand.server";
import { categorySearchPath, venuePath } from "~/lib/browse-paths";
import { highlightsOf } from "~/lib/highlights";
import { useTranslation } from "~/lib/i18n";
import { sharedWithAnonymousVisitors } from "~/lib/page-cache";
import { seoMeta } from "~/lib/seo";
import { firstPages } from "~/services/catalog.server";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/billboard";

/** ?pagina: absent → 1; 1…25 as asked; more is capped; anything else is a bad request. */
function cumulativePagesOf(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  if (!/^[0-9]{1,6}$/.test(raw)) return null;
  const pages = Number(raw);
  if (pages < 1) return null;
  return Math.min(pages, maxCumulativePages);
}

export async function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  const api = getRequestContext(args).commerce;
  const asked = cumulativePagesOf(new URL(args.request.url).searchParams.get("pagina"));
  const pages = asked ?? 1;
  const [billboard, results] = await Promise.all([
    api.call(endpoints.billboard),
    firstPages(api, {}, pages),
  ]);
  const shows = orThrow(billboard);
  const seo = seoFor(args, {
    title: t("browse:meta.billboard.title"),
    description: t("browse:meta.billboard.description"),
    path: "/",
  });
  return data(
    {
      billboard: {
        ...shows,
        listaDestacados: highlightsOf(shows.listaDestacados, brand.highlightedShows),
      },
      results: orThrow(results),
      pages,
      pageError: asked === null ? t("validation:pageInvalid") : null,
      seo,
    },
    { status: asked === null ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Nothing on it is personal but the header, which the shared copies fill in (0055, 0058). */
export const headers: Route.HeadersFunction = () => sharedWithAnonymousVisitors;

export default function Billboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { billboard, results, pages, pageError } = loaderData;
  const categories = billboard.listaCategorias.filter(
    (category) => category.listaEspectaculos.length > 0,
  );
  return (
    <div className="flex flex-col gap-10">
      <h1 className="mb-0">{t("browse:billboard.heading")}</h1>

      {billboard.listaDestacados.length > 0 ? (
        <section aria-labelledby="highlights-heading">
          <h2 id="highlights-heading">{t("browse:billboard.highlights")}</h2>
          <ShowGrid
            shows={billboard.listaDestacados}
            eager={billboard.listaDestacados.length}
            className="show-grid-highlights"
            variant="feature"
          />
        </section>
      ) : null}

      {categories.length > 0 ? (
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading">{t("browse:billboard.byCategory")}</h2>
          <div className="flex flex-col gap-8">
            {categories.map((category) => {
              const headingId = `category-${category.idEspectaculoTipo}`;
              return (
                <section key={category.idEspectaculoTipo} aria-labelledby={headingId}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 mb-3">
                    <h3 id={headingId} className="text-lg font-semibold mb-0">
                      {category.cNombre}
                    </h3>
                    <Link to={categorySearchPath(category.idEspectaculoTipo)}>
                      {t("browse:billboard.seeCategory", {
                        count: category.nCantidad,
                        category: category.cNombre,
                      })}
                    </Link>
                  </div>
                  <ShowGrid
                    shows={category.listaEspectaculos}
                    headingLevel={4}
                    className="show-row"
                  />
                </section>
              );
            })}
          </div>
        </section>
      ) : null}

      {billboard.listaEstablecimientos.length > 0 ? (
        <section aria-labelledby="venues-heading">
          <h2 id="venues-heading">{t("browse:billboard.venues")}</h2>
          <ul className="venue-list">
            {billboard.listaEstablecimientos.map((venue) => (
              <li key={venue.idEstablecimiento}>
                <Link to={venuePath(venue)} className="venue-link">
                  <span className="font-semibold">{venue.cNombre}</span>
                  <span className="text-sm text-stone-600">{venue.cZona}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="results-heading">
        <h2 id="results-heading">{t("browse:billboard.results")}</h2>
        {pageError ? (
          <p role="alert" className="form-error">
            {pageError}
          </p>
        ) : null}
        <LoadMoreResults
          // A new server render (another language, ?pagina) starts the list afresh.
          key={`${i18n.language}:${pages}`}
          shows={results.shows}
          total={results.total}
          pages={pages}
          headingId="results-heading"
        />
      </section>
    </div>
  );
}
