import type { ShowCard as ShowCardData } from "@contract";
import { PRODUCT_TYPE_ID } from "@contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatPrice, formatShortDate } from "~/lib/format";
import type { Locale } from "~/lib/locales";

export function posterOf(show: Pick<ShowCardData, "listaImagenEspectaculoCartel">) {
  return show.listaImagenEspectaculoCartel.find((image) => image.cTipo === "WEB_DESTACADO")?.cUri;
}

export function ShowCard({ show, lazy = true }: { show: ShowCardData; lazy?: boolean }) {
  const { t, i18n } = useTranslation();
  const poster = posterOf(show);
  const isProduct = show.idEspectaculoCartelTipo === PRODUCT_TYPE_ID;
  return (
    <article className="card">
      {poster ? (
        <img
          src={poster}
          alt=""
          width="300"
          height="400"
          loading={lazy ? "lazy" : "eager"}
          className="w-full aspect-[3/4] object-cover"
        />
      ) : null}
      <div className="p-3 flex flex-col gap-1 flex-1">
        <p className="text-xs uppercase tracking-wide text-stone-600">
          {show.cEspectaculoCartelTipoNombre}
        </p>
        <h3 className="font-semibold text-lg leading-tight">
          <Link to={`/landing/${show.cSeo}`} className="no-underline hover:underline">
            {show.cEspectaculoCartelNombre}
          </Link>
        </h3>
        <p className="text-sm text-stone-700">{show.cEstablecimientoNombre}</p>
        {!isProduct && show.dProximaFuncion ? (
          <p className="text-sm">
            {formatShortDate(show.dProximaFuncion, i18n.language as Locale)}
          </p>
        ) : null}
        <p className="mt-auto pt-2 font-semibold">
          {show.lAgotado || show.lSinStock ? (
            <span className="text-alert">
              {isProduct ? t("show.outOfStock") : t("show.soldOut")}
            </span>
          ) : show.fPrecioDesde !== null ? (
            t("show.priceFrom", { price: formatPrice(show.fPrecioDesde) })
          ) : null}
        </p>
      </div>
    </article>
  );
}
