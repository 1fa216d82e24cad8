// ?vista=lista: choosing seats from lists instead of the map — a sector, then a row (with how
// many seats it has free), then that row's available seats as checkboxes. Same action, same
// result as the map; plain links and one form.
import { Form, Link, useNavigation } from "react-router";
import type { SeatMapSector } from "~/components/seat-map/types";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { BookingChoice } from "./booking-choice";
import { useAvailabilityText } from "./hall-plan";
import type { PerformancePage } from "./page.server";
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
}: {
  page: PerformancePage;
  sector: SeatMapSector | null;
  row: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="list-heading" className="flex flex-col gap-4">
      <h2 id="list-heading" className="mb-0">
        {t("checkout:seatMap.listHeading")}
      </h2>
      {!sector ? (
        <SectorChoice page={page} />
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

function SectorChoice({ page }: { page: PerformancePage }) {
  const { t } = useTranslation();
  const availability = useAvailabilityText();
  const numbered = page.sectors.filter((s) => s.kind === "NUMBERED" && s.available > 0);
  return (
    <>
      <h3 className="text-lg font-semibold mb-0">{t("checkout:seatMap.listChooseSector")}</h3>
      <ul className="choice-list">
        {numbered.map((sector) => (
          <li key={sector.id}>
            <Link to={listPath(sector.id)}>
              {t("checkout:seatMap.sectorLink", {
                sector: sector.name,
                price: formatPrice(sector.price),
                availability: availability(sector.available),
              })}
            </Link>
          </li>
        ))}
      </ul>
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
