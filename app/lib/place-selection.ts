// What the buyer picked on the performance page, read from the plain form: a quantity per
// general-admission sector ("qty-<idSector>") and numbered seats ("seat" = idPosicion).
import { z } from "zod";
import { maxPlacesPerPurchase } from "./purchase-limits";

export type PlaceSelection = {
  sectors: Array<{ idSector: number; nCantidad: number }>;
  seats: number[];
};

const quantity = z.coerce.number().int().min(0).max(maxPlacesPerPurchase);
const id = z.coerce.number().int().positive().max(2_147_483_647);

export type SelectionError = "quantityInvalid" | "quantityRequired" | "quantityTooMany";

export function readPlaceSelection(
  form: FormData,
): { ok: true; selection: PlaceSelection } | { ok: false; error: SelectionError } {
  const sectors: PlaceSelection["sectors"] = [];
  const seats: number[] = [];
  for (const [name, value] of form.entries()) {
    if (name.startsWith("qty-")) {
      if (value === "") continue;
      const sector = id.safeParse(name.slice(4));
      const count = quantity.safeParse(value);
      if (!sector.success || !count.success) return { ok: false, error: "quantityInvalid" };
      if (count.data > 0) sectors.push({ idSector: sector.data, nCantidad: count.data });
    } else if (name === "seat") {
      const seat = id.safeParse(value);
      if (!seat.success) return { ok: false, error: "quantityInvalid" };
      if (!seats.includes(seat.data)) seats.push(seat.data);
    }
  }
  const total = sectors.reduce((sum, s) => sum + s.nCantidad, 0) + seats.length;
  if (total === 0) return { ok: false, error: "quantityRequired" };
  if (total > maxPlacesPerPurchase) return { ok: false, error: "quantityTooMany" };
  return { ok: true, selection: { sectors, seats } };
}
