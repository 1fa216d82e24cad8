import { type PerformanceDetail, performanceDetailSchema, purchaseProcessSchema } from "@contract";
import { apiPaths } from "@contract/paths.ts";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { formatDateTime, formatPrice } from "~/lib/format";
import type { Locale } from "~/lib/locales";
import { maxPlacesPerPurchase, readPlaceSelection } from "~/lib/place-selection";
import { getT } from "~/services/i18n.server";
import { commitSession, requireUser } from "~/services/session.server";
import { orThrow, shopApi } from "~/services/shop.server";
import type { Route } from "./+types/performance";

/** /funcion/{cSeo}/{id} and /funcion?idFuncion=… serve the same screen. */
function performanceIdOf(request: Request, params: { id?: string }): number | null {
  const raw = params.id ?? new URL(request.url).searchParams.get("idFuncion");
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireUser(args.request);
  const id = performanceIdOf(args.request, args.params);
  if (id === null) throw data({ nCode: 404, message: "" }, { status: 404 });
  const performance = orThrow(
    await shopApi(args, user).get(apiPaths.performance(id), performanceDetailSchema),
  );
  return { performance };
}

export async function action(args: Route.ActionArgs) {
  const { user, session } = await requireUser(args.request);
  const t = getT(args.context);
  const id = performanceIdOf(args.request, args.params);
  if (id === null) throw data({ nCode: 404, message: "" }, { status: 404 });
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
  const api = shopApi(args, user);
  const body = {
    idFuncion: id,
    listaSectores: picked.selection.sectors,
    listaPosiciones: picked.selection.seats,
  };
  // Places join the running purchase when there is one; otherwise a new one starts.
  const runningId = session.get("processId") ?? 0;
  let result = await api.post(apiPaths.takePlaces(runningId), body, purchaseProcessSchema);
  if (
    !result.ok &&
    runningId &&
    result.code !== "NOT_ENOUGH_PLACES" &&
    result.code !== "SEAT_TAKEN"
  ) {
    result = await api.post(apiPaths.takePlaces(0), body, purchaseProcessSchema);
  }
  if (!result.ok) {
    return data(
      { error: result.message, values },
      { status: result.code === "VALIDATION" ? 400 : 409 },
    );
  }
  session.set("processId", result.data.idProcesoDeCompra);
  throw redirect(`/BuyTicket/${result.data.idProcesoDeCompra}`, {
    headers: await commitSession(session),
  });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.performance.oEspectaculo.cEspectaculoCartelNombre },
];

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
      <Form method="post" className="flex flex-col gap-6" aria-describedby="selection-error">
        {actionData?.error ? (
          <p id="selection-error" role="alert" className="form-error">
            {actionData.error}
          </p>
        ) : null}
        {performance.listaSectores.map((sector) =>
          sector.cTipo === "GENERAL" ? (
            <GeneralSector key={sector.idSector} sector={sector} values={actionData?.values} />
          ) : (
            <NumberedSector key={sector.idSector} sector={sector} values={actionData?.values} />
          ),
        )}
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            {t("performance.continue")}
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
        {formatPrice(sector.fPrecio)} · {t("performance.generalAdmission")} ·{" "}
        {soldOut ? t("show.soldOut") : t("performance.available", { count: sector.nDisponibles })}
      </p>
      <div className="field max-w-40">
        <label htmlFor={inputId}>{t("performance.quantity")}</label>
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
    <fieldset className="bg-white border border-stone-200 rounded-xl p-4 overflow-x-auto">
      <legend className="font-semibold px-1">{sector.cNombre}</legend>
      <p className="mb-2">
        {formatPrice(sector.fPrecio)} · {t("performance.numbered")} ·{" "}
        {t("performance.available", { count: sector.nDisponibles })}
      </p>
      <p className="text-sm text-stone-600 mb-2">{t("performance.seatHelp")}</p>
      {rows.map((row) => (
        <div key={row} className="flex items-center gap-1 mb-1">
          <span className="w-6 font-mono" aria-hidden="true">
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
    </fieldset>
  );
}
