import { endpoints, type PerformanceDetail } from "@contract";
import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/field";
import { posterOf } from "~/components/show-card";
import { isProduct, shopPerformancePath } from "~/lib/browse-paths";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { maxPlacesPerPurchase, readPlaceSelection } from "~/lib/place-selection";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { orThrow } from "~/services/commerce.server";
import { getLocale, getT } from "~/services/i18n.server";
import {
  holdFailureStatus,
  holdPlacesAndCheckout,
  performanceIdOf,
} from "~/services/purchase.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/performance";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = requireUser(args);
  const id = performanceIdOf(args.request, args.params);
  if (id === null) throw notFound();
  const performance = orThrow(await commerce.call(endpoints.performance, { params: { id } }));
  const show = performance.oEspectaculo;
  // Products are chosen by quantity on their own page.
  if (isProduct(show)) throw redirect(shopPerformancePath(performance.idFuncion));
  const when = formatDateTime(performance.oFuncionFecha.dFecha, getLocale(args.context));
  const seo = seoFor(args, {
    title: `${show.cEspectaculoCartelNombre} — ${when}`,
    description: getT(args.context)("browse:meta.performance.description", {
      show: show.cEspectaculoCartelNombre,
      date: when,
      venue: performance.oEstablecimiento.cNombre,
    }),
    path: `/funcion/${show.cSeo}/${performance.idFuncion}`,
    image: posterOf(show),
    noindex: true,
  });
  return { performance, seo };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const t = getT(args.context);
  const id = performanceIdOf(args.request, args.params);
  if (id === null) throw notFound();
  const form = await args.request.formData();
  const values = {
    quantities: Object.fromEntries(
      [...form.entries()]
        .filter(([name]) => name.startsWith("qty-"))
        .map(([k, v]) => [k, String(v)]),
    ),
    seats: form.getAll("seat").map(String),
  };
  const picked = readPlaceSelection(form);
  if (!picked.ok) {
    return data(
      { error: t(`validation:${picked.error}`, { max: maxPlacesPerPurchase }), values },
      { status: 400 },
    );
  }
  const failure = await holdPlacesAndCheckout(shop, {
    idFuncion: id,
    listaSectores: picked.selection.sectors,
    listaPosiciones: picked.selection.seats,
  });
  return data({ error: failure.message, values }, { status: holdFailureStatus(failure) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function Performance({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { performance } = loaderData;
  const locale = i18n.language as Locale;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>{performance.oEspectaculo.cEspectaculoCartelNombre}</h1>
      <p className="mb-4">
        {formatDateTime(performance.oFuncionFecha.dFecha, locale)} —{" "}
        {performance.oEstablecimiento.cNombre}
      </p>
      <Form method="post" className="flex flex-col gap-6">
        <ErrorSummary
          id="selection-error"
          messages={actionData?.error ? [actionData.error] : []}
          attempt={actionData}
        />
        {performance.listaSectores.map((sector) =>
          sector.cTipo === "GENERAL" ? (
            <GeneralSector key={sector.idSector} sector={sector} values={actionData?.values} />
          ) : (
            <NumberedSector key={sector.idSector} sector={sector} values={actionData?.values} />
          ),
        )}
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {t("checkout:performance.continue")}
          </button>
        </div>
      </Form>
    </>
  );
}

type SectorProps = {
  sector: PerformanceDetail["listaSectores"][number];
  values?: { quantities: Record<string, string>; seats: string[] };
};

function GeneralSector({ sector, values }: SectorProps) {
  const { t } = useTranslation();
  const inputId = `qty-${sector.idSector}`;
  const soldOut = sector.nDisponibles === 0;
  return (
    <fieldset className="bg-white border border-stone-200 rounded-xl p-4">
      <legend className="font-semibold px-1">{sector.cNombre}</legend>
      <p className="mb-2">
        {formatPrice(sector.fPrecio)} · {t("checkout:performance.generalAdmission")} ·{" "}
        {soldOut
          ? t("browse:show.soldOut")
          : t("checkout:performance.available", { count: sector.nDisponibles })}
      </p>
      <div className="field max-w-40">
        <label htmlFor={inputId}>{t("checkout:performance.quantity")}</label>
        <input
          id={inputId}
          name={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          max={Math.min(maxPlacesPerPurchase, sector.nDisponibles)}
          defaultValue={values?.quantities[inputId] ?? "0"}
          disabled={soldOut}
        />
      </div>
    </fieldset>
  );
}

function NumberedSector({ sector, values }: SectorProps) {
  const { t } = useTranslation();
  const seats = sector.listaPosiciones ?? [];
  const rows = [...new Set(seats.map((seat) => seat.cFila ?? ""))];
  return (
    <fieldset className="bg-white border border-stone-200 rounded-xl p-4 min-w-0">
      <legend className="font-semibold px-1">{sector.cNombre}</legend>
      <p className="mb-2">
        {formatPrice(sector.fPrecio)} · {t("checkout:performance.numbered")} ·{" "}
        {t("checkout:performance.available", { count: sector.nDisponibles })}
      </p>
      <p className="text-sm text-stone-600 mb-2">{t("checkout:performance.seatHelp")}</p>
      <p className="seat-map-hint">{t("checkout:performance.seatScrollHint")}</p>
      {/* Wider than a phone: the map scrolls on its own (arrow keys once it has the focus,
          or Tab through the seats), with shadows at the edge that has more; never the page. */}
      <section
        className="seat-map"
        aria-label={t("checkout:performance.seatMapLabel", { sector: sector.cNombre })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box takes the focus to scroll by keyboard.
        tabIndex={0}
      >
        {rows.map((row) => (
          <div key={row} className="seat-row">
            <span className="seat-row-name" aria-hidden="true">
              {row}
            </span>
            {seats
              .filter((seat) => (seat.cFila ?? "") === row)
              .map((seat) => (
                <label key={seat.idPosicion} className="seat">
                  <input
                    type="checkbox"
                    name="seat"
                    value={seat.idPosicion}
                    disabled={seat.cEstado !== "FREE"}
                    defaultChecked={values?.seats.includes(String(seat.idPosicion))}
                    aria-label={t(
                      seat.cEstado === "MINE" ? "performance.seatMine" : "performance.seatLabel",
                      {
                        row,
                        number: seat.nNumero,
                      },
                    )}
                  />
                  <span aria-hidden="true">{seat.nNumero}</span>
                </label>
              ))}
          </div>
        ))}
      </section>
    </fieldset>
  );
}
