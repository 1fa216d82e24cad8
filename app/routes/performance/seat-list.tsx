// ?vista=lista: choosing seats from lists instead of the map — a sector, then a row (with how
// many seats it has free), then that row's available seats as checkboxes; a general-admission
// sector asks for a quantity right there, as the sectors under the map do. Same action, same
// result as the map; plain links and forms.
import { Form, Link, useNavigation } from "react-router";
import type { SeatMapSector } from "~/components/seat-map/types";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { BookingChoice } from "./booking-choice";
import { useAvailabilityText } from "./hall-plan";
import type { PerformancePage } from "./page.server";
import { QuantityField, quantityFieldName } from "./quantity-field";
import { seatRows } from "./seat-grid";

const listPath = (sectorId?: number, row?: string) => {
  const query = new URLSearchParams({ vista: "lista" });
  if (sectorId) query.set("sector", String(sectorId));
  if (row !== undefined) query.set("fila", row);
  return `?${query}`;
};

/** ?fila= in the list: a row of the chosen sector, else 404 (as for any unknown id). */
export function listRowOf(url: URL, page: Pick<PerformancePage, "view" | "chosen">): string | null {
  const row = url.searchParams.get("fila");
  if (page.view !== "list" || row === null) return null;
  if (!page.chosen?.packedSeats.rows.some((seatRow) => seatRow.label === row)) throw notFound();
  return row;
}

export function SeatList({
  page,
  sector,
  row,
  quantities,
}: {
  page: PerformancePage;
  sector: SeatMapSector | null;
  row: string | null;
  /** General-admission quantities sent before a refusal, by field name. */
  quantities?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="list-heading" className="flex flex-col gap-4">
      <h2 id="list-heading" className="mb-0">
        {t("checkout:seatMap.listHeading")}
      </h2>
      {!sector ? (
        <SectorChoice page={page} quantities={quantities} />
      ) : row === null ? (
        <RowChoice sector={sector} />
      ) : (
        <RowSeats sector={sector} row={row} />
      )}
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {sector && row !== null ? (
          <Link to={listPath(sector.sectorId)}>{t("checkout:seatMap.listOtherRow")}</Link>
        ) : null}
        {sector ? <Link to={listPath()}>{t("checkout:seatMap.listOtherSector")}</Link> : null}
        <Link to={sector ? `?sector=${sector.sectorId}#seats` : "."}>
          {t("checkout:seatMap.backToMap")}
        </Link>
      </p>
    </section>
  );
}

function SectorChoice({
  page,
  quantities,
}: {
  page: PerformancePage;
  quantities?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const availability = useAvailabilityText();
  const busy = useNavigation().state === "submitting";
  const open = page.sectors.filter((s) => s.available > 0);
  const numbered = open.filter((s) => s.kind === "NUMBERED");
  const general = open.filter((s) => s.kind === "GENERAL");
  const described = (sector: (typeof open)[number]) =>
    t("checkout:seatMap.sectorLink", {
      sector: sector.name,
      price: formatPrice(sector.price),
      availability: availability(sector.available),
    });
  return (
    <>
      {numbered.length > 0 ? (
        <>
          <h3 className="text-lg font-semibold mb-0">{t("checkout:seatMap.listChooseSector")}</h3>
          <ul className="choice-list">
            {numbered.map((sector) => (
              <li key={sector.id}>
                <Link to={listPath(sector.id)}>{described(sector)}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {/* General admission has no seats to list: its quantity is chosen here. */}
      {general.length > 0 ? (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="places" />
          <h3 className="text-lg font-semibold mb-0">{t("checkout:seatMap.listGeneral")}</h3>
          {general.map((sector) => {
            const inputId = quantityFieldName(sector.id);
            return (
              <div key={sector.id} className="field mb-0 max-w-sm">
                <p id={`${inputId}-about`} className="mb-0">
                  {described(sector)}
                </p>
                <QuantityField
                  sector={sector}
                  quantities={quantities}
                  className="max-w-40"
                  aria-describedby={`${inputId}-about`}
                />
              </div>
            );
          })}
          <div>
            <button type="submit" className="button-primary" disabled={busy}>
              {t("checkout:performance.continue")}
            </button>
          </div>
          <BookingChoice />
        </Form>
      ) : null}
    </>
  );
}

function RowChoice({ sector }: { sector: SeatMapSector }) {
  const { t } = useTranslation();
  const rows = seatRows(sector.seats)
    .map((row) => ({ ...row, free: row.seats.filter((seat) => seat.state === "FREE").length }))
    .filter((row) => row.free > 0);
  return (
    <>
      <h3 className="text-lg font-semibold mb-0">
        {t("checkout:seatMap.listChooseRow", { sector: sector.sectorName })}
      </h3>
      {rows.length === 0 ? (
        <p>{t("checkout:seatMap.listNoRows")}</p>
      ) : (
        <ul className="choice-list">
          {rows.map((row) => (
            <li key={row.rowIndex}>
              <Link to={listPath(sector.sectorId, row.row)}>
                {t("checkout:seatMap.listRowFree", { row: row.row, count: row.free })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RowSeats({ sector, row }: { sector: SeatMapSector; row: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const free = sector.seats.filter((seat) => seat.row === row && seat.state === "FREE");
  const chosen = new Set(sector.chosen);
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="places" />
      <fieldset className="min-w-0">
        <legend className="text-lg font-semibold mb-2">
          {t("checkout:seatMap.listSeats", { row })}
        </legend>
        {free.length === 0 ? (
          <p>{t("checkout:seatMap.listRowFull")}</p>
        ) : (
          <ul className="choice-list">
            {free.map((seat) => (
              <li key={seat.placeId}>
                <label className="choice-check">
                  <input
                    type="checkbox"
                    name="seat"
                    value={seat.placeId}
                    defaultChecked={chosen.has(seat.placeId)}
                  />
                  {seat.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {free.length > 0 ? (
        <>
          <div>
            <button type="submit" className="button-primary" disabled={busy}>
              {t("checkout:seatMap.buySeats")}
            </button>
          </div>
          <BookingChoice />
        </>
      ) : null}
    </Form>
  );
}
