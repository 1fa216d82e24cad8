// "Release booking no. N?": a section of the page without JavaScript, a modal dialog with it
// (ModalDialog). Its button posts the release; Escape, like its link, keeps the booking.
import type { Booking } from "@contract";
import { Form, Link, useNavigation } from "react-router";
import { ModalDialog } from "~/components/modal-dialog";
import { useTranslation } from "~/lib/i18n";

export function ReleaseBookingDialog({ booking, backTo }: { booking: Booking; backTo: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <ModalDialog labelledBy="release-title" describedBy="release-text">
      <h2 id="release-title">
        {t("account:bookings.releaseTitle", { number: booking.idReserva })}
      </h2>
      <p id="release-text">{t("account:bookings.releaseEffects")}</p>
      <Form method="post" action={backTo} className="flex flex-wrap gap-3 mt-4">
        <input type="hidden" name="idReserva" value={booking.idReserva} />
        <button
          type="submit"
          name="intent"
          value="release"
          className="button-primary"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            // One release per click: a second press while it is sent does nothing.
            if (busy) event.preventDefault();
          }}
        >
          {busy ? t("account:bookings.releasing") : t("account:bookings.confirmRelease")}
        </button>
        <Link to={backTo} className="button-secondary" data-dialog-default>
          {t("account:bookings.keep")}
        </Link>
      </Form>
    </ModalDialog>
  );
}
