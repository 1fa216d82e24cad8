// "Release booking no. N?": a section of the page without JavaScript, a modal dialog with it
// (ModalDialog). Its button posts the release; Escape, like its link, keeps the booking.
import type { Booking } from "@contract";
import { ConfirmActions } from "~/components/confirm-actions";
import { ModalDialog } from "~/components/modal-dialog";
import { useTranslation } from "~/lib/i18n";

export function ReleaseBookingDialog({ booking, backTo }: { booking: Booking; backTo: string }) {
  const { t } = useTranslation();
  return (
    <ModalDialog labelledBy="release-title" describedBy="release-text">
      <h2 id="release-title">
        {t("account:bookings.releaseTitle", { number: booking.idReserva })}
      </h2>
      <p id="release-text">{t("account:bookings.releaseEffects")}</p>
      <ConfirmActions
        action={backTo}
        field={{ name: "idReserva", value: booking.idReserva }}
        intent="release"
        confirm={t("account:bookings.confirmRelease")}
        busy={t("account:bookings.releasing")}
        keepTo={backTo}
        keep={t("account:bookings.keep")}
      />
    </ModalDialog>
  );
}
