// One booking in a list: its performances with their places, its total and expiry, and what
// can be done with it (the `actions` of the list it is in).
import type { Booking } from "@contract";
import { Link } from "react-router";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

export function BookingCard({ booking, actions }: { booking: Booking; actions: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const headingId = `booking-${booking.idReserva}`;
  return (
    <article
      aria-labelledby={headingId}
      className="bg-white border border-stone-200 rounded-xl p-4"
    >
      <h2 id={headingId}>
        {t("account:bookings.bookingNumber", { number: booking.idReserva })}
        {booking.oComprador
          ? ` — ${t("account:bookings.forBuyer", { name: booking.oComprador.cNombre })}`
          : null}
      </h2>
      {booking.listaFuncion.map((line) => (
        <div key={line.idFuncion} className="mb-2">
          <h3 className="font-semibold">{line.oEspectaculo.cEspectaculoCartelNombre}</h3>
          <p className="mb-1">{formatDateTime(line.oFuncionFecha.dFecha, locale)}</p>
          <ul className="list-disc pl-6">
            {line.listaPosiciones.map((place) => (
              <li key={place.idPosicion}>
                {place.cSectorNombre}
                {place.cFila !== null && place.nNumero !== null
                  ? ` · ${t("checkout:seat", { row: place.cFila, number: place.nNumero })}`
                  : null}{" "}
                · {formatPrice(place.fPrecioFinal)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="font-semibold mb-1">
        {t("account:bookings.total", { total: formatPrice(booking.fTotal) })} ·{" "}
        {t("checkout:tickets", { count: booking.nCantidadTotal })}
      </p>
      <p className="mb-2">
        {t("account:bookings.expires", { date: formatDateTime(booking.dVence, locale) })}
      </p>
      <div className="flex flex-wrap gap-3">{actions}</div>
    </article>
  );
}

/** Names the booking to a screen reader after an action's words ("Pay", "Release"). */
export function WhichBooking({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  return (
    <span className="sr-only">
      {" "}
      {t("account:bookings.bookingNumber", { number: booking.idReserva })}
    </span>
  );
}

/** Release asks first: the list's page with the booking named opens its confirmation. */
export function ReleaseBookingLink({ booking, listPath }: { booking: Booking; listPath: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`${listPath}?liberar=${booking.idReserva}`} className="button-secondary">
      {t("account:bookings.release")}
      <WhichBooking booking={booking} />
    </Link>
  );
}
