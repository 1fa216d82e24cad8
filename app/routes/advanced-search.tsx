// /AdvancedSearch (advancedsearch): search by term (cBuscar), venue, dates, categories
// (aListaidTipoDeEspectaculo, repeated) and zone; the filters combine and results come 12 a
// page. A bad field (a term under 3 characters, an impossible date…) is explained next to it
// and the page answers 400; nothing is searched until the form is right.
import { endpoints } from "@contract";
import { pageSize } from "@contract/constants.ts";
import { useEffect, useRef } from "react";
import { data, useLocation } from "react-router";
import { Pager } from "~/components/browse/pager";
import { SearchForm } from "~/components/browse/search-form";
import { ShowGrid } from "~/components/browse/show-grid";
import { useBrand } from "~/config/brand";
import { useTranslation } from "~/lib/i18n";
import {
  hasFilters,
  pageCount,
  parseSearchParams,
  type SearchErrors,
  searchFields,
  searchQuery,
} from "~/lib/search-query";
import { seoMeta } from "~/lib/seo";
import { searchPage, venues } from "~/services/catalog.server";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/advanced-search";

export async function loader(args: Route.LoaderArgs) {
  const t = getT(args.context);
  const url = new URL(args.request.url);
  const search = parseSearchParams(url.searchParams);
  const api = getRequestContext(args).commerce;
  const [venueList, types, found] = await Promise.all([
    venues(api),
    api.call(endpoints.showTypes),
    search.filter ? searchPage(api, search.filter, search.page, pageSize) : null,
  ]);
  const venueOptions = orThrow(venueList).Lista;
  const typeOptions = orThrow(types).Lista.toSorted((a, b) => a.nOrden - b.nOrden);
  let errors: SearchErrors = search.errors;
  // The API checks the same contract; should it still refuse a field, show it the same way.
  if (found && !found.ok && found.code === "VALIDATION") {
    errors = { ...errors };
    for (const [field, keys] of Object.entries(found.fieldErrors ?? {})) {
      const name = field.split(".")[0] as keyof SearchErrors;
      errors[name] = [...(errors[name] ?? []), ...keys];
    }
    if (Object.keys(errors).length === 0) errors.cBuscar = ["invalid"];
  }
  // An unknown venue or category id (an edited URL) is a bad field, not a missing page.
  if (found && !found.ok && found.code === "NOT_FOUND" && search.filter) {
    const venueId = search.filter.idEstablecimiento;
    const typeIds = search.filter.aListaidTipoDeEspectaculo ?? [];
    errors = { ...errors };
    if (venueId !== undefined && !venueOptions.some((v) => v.idEstablecimiento === venueId)) {
      errors.idEstablecimiento = ["invalid"];
    }
    if (typeIds.some((id) => !typeOptions.some((type) => type.idEspectaculoTipo === id))) {
      errors.aListaidTipoDeEspectaculo = ["invalid"];
    }
    if (!errors.idEstablecimiento && !errors.aListaidTipoDeEspectaculo) orThrow(found);
  }
  const results =
    found && (found.ok || (found.code !== "VALIDATION" && found.code !== "NOT_FOUND"))
      ? orThrow(found)
      : null;
  const zones = [...new Set(venueOptions.map((v) => v.cZona).filter(Boolean))].sort((a, b) =>
    a.localeCompare(b, "es"),
  );
  const term = search.values.cBuscar.trim();
  const seo = seoFor(args, {
    title:
      term && !errors.cBuscar
        ? t("browse:meta.search.titleWithTerm", { term })
        : t("browse:meta.search.title"),
    description: t("browse:meta.search.description"),
    keepParams: [...searchFields, "pagina"],
    // Result lists for typed words or dates are endless variations: keep them out of indexes.
    noindex:
      Boolean(term || search.values.dDesde || search.values.dHasta) ||
      Object.keys(errors).length > 0,
  });
  const invalid = Object.keys(errors).length > 0;
  return data(
    {
      values: search.values,
      page: search.page,
      errors,
      results: results ? { shows: results.Lista, total: results.nTotal } : null,
      venues: venueOptions,
      zones,
      types: typeOptions,
      seo,
    },
    { status: invalid ? 400 : 200 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function AdvancedSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values, page, errors, results, venues, zones, types } = loaderData;
  const location = useLocation();
  const filters = useBrand().flags.filters;
  // After a new search or page (with JavaScript), continue from the results, not the top.
  const shownSearch = useRef(location.search);
  useEffect(() => {
    if (shownSearch.current === location.search) return;
    shownSearch.current = location.search;
    document.getElementById("search-results")?.focus();
  }, [location.search]);
  const pages = results ? pageCount(results.total, pageSize) : 1;
  const term = values.cBuscar.trim();
  const filtered = hasFilters(values);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="mb-0">{t("browse:search.heading")}</h1>
      {results ? (
        <p className="lg:hidden">
          <a href="#search-results">{t("browse:search.jumpToResults", { count: results.total })}</a>
        </p>
      ) : null}
      <div className="grid grid-cols-1 lg:grid-cols-[20rem_minmax(0,1fr)] gap-8 items-start">
        <SearchForm
          // The URL is the form's state: a new search (or "clear") starts from it again.
          key={location.search}
          values={values}
          errors={errors}
          venues={venues}
          zones={zones}
          types={types}
          filters={filters}
        />
        <section id="search-results" aria-labelledby="results-heading" tabIndex={-1}>
          <h2 id="results-heading">
            {term && !errors.cBuscar
              ? t("browse:search.resultsFor", { term })
              : t("browse:search.results")}
          </h2>
          {errors.pagina?.length ? (
            <p role="alert" className="form-error">
              {t("validation:pageInvalid")}
            </p>
          ) : null}
          {!results ? (
            <p role="alert" className="form-error">
              {t("browse:search.fixErrors")}
            </p>
          ) : (
            <>
              <p className="text-stone-700 mb-3" role="status">
                {t("browse:search.count", { count: results.total })}
                {results.total > 0 && pages > 1
                  ? ` · ${t("browse:pager.pageOf", { page, pages })}`
                  : ""}
              </p>
              {results.shows.length === 0 ? (
                <p>{filtered ? t("browse:search.noResults") : t("browse:billboard.noResults")}</p>
              ) : (
                <ShowGrid shows={results.shows} eager={2} />
              )}
              <Pager
                page={page}
                pages={pages}
                hrefFor={(p) => `/AdvancedSearch${searchQuery(values, p)}`}
                label={t("browse:pager.label")}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
