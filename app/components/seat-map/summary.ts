// The running summary read out while seats are chosen: "2 seats chosen: Row F 12, Row F 13 —
// total $ 16.000". Pure, given the translation function.
import type { TFunction } from "i18next";
import { formatPrice } from "~/lib/format";
import type { MapSeat } from "./types";

export function choiceSummary(
  t: TFunction,
  chosen: readonly Pick<MapSeat, "row" | "number">[],
  price: number,
): string {
  if (chosen.length === 0) return t("checkout:seatMapIsland.noneChosen");
  const seats = chosen
    .map((seat) => t("checkout:seatMapIsland.seatShort", { row: seat.row, number: seat.number }))
    .join(", ");
  return t("checkout:seatMapIsland.summary", {
    count: chosen.length,
    seats,
    total: formatPrice(price * chosen.length),
  });
}
