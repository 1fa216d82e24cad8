// The counter's bookings on /myBookingsBox: made at the box office for a named buyer, each
// with its places, total and expiry; charged at the counter or sent a payment link on its
// sale page (/BuyTicketBox, as any counter sale), or released after a confirmation.
import type { Booking } from "@contract";
import { Link } from "react-router";
import { boxSalePath } from "~/lib/box-office";
import { useTranslation } from "~/lib/i18n";
import { BookingCard, ReleaseBookingLink, WhichBooking } from "~/routes/my-bookings/booking-card";

export function CounterBookings({ bookings }: { bookings: readonly Booking[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="counter-bookings-heading" className="mb-8">
      <h2 id="counter-bookings-heading">{t("account:bookings.boxTitle")}</h2>
      <p>{t("account:bookings.boxIntro")}</p>
      {bookings.length === 0 ? <p>{t("account:bookings.boxNone")}</p> : null}
      <ul className="space-y-3">
        {bookings.map((booking) => {
          const performanceId = booking.listaFuncion[0]?.idFuncion ?? null;
          return (
            <li key={booking.idReserva}>
              <BookingCard
                booking={booking}
                actions={
                  <>
                    <Link
                      to={boxSalePath(booking.idReserva, performanceId)}
                      className="button-primary"
                    >
                      {t("account:bookings.payAtCounter")}
                      <WhichBooking booking={booking} />
                    </Link>
                    <ReleaseBookingLink booking={booking} listPath="/myBookingsBox" />
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
