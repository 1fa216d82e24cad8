import type { ShowCard as ShowCardData } from "@contract";
import { Link } from "react-router";
import { isProduct, landingPath } from "~/lib/browse-paths";
import { formatPrice, formatShortDate } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

export function posterOf(show: Pick<ShowCardData, "listaImagenEspectaculoCartel">) {
  return show.listaImagenEspectaculoCartel.find((image) => image.cTipo === "WEB_DESTACADO")?.cUri;
}

type Props = {
  show: ShowCardData;
  /** Below the fold: load the poster only when it scrolls near. */
  lazy?: boolean;
  /** The first highlighted poster is the page's largest image: fetch it first. */
  priority?: boolean;
  /** The card's title level under its section heading. */
  headingLevel?: 2 | 3 | 4;
  /** "feature": poster beside the text (the billboard's highlights). */
  variant?: "poster" | "feature";
};

/**
 * A show or product on the billboard, in search results, on a venue and in the shop.
 * Products (type 100) show their price and stock, never a date (§3).
 */
export function ShowCard({
  show,
  lazy = true,
  priority = false,
  headingLevel = 3,
  variant = "poster",
}: Props) {
  const { t, i18n } = useTranslation();
  const poster = posterOf(show);
  const product = isProduct(show);
  const Heading = `h${headingLevel}` as const;
  const unavailable = product ? show.lSinStock : show.lAgotado;
  return (
    <article className={variant === "feature" ? "card card-feature w-full" : "card w-full"}>
      {poster ? (
        <img
          src={poster}
          alt=""
          width="300"
          height="400"
          loading={lazy ? "lazy" : "eager"}
          decoding="async"
          fetchPriority={priority ? "high" : undefined}
          className="card-poster aspect-[3/4] object-cover bg-stone-200"
        />
      ) : null}
      <div className="p-3 flex flex-col gap-1 flex-1">
        <p className="text-xs uppercase tracking-wide text-stone-600">
          {show.cEspectaculoCartelTipoNombre}
        </p>
        <Heading className="font-semibold text-lg leading-tight mb-0">
          <Link to={landingPath(show.cSeo)} className="no-underline hover:underline">
            {show.cEspectaculoCartelNombre}
          </Link>
        </Heading>
        <p className="text-sm text-stone-700">{show.cEstablecimientoNombre}</p>
        {!product && show.dProximaFuncion ? (
          <p className="text-sm">
            {formatShortDate(show.dProximaFuncion, i18n.language as Locale)}
          </p>
        ) : null}
        <p className="mt-auto pt-2 font-semibold">
          {unavailable ? (
            <span className="state-badge state-badge-alert">
              {product ? t("browse:show.outOfStock") : t("browse:show.soldOut")}
            </span>
          ) : show.fPrecioDesde === null ? (
            <span className="text-stone-600 font-normal">{t("browse:card.notOnSale")}</span>
          ) : product ? (
            t("browse:card.price", { price: formatPrice(show.fPrecioDesde) })
          ) : (
            t("browse:show.priceFrom", { price: formatPrice(show.fPrecioDesde) })
          )}
        </p>
      </div>
    </article>
  );
}
