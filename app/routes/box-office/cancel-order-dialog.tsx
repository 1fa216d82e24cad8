// "Cancel order no. N?": a section of the page without JavaScript, a modal dialog with it
// (ModalDialog). Its button posts the cancellation; Escape, like its link, keeps the order.
import type { Order } from "@contract";
import { Form, Link, useNavigation } from "react-router";
import { ModalDialog } from "~/components/modal-dialog";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

export function CancelOrderDialog({ sale }: { sale: Order }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
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
      <Form method="post" className="flex flex-wrap gap-3 mt-4">
        <input type="hidden" name="idPedido" value={sale.idPedido} />
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="button-primary"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            // One cancellation per click: a second press while it is sent does nothing.
            if (busy) event.preventDefault();
          }}
        >
          {busy ? t("checkout:boxOffice.cancelling") : t("checkout:boxOffice.confirmCancel")}
        </button>
        <Link to="/myBookingsBox" className="button-secondary" data-dialog-default>
          {t("checkout:boxOffice.keep")}
        </Link>
      </Form>
    </ModalDialog>
  );
}
