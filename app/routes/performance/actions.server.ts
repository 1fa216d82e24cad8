// The performance page's one action, by intent: the seats ticked on the map or the list and
// the general-admission quantities ("places", as the form always sent), or the N best seats
// of a sector or of the whole hall ("best"); the places of the first kind are booked instead
// when its Book button sent the form. Success goes to the checkout (or to the bookings); a
// refusal comes back translated with its 4xx and what the buyer had chosen.
import { endpoints, idPath } from "@contract";
import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import { z } from "zod";
import { readPlaceSelection } from "~/lib/place-selection";
import { maxPlacesPerPurchase } from "~/lib/purchase-limits";
import {
  afterHoldPath,
  type HoldOrigin,
  holdFailureStatus,
  holdInProcess,
  holdPlacesAndCheckout,
} from "~/services/purchase.server";
import { tabIdOf } from "~/services/purchase-timer.server";
import type { RequestContext } from "~/services/request-context.server";
import { bookSelection } from "./booking.server";

/**
 * Said on the checkout after a best-available hold that could not seat the group side by
 * side (spec §8).
 */
export const notContiguousNotice = "checkout:groupHolds.notContiguous";

/** What the buyer sent, to show the form again as it was. */
export type ChosenValues = {
  intent: "places" | "best";
  quantities: Record<string, string>;
  seats: number[];
  quantity: string;
  sector: string;
};

export const bestAvailableForm = z.object({
  quantity: z.coerce
    .number({ error: "quantityRequired" })
    .int({ error: "quantityInvalid" })
    .min(1, { error: "quantityRequired" })
    .max(maxPlacesPerPurchase, { error: "quantityTooMany" }),
  /** Empty: the best seats of the whole hall. */
  sector: z.union([z.literal(""), idPath]).optional(),
});

function valuesOf(form: FormData): ChosenValues {
  const quantities: Record<string, string> = {};
  const seats: number[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (name.startsWith("qty-")) quantities[name] = value;
    if (name === "seat" && /^[0-9]{1,10}$/.test(value)) seats.push(Number(value));
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    intent: form.get("intent") === "best" ? "best" : "places",
    quantities,
    seats,
    quantity: text("quantity"),
    sector: text("sector"),
  };
}

const refused = (error: string, values: ChosenValues, status: number) =>
  data({ error, values }, { status });

export async function performanceAction(
  shop: RequestContext,
  t: TFunction,
  performanceId: number,
  form: FormData,
) {
  const values = valuesOf(form);
  if (values.intent === "best") {
    return bestAvailable(shop, t, { performanceId, tabId: tabIdOf(form) }, values);
  }

  const picked = readPlaceSelection(form);
  if (!picked.ok) {
    return refused(t(`validation:${picked.error}`, { max: maxPlacesPerPurchase }), values, 400);
  }
  if (form.get("booking") === "book") {
    // Each form picks one kind of place; a booking is of seats or of sectors, not both.
    const { sectors, seats } = picked.selection;
    if (sectors.length > 0 && seats.length > 0) {
      return refused(t("validation:quantityInvalid"), values, 400);
    }
    const failure = await bookSelection(shop, performanceId, picked.selection, form, t);
    const unaccepted = failure.code === "BOOKING_CONDITIONS_NOT_ACCEPTED";
    return refused(failure.message, values, unaccepted ? 422 : holdFailureStatus(failure));
  }
  const failure = await holdPlacesAndCheckout(
    shop,
    {
      idFuncion: performanceId,
      listaSectores: picked.selection.sectors,
      listaPosiciones: picked.selection.seats,
    },
    tabIdOf(form),
  );
  return refused(failure.message, values, holdFailureStatus(failure));
}

async function bestAvailable(
  shop: RequestContext,
  t: TFunction,
  origin: HoldOrigin,
  values: ChosenValues,
) {
  const { performanceId } = origin;
  const parsed = bestAvailableForm.safeParse({ quantity: values.quantity, sector: values.sector });
  if (!parsed.success) {
    const sectorWrong = parsed.error.issues.some((issue) => issue.path[0] === "sector");
    // A sector that cannot exist is answered as the API answers one that is not the
    // performance's (a field error).
    if (sectorWrong) return refused(t("errors:VALIDATION"), values, 400);
    const key = parsed.error.issues[0]?.message ?? "quantityInvalid";
    return refused(t(`validation:${key}`, { max: maxPlacesPerPurchase }), values, 400);
  }
  const { quantity, sector } = parsed.data;
  const result = await holdInProcess(shop, origin, (id, ctProcess) =>
    shop.commerce.call(endpoints.takeGroup, {
      params: { id },
      body: {
        idFuncion: performanceId,
        nCantidad: quantity,
        ...(sector ? { idSector: sector } : {}),
        ctProcess,
      },
    }),
  );
  if (!result.ok) return refused(result.message, values, holdFailureStatus(result));
  if (!result.data.lContiguas) shop.session.flash("notice", notContiguousNotice);
  throw redirect(await afterHoldPath(shop, result.data, performanceId));
}
