// Booking handlers: book places by performance or by seat, list the caller's bookings,
// resume a booking's payment, release one. Thin handlers over purchase/bookings.ts.
import {
  bookByPerformanceEndpoint,
  bookByPositionEndpoint,
  bookingsEndpoint,
  releaseBookingEndpoint,
  resumeBookingEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { listBookings, releaseBooking, resumeBooking, takeBooking } from "../purchase/bookings.ts";
import { loadProcessView } from "../purchase/view.ts";
import { ensureQueuePass } from "../queue/pass.ts";
import { implement } from "./register.ts";

export function bookingHandlers(deps: CommerceDeps) {
  return [
    implement(bookByPerformanceEndpoint, async ({ params, body, customerId, language }) => {
      const take = { processId: params.id, customerId, request: body };
      await ensureQueuePass(deps, take);
      const process = await takeBooking(deps, take);
      return loadProcessView(deps, process, language);
    }),

    implement(bookByPositionEndpoint, async ({ params, body, customerId, language }) => {
      const take = { processId: params.id, customerId, request: body };
      await ensureQueuePass(deps, take);
      const process = await takeBooking(deps, take);
      return loadProcessView(deps, process, language);
    }),

    implement(bookingsEndpoint, async ({ customerId, language }) => ({
      Lista: await listBookings(deps, { customerId, language }),
    })),

    implement(resumeBookingEndpoint, async ({ params, customerId, language }) => {
      const process = await resumeBooking(deps, { processId: params.id, customerId });
      return loadProcessView(deps, process, language, { withPayment: true });
    }),

    implement(releaseBookingEndpoint, ({ params, customerId }) =>
      releaseBooking(deps, { processId: params.id, customerId }),
    ),
  ];
}
