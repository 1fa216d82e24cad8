// The seat form without JavaScript (and the map island's fallback): every seat a real
// checkbox named "Row F, seat 12, $ 5.000, available", taken seats disabled and saying so,
// one fieldset per row. Rows wrap instead of scrolling: a 390 px phone never scrolls sideways,
// and every seat is a 32 px target with the shop's focus ring.
import type { MapSeat, SeatMapSector } from "~/components/seat-map/types";
import { useTranslation } from "~/lib/i18n";

export type SeatRow = { row: string; rowIndex: number; seats: MapSeat[] };

/** Seats (already in row and seat order) grouped by row. */
export function seatRows(seats: readonly MapSeat[]): SeatRow[] {
  const rows: SeatRow[] = [];
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

/** One seat's checkbox; `free` seats only are choosable, the buyer's own come ticked. */
export function SeatCheckbox({ seat, checked }: { seat: MapSeat; checked: boolean }) {
  return (
    <label className={seatLookClasses(seat)}>
      <input
        type="checkbox"
        name="seat"
        value={seat.placeId}
        aria-label={seat.name}
        disabled={seat.state !== "FREE"}
        defaultChecked={seat.state === "MINE" || (seat.state === "FREE" && checked)}
      />
      <span aria-hidden="true">{seat.kind === "WHEELCHAIR" ? "♿" : seat.number}</span>
    </label>
  );
}

export type SeatGridProps = { sector: SeatMapSector };

export function SeatGrid({ sector }: SeatGridProps) {
  const { t } = useTranslation();
  const chosen = new Set(sector.chosen);
  return (
    <div className="seat-grid" data-seat-grid>
      {seatRows(sector.seats).map((row) => (
        <fieldset key={row.rowIndex} className="seat-row">
          <legend className="seat-row-name">{t("checkout:seatMap.row", { row: row.row })}</legend>
          <div className="seat-row-seats">
            {row.seats.map((seat) => (
              <SeatCheckbox key={seat.placeId} seat={seat} checked={chosen.has(seat.placeId)} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
