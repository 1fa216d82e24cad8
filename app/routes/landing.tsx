import { showDetailSchema } from "@contract";
import { apiPaths } from "@contract/paths.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { posterOf } from "~/components/show-card";
import { formatDateTime, formatPrice } from "~/lib/format";
import type { Locale } from "~/lib/locales";
import { orThrow, shopApi } from "~/services/shop.server";
import type { Route } from "./+types/landing";

export async function loader(args: Route.LoaderArgs) {
  const show = orThrow(await shopApi(args).get(apiPaths.show(args.params.cSeo), showDetailSchema));
  return { show };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.show.cEspectaculoCartelNombre },
  { name: "description", content: data?.show.cResumen },
];

export default function Landing({ loaderData: { show } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const poster = posterOf(show);
  return (
    <article className="grid md:grid-cols-[1fr_2fr] gap-6">
      {poster ? (
        <img src={poster} alt="" width="300" height="400" className="w-full rounded-xl" />
      ) : null}
      <div>
        <p className="text-sm uppercase tracking-wide text-stone-600">
          {show.cEspectaculoCartelTipoNombre}
        </p>
        <h1>{show.cEspectaculoCartelNombre}</h1>
        <p className="mb-2">
          {show.oEstablecimiento.cNombre} — {show.oEstablecimiento.cDireccion}
        </p>
        {show.fPrecioDesde !== null ? (
          <p className="font-semibold mb-4">
            {t("show.priceFrom", { price: formatPrice(show.fPrecioDesde) })}
          </p>
        ) : null}
        <p className="mb-6 whitespace-pre-line">{show.cDescripcion}</p>
        <h2>{t("landing.performances")}</h2>
        {show.listaFunciones.length === 0 ? (
          <p>{t("landing.noPerformances")}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {show.listaFunciones.map((performance) => (
              <li
                key={performance.idFuncion}
                className="flex flex-wrap items-center justify-between gap-2 bg-white border border-stone-200 rounded-lg p-3"
              >
                <span>{formatDateTime(performance.oFuncionFecha.dFecha, locale)}</span>
                {performance.lAgotado || performance.cEstado !== "ON_SALE" ? (
                  <span className="text-alert font-semibold">
                    {performance.cEstado === "CANCELLED" ? t("show.cancelled") : t("show.soldOut")}
                  </span>
                ) : (
                  <Link
                    to={`/funcion/${show.cSeo}/${performance.idFuncion}`}
                    className="button-primary"
                    aria-label={t("landing.buyFor", {
                      date: formatDateTime(performance.oFuncionFecha.dFecha, locale),
                    })}
                  >
                    {t("landing.buy")}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
