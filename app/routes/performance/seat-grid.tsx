// The seat form without JavaScript (and the map island's fallback): every seat a real
// checkbox named "Row F, seat 12, $ 5.000, available", taken seats disabled and saying so,
// one fieldset per row. Rows wrap instead of scrolling: a 390 px phone never scrolls sideways,
// and every seat is a 32 px target with the shop's focus ring.
import { useMemo } from "react";
import { Link } from "react-router";
import type { MapSeat, SeatMapSector } from "~/components/seat-map/types";
import { escapeHtmlText } from "~/lib/escape-html";
import { useTranslation } from "~/lib/i18n";
import type { SeatGridPages } from "./page.server";

export type SeatRow<S = MapSeat> = { row: string; rowIndex: number; seats: S[] };

/** Seats (already in row and seat order) grouped by row. */
export function seatRows<S extends Pick<MapSeat, "row" | "rowIndex">>(
  seats: readonly S[],
): SeatRow<S>[] {
  const rows: SeatRow<S>[] = [];
  for (const seat of seats) {
    const last = rows.at(-1);
    if (last && last.rowIndex === seat.rowIndex) last.seats.push(seat);
    else rows.push({ row: seat.row, rowIndex: seat.rowIndex, seats: [seat] });
  }
  return rows;
}

export function seatLookClasses(seat: Pick<MapSeat, "state" | "kind" | "restrictedView">) {
  let classes = `seat seat-${seat.state.toLowerCase()}`;
  if (seat.kind === "WHEELCHAIR") classes += " seat-wheelchair";
  if (seat.restrictedView) classes += " seat-restricted";
  return classes;
}

/**
 * One seat: a checkbox drawn as the seat itself (its number shown from data-n by CSS), one
 * element per seat so a cheap phone holds a stadium sector. Free seats only are choosable;
 * the buyer's own come ticked.
 */
function seatHtml(seat: MapSeat, chosen: ReadonlySet<number>): string {
  const disabled = seat.state !== "FREE" ? ' disabled=""' : "";
  const checked =
    seat.state === "MINE" || (seat.state === "FREE" && chosen.has(seat.placeId))
      ? ' checked=""'
      : "";
  const shown = seat.kind === "WHEELCHAIR" ? "♿" : String(seat.number);
  return `<input type="checkbox" class="${seatLookClasses(seat)}" name="seat" value="${seat.placeId}" aria-label="${escapeHtmlText(seat.name)}" data-n="${escapeHtmlText(shown)}"${disabled}${checked}/>`;
}

/**
 * The grid's markup, built as one string: a 1,000-seat sector is 3,000 elements, and
 * rendering them one by one cost the server more than the rest of the page. The same string
 * is built in the browser for hydration, where the map island then takes the grid's place.
 */
export function seatGridHtml(
  sector: Pick<SeatMapSector, "seats" | "chosen">,
  rowName: (row: string) => string,
): string {
  const chosen = new Set(sector.chosen);
  let html = "";
  for (const row of seatRows(sector.seats)) {
    html += `<fieldset class="seat-row"><legend class="seat-row-name">${escapeHtmlText(rowName(row.row))}</legend><div class="seat-row-seats">`;
    for (const seat of row.seats) html += seatHtml(seat, chosen);
    html += "</div></fieldset>";
  }
  return html;
}

export type SeatGridProps = {
  sector: SeatMapSector;
  /** A big sector's pages of rows (grid-pages.ts) and the one shown; absent: every row. */
  grid?: SeatGridPages;
};

export function SeatGrid({ sector, grid }: SeatGridProps) {
  const { t } = useTranslation();
  const page = grid?.pages[grid.current];
  const html = useMemo(() => {
    const rows = page
      ? seatRows(sector.seats).slice(page.fromRow, page.toRow)
      : seatRows(sector.seats);
    return seatGridHtml({ seats: rows.flatMap((row) => row.seats), chosen: sector.chosen }, (row) =>
      t("checkout:seatMap.row", { row }),
    );
  }, [sector, page, t]);
  return (
    <>
      {grid && grid.pages.length > 1 ? (
        <GridPagesNav sectorId={sector.sectorId} grid={grid} />
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built by seatGridHtml, every text escaped. */}
      <div className="seat-grid" data-seat-grid dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

/** Links to the other pages of rows ("Rows A to L"), the current one marked. */
function GridPagesNav({ sectorId, grid }: { sectorId: number; grid: SeatGridPages }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("checkout:seatMap.gridPages")}>
      <ul className="flex flex-wrap gap-2">
        {grid.pages.map((page, index) => {
          const label =
            page.firstRow === page.lastRow
              ? t("checkout:seatMap.row", { row: page.firstRow })
              : t("checkout:seatMap.gridPage", { first: page.firstRow, last: page.lastRow });
          return (
            <li key={page.fromRow}>
              {index === grid.current ? (
                <span aria-current="page" className="font-semibold">
                  {label}
                </span>
              ) : (
                <Link to={`?sector=${sectorId}&filas=${index + 1}#seats`}>{label}</Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
