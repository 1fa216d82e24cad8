// What the bookings lists do (POST, by intent): "pay" resumes a booking's payment and goes to
// its checkout; "release" frees its places and comes back to the list with a notice (post →
// redirect → get: a reload sends nothing twice; releasing twice is the same release to the
// API). A refusal is answered on the page with its reason. Shared by /myBookings and the
// counter's /myBookingsBox.
import { type Booking, endpoints, idParam } from "@contract";
import { data, redirect } from "react-router";
import { unavailableNow } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";

export type BookingActionData = { failure: string };

/** The booking ?liberar={id} asks to release, if it is one of the list. */
export function bookingToRelease(request: Request, bookings: readonly Booking[]) {
  const asked = idParam.safeParse(new URL(request.url).searchParams.get("liberar"));
  if (!asked.success) return null;
  return bookings.find((booking) => booking.idReserva === asked.data) ?? null;
}

export async function bookingAction(shop: RequestContext, form: FormData, listPath: string) {
  const id = idParam.safeParse(form.get("idReserva"));
  const intent = form.get("intent");
  if (!id.success || (intent !== "pay" && intent !== "release")) {
    return data({ failure: "" } satisfies BookingActionData, { status: 400 });
  }
  const params = { id: id.data };
  if (intent === "release") {
    const released = await shop.commerce.call(endpoints.releaseBooking, { params });
    if (released.ok) {
      shop.session.flash("notice", "account:bookings.released");
      return redirect(listPath);
    }
    return refused(released);
  }
  const resumed = await shop.commerce.call(endpoints.resumeBooking, { params });
  if (resumed.ok) return redirect(`/BuyTicket/${id.data}`);
  return refused(resumed);
}

function refused(failure: { code: string; message: string }) {
  const status = unavailableNow(failure) ? 503 : failure.code === "NOT_FOUND" ? 404 : 409;
  return data({ failure: failure.message } satisfies BookingActionData, { status });
}
