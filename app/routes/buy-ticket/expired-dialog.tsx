// The clock ran out (§4): 'Purchase process canceled' with one OK, which cancels and leaves.
// A real modal: the checkout behind it is inert, and Escape is the same as OK.
import { Form } from "react-router";
import { ModalDialog } from "~/components/modal-dialog";
import { useTranslation } from "~/lib/i18n";

export function ExpiredDialog() {
  const { t } = useTranslation();
  return (
    <ModalDialog labelledBy="expired-title">
      <h2 id="expired-title">{t("checkout:canceledTitle")}</h2>
      <p>{t("layout:notices.purchaseExpired")}</p>
      <Form method="post">
        <button
          type="submit"
          name="intent"
          value="expired"
          className="button-primary"
          data-dialog-default
        >
          {t("layout:attention.ok")}
        </button>
      </Form>
    </ModalDialog>
  );
}
