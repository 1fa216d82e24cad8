// Booking the places a performance form picked (its Book button, booking-choice.tsx): seats
// by position, general admission by sector, each a booking of its own with the conditions as
// the buyer accepted them. The booking is not the running purchase (the session's process):
// it waits in My bookings (the counter's, for a clerk), where the page goes next.
import { endpoints } from "@contract";
import type { TFunction } from "i18next";
import { redirect } from "react-router";
import type { PlaceSelection } from "~/lib/place-selection";
import type { CommerceFailure } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Books the selection; redirects to the bookings on success, else answers the refusal. */
export async function bookSelection(
  shop: RequestContext,
  performanceId: number,
  selection: PlaceSelection,
  form: FormData,
  t: TFunction,
): Promise<CommerceFailure> {
  const forCounter = shop.user?.lTaquilla === true;
  const common = {
    idFuncion: performanceId,
    lAceptaCondiciones: form.get("acceptBookingConditions") === "on",
    ...(forCounter
      ? {
          ctProcess: "BOX" as const,
          oComprador: {
            cNombre: text(form, "bookingBuyerName"),
            cEmail: text(form, "bookingBuyerEmail"),
          },
        }
      : {}),
  };
  const params = { id: 0 };
  const result =
    selection.seats.length > 0
      ? await shop.commerce.call(endpoints.bookByPosition, {
          params,
          body: { ...common, listaPosiciones: selection.seats },
        })
      : await shop.commerce.call(endpoints.bookByPerformance, {
          params,
          body: { ...common, listaSectores: selection.sectors },
        });
  if (!result.ok) return result.code === "VALIDATION" ? buyerFieldsExplained(result, t) : result;
  shop.session.flash("notice", "account:bookings.booked");
  throw redirect(forCounter ? "/myBookingsBox" : "/myBookings");
}

/** A clerk's booking refused for the buyer's fields says which and why (else as the API). */
function buyerFieldsExplained(failure: CommerceFailure, t: TFunction): CommerceFailure {
  const buyerErrors = Object.entries(failure.fieldErrors ?? {}).filter(([field]) =>
    field.startsWith("oComprador."),
  );
  if (buyerErrors.length === 0) return failure;
  const messages = buyerErrors.flatMap(([, keys]) => keys.map((key) => t(`validation:${key}`)));
  return { ...failure, message: messages.join(" ") };
}
