// /landing/{cSeo}: a show with its calendar of performances (?fecha=YYYY-MM-DD selects a day,
// ?mes=YYYY-MM shows a month), 'price from', buy buttons, sold-out and cancelled states, the
// venue, and schema.org Event JSON-LD per performance. A product's landing shows its price,
// the quantity in stock and a buy button instead (no date).
import { endpoints, type ShowDetail } from "@contract";
import { Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { JsonLd } from "~/components/browse/json-ld";
import { PerformanceCalendar } from "~/components/browse/performance-calendar";
import { VenueDetails } from "~/components/browse/venue-details";
import { posterOf } from "~/components/show-card";
import {
  isProduct,
  landingPath,
  performancePath,
  shopPerformancePath,
  venuePath,
} from "~/lib/browse-paths";
import { calendarSelection, groupByDay, isBookable } from "~/lib/calendar";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { sharedWithAnonymousVisitors } from "~/lib/page-cache";
import { seoMeta } from "~/lib/seo";
import { eventJsonLd, scriptSafeJson } from "~/lib/structured-data";
import { orThrow } from "~/services/commerce.server";
import { getLocale } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { publicOrigin, seoFor } from "~/services/seo.server";
import type { Route } from "./+types/landing";

export async function loader(args: Route.LoaderArgs) {
  const show = orThrow(
    await getRequestContext(args).commerce.call(endpoints.show, {
      params: { idOrSeo: args.params.cSeo },
    }),
  );
  const url = new URL(args.request.url);
  // One address per show: /landing/123 or an old spelling moves to the show's own seo.
  if (args.params.cSeo !== show.cSeo) throw redirect(`${landingPath(show.cSeo)}${url.search}`, 301);
  const product = isProduct(show);
  const seo = seoFor(args, {
    title: show.cEspectaculoCartelNombre,
    description: show.cResumen,
    path: landingPath(show.cSeo),
    image: posterOf(show),
    type: product ? "product" : "website",
  });
  const jsonLd = product
    ? null
    : scriptSafeJson(
        eventJsonLd(show, {
          origin: publicOrigin(args.request),
          pagePath: landingPath(show.cSeo),
          performancePath: (performance) => performancePath(show.cSeo, performance.idFuncion),
          language: getLocale(args.context),
        }),
      );
  return { show, seo, jsonLd };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/** Nothing on it is personal but the header, which the shared copies fill in (0055, 0058). */
export const headers: Route.HeadersFunction = () => sharedWithAnonymousVisitors;

/** Choosing a day or month only changes what is shown: the show's data stays as loaded. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("fecha");
    params.delete("mes");
    return params.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
}

export default function Landing({ loaderData: { show, jsonLd } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const poster = posterOf(show);
  const product = isProduct(show);
  return (
    <article className="flex flex-col gap-8">
      <div className="grid md:grid-cols-[minmax(0,1fr)_2fr] gap-6">
        {poster ? (
          <img
            src={poster}
            alt=""
            width="300"
            height="400"
            fetchPriority="high"
            className="w-full max-w-48 md:max-w-none mx-auto rounded-xl aspect-[3/4] object-cover bg-stone-200"
          />
        ) : null}
        <div>
          <p className="text-sm uppercase tracking-wide text-stone-600">
            {show.cEspectaculoCartelTipoNombre}
          </p>
          <h1>{show.cEspectaculoCartelNombre}</h1>
          <p className="mb-2">
            <Link to={venuePath(show.oEstablecimiento)}>{show.oEstablecimiento.cNombre}</Link>
            {" — "}
            {show.oEstablecimiento.cDireccion}
          </p>
          <PriceLine show={show} />
          <p className="text-lg mb-3">{show.cResumen}</p>
          <p className="mb-3 whitespace-pre-line">{show.cDescripcion}</p>
          {show.nDuracionMinutos ? (
            <p className="text-stone-700">
              {t("browse:landing.duration", { count: show.nDuracionMinutos })}
            </p>
          ) : null}
        </div>
      </div>

      {product ? <ProductPurchase show={show} /> : <Performances show={show} />}

      <section aria-labelledby="venue-heading" className="panel">
        <h2 id="venue-heading">
          {product ? t("browse:landing.pickUp") : t("browse:landing.venue")}
        </h2>
        <p className="font-semibold mb-1">
          <Link to={venuePath(show.oEstablecimiento)}>{show.oEstablecimiento.cNombre}</Link>
        </p>
        <VenueDetails venue={show.oEstablecimiento} />
      </section>
      {jsonLd ? <JsonLd json={jsonLd} /> : null}
    </article>
  );
}

function PriceLine({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const product = isProduct(show);
  if (product ? show.lSinStock : show.lAgotado) {
    return (
      <p className="mb-4">
        <span className="state-badge state-badge-alert">
          {product ? t("browse:show.outOfStock") : t("browse:show.soldOut")}
        </span>
      </p>
    );
  }
  if (show.fPrecioDesde === null) return null;
  return (
    <p className="font-semibold text-lg mb-4">
      {product
        ? t("browse:card.price", { price: formatPrice(show.fPrecioDesde) })
        : t("browse:show.priceFrom", { price: formatPrice(show.fPrecioDesde) })}
    </p>
  );
}

function Performances({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const byDay = groupByDay(show.listaFunciones);
  const bookable = new Set(
    [...byDay.entries()].filter(([, list]) => list.some(isBookable)).map(([day]) => day),
  );
  const selection = calendarSelection([...byDay.keys()], bookable, {
    fecha: params.get("fecha"),
    mes: params.get("mes"),
  });
  return (
    <section aria-labelledby="performances-heading">
      <h2 id="performances-heading">{t("browse:landing.performances")}</h2>
      {show.listaFunciones.length === 0 ? (
        <p>{t("browse:landing.noPerformances")}</p>
      ) : (
        <PerformanceCalendar
          showSeo={show.cSeo}
          byDay={byDay}
          selection={selection}
          bookable={bookable}
        />
      )}
    </section>
  );
}

/** A product: one sale 'performance'; its places are the stock. No date is shown (§3). */
function ProductPurchase({ show }: { show: ShowDetail }) {
  const { t } = useTranslation();
  const sale = show.listaFunciones.find(isBookable) ?? show.listaFunciones[0];
  const inStock = sale !== undefined && isBookable(sale) && sale.nDisponibles > 0;
  return (
    <section aria-labelledby="buy-heading" className="panel">
      <h2 id="buy-heading">{t("browse:landing.buyProduct")}</h2>
      {inStock ? (
        <>
          <p className="mb-3">{t("browse:landing.stock", { count: sale.nDisponibles })}</p>
          <Link to={shopPerformancePath(sale.idFuncion)} className="button-primary">
            {t("browse:landing.chooseQuantity")}
          </Link>
        </>
      ) : (
        <p>
          <span className="state-badge state-badge-alert">{t("browse:show.outOfStock")}</span>
        </p>
      )}
    </section>
  );
}
