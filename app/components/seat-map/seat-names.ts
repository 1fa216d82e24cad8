// A seat's accessible name, "Row F, seat 12, $ 5.000, wheelchair space, available": the
// template is translated once per sector and price and filled per seat, on the server for the
// whole sector and in the browser for the seats whose state changes while the map is open.
import type { TFunction } from "i18next";
import { formatPrice } from "~/lib/format";
import type { MapSeat, SeatState } from "./types";

type NamedSeat = Pick<MapSeat, "row" | "number" | "state" | "kind" | "restrictedView">;
export type SeatNamer = (seat: NamedSeat) => string;

// Private-use characters no translation or seat label contains: where the per-seat parts go.
const rowSlot = "\ue000";
const numberSlot = "\ue001";
const detailsSlot = "\ue002";
const slots = /[\ue000-\ue002]/g;

const seatStates: SeatState[] = ["FREE", "TAKEN", "MINE"];

/** "Row F, seat 12, $ 5.000, wheelchair space, available", for every seat of one price. */
export function seatNamer(t: TFunction, price: number): SeatNamer {
  const templates = {} as Record<SeatState, string>;
  for (const state of seatStates) {
    templates[state] = t("checkout:seatMap.seatName", {
      row: rowSlot,
      number: numberSlot,
      price: formatPrice(price),
      details: detailsSlot,
      state: t(`checkout:seatMap.state.${state}`),
    });
  }
  const kindDetails: Record<MapSeat["kind"], string> = {
    SEAT: "",
    WHEELCHAIR: `, ${t("checkout:seatMap.kind.WHEELCHAIR")}`,
    COMPANION: `, ${t("checkout:seatMap.kind.COMPANION")}`,
  };
  const restricted = `, ${t("checkout:seatMap.restrictedView")}`;
  // Each template split once at its slots (in the translation's order): a seat's name is
  // then a few concatenations, thousands of times per page.
  const compiled = {} as Record<SeatState, { parts: string[]; slots: string[] }>;
  for (const state of seatStates) {
    const template = templates[state];
    compiled[state] = { parts: template.split(slots), slots: template.match(slots) ?? [] };
  }
  return (seat) => {
    const { parts, slots: order } = compiled[seat.state];
    let name = parts[0];
    for (let i = 0; i < order.length; i++) {
      const slot = order[i];
      if (slot === rowSlot) name += seat.row;
      else if (slot === numberSlot) name += seat.number;
      else name += kindDetails[seat.kind] + (seat.restrictedView ? restricted : "");
      name += parts[i + 1];
    }
    return name;
  };
}
