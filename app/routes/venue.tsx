// /establecimiento/{cSeo}/{idEstablecimiento} and the catch-all /{cSeo}/{idEstablecimiento}
// (the venue's own seo; any other word moves to the venue's address): a venue with its
// address, zone, description, map link and its shows (paged, 12 a page).
import { endpoints, idParam, pageSize, pagingQuery } from "@contract";
import { data, Link, redirect } from "react-router";
import { Pager } from "~/components/browse/pager";
import { ShowGrid } from "~/components/browse/show-grid";
import { VenueDetails } from "~/components/browse/venue-details";
import { shopPath, venuePath } from "~/lib/browse-paths";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { pageCount } from "~/lib/search-query";
import { seoMeta } from "~/lib/seo";
import { isShopWord } from "~/lib/shop-words";
import { searchPage, venues } from "~/services/catalog.server";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/venue";

export async function loader(args: Route.LoaderArgs) {
  // The catch-all also sees every other two-segment path: only numeric ids are venues.
  const raw = args.params.idEstablecimiento;
  const id = /^[0-9]{1,10}$/.test(raw) ? idParam.safeParse(raw) : null;
  if (!id?.success) throw notFound();
  const url = new URL(args.request.url);
  const viaCatchAll = !url.pathname.startsWith("/establecimiento/");
  // /BuyTicketBox/1 or /payConfirm/3 is a mistyped page of the shop, not venue 1 or 3.
  if (viaCatchAll && isShopWord(args.params.cSeo)) throw notFound();
  const paging = pagingQuery.safeParse({ pagina: url.searchParams.get("pagina") || undefined });
  const page = paging.success ? paging.data.pagina : 1;
  const api = getRequestContext(args).commerce;
  // Shows come from the search; products (which the search leaves out) from the shop.
  const [list, shows, products] = await Promise.all([
    venues(api),
    searchPage(api, { idEstablecimiento: id.data }, page, pageSize),
    api.call(endpoints.shop, { query: { idEstablecimiento: id.data } }),
  ]);
  const venue = orThrow(list).Lista.find((v) => v.idEstablecimiento === id.data);
  if (!venue) throw notFound();
  const canonical = venuePath(venue);
  // Both forms render the venue and name /establecimiento/… as the canonical address. Any
  // other seo moves (301, query kept): the venue's own in other capitals to the same form,
  // any other word (an old or shortened link, /foo/1) to the canonical address (spec §2).
  if (args.params.cSeo !== venue.cSeo) {
    const sameSeo = args.params.cSeo.toLowerCase() === venue.cSeo.toLowerCase();
    const right =
      viaCatchAll && sameSeo
        ? `/${encodeURIComponent(venue.cSeo)}/${venue.idEstablecimiento}`
        : canonical;
    throw redirect(`${right}${url.search}`, 301);
  }
  const t = getT(args.context);
  const results = orThrow(shows);
  const seo = seoFor(args, {
    title: venue.cNombre,
    description: venue.cDescripcion || t("browse:meta.venue.description", { name: venue.cNombre }),
    path: page > 1 ? `${canonical}?pagina=${page}` : canonical,
  });
  return data(
    {
      venue,
      shows: results.Lista,
      products: products.ok ? products.data.Lista : [],
      total: results.nTotal,
      page,
      pageError: paging.success ? null : t("validation:pageInvalid"),
      seo,
    },
    { status: paging.success ? 200 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function VenuePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { venue, shows, products, total, page, pageError } = loaderData;
  const pages = pageCount(total, pageSize);
  return (
    <article className="flex flex-col gap-8">
      <header className="panel">
        <p className="text-sm uppercase tracking-wide text-stone-600">{t("browse:venue.kind")}</p>
        <h1>{venue.cNombre}</h1>
        <VenueDetails venue={venue} showDescription />
      </header>
      {products.length > 0 ? (
        <section aria-labelledby="venue-products-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 mb-3">
            <h2 id="venue-products-heading" className="mb-0">
              {t("browse:venue.productsHeading")}
            </h2>
            <Link to={shopPath(venue.idEstablecimiento)}>{t("browse:venue.shopLink")}</Link>
          </div>
          <ShowGrid shows={products} eager={2} />
        </section>
      ) : null}
      {/* A shop venue sells products only: no empty "on at" section for it. */}
      {total > 0 || products.length === 0 || page > 1 ? (
        <section aria-labelledby="venue-shows-heading">
          <h2 id="venue-shows-heading">
            {t("browse:venue.showsHeading", { name: venue.cNombre })}
          </h2>
          {pageError ? (
            <p role="alert" className="form-error">
              {pageError}
            </p>
          ) : null}
          {total > 0 ? (
            <p className="text-stone-700 mb-3">{t("browse:search.count", { count: total })}</p>
          ) : null}
          {shows.length === 0 ? (
            <p>{t("browse:venue.noShows")}</p>
          ) : (
            <ShowGrid shows={shows} eager={2} />
          )}
          <Pager
            page={page}
            pages={pages}
            hrefFor={(p) => (p > 1 ? `?pagina=${p}` : ".")}
            label={t("browse:pager.label")}
          />
        </section>
      ) : null}
    </article>
  );
}
