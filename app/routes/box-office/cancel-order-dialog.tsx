// "Cancel order no. N?": a section of the page without JavaScript, a modal dialog with it
// (ModalDialog). Its button posts the cancellation; Escape, like its link, keeps the order.
import type { Order } from "@contract";
import { ConfirmActions } from "~/components/confirm-actions";
import { ModalDialog } from "~/components/modal-dialog";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

export function CancelOrderDialog({ sale }: { sale: Order }) {
  const { t } = useTranslation();
  const total = formatPrice(sale.fTotalPagado);
  return (
    <ModalDialog labelledBy="cancel-title" describedBy="cancel-text">
      <h2 id="cancel-title">{t("checkout:boxOffice.cancelTitle", { number: sale.idPedido })}</h2>
      <div id="cancel-text">
        <p>
          {sale.cComprador} ·{" "}
          {sale.cMedioDePago === "CASH"
            ? t("checkout:boxOffice.cancelCash", { total })
            : t("checkout:boxOffice.cancelCard", { total })}
        </p>
        <p>{t("checkout:boxOffice.cancelEffects")}</p>
      </div>
      <ConfirmActions
        field={{ name: "idPedido", value: sale.idPedido }}
        intent="cancel"
        confirm={t("checkout:boxOffice.confirmCancel")}
        busy={t("checkout:boxOffice.cancelling")}
        keepTo="/myBookingsBox"
        keep={t("checkout:boxOffice.keep")}
      />
    </ModalDialog>
  );
}
