// The clock ran out (§4): 'Purchase process canceled' with one OK, which cancels and leaves.
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/lib/i18n";

export function ExpiredDialog() {
  const { t } = useTranslation();
  const okButton = useRef<HTMLButtonElement>(null);
  useEffect(() => okButton.current?.focus(), []);
  return (
    <dialog open aria-labelledby="expired-title" aria-modal="true" className="dialog">
      <h2 id="expired-title">{t("checkout:canceledTitle")}</h2>
      <p>{t("layout:notices.purchaseExpired")}</p>
      <Form method="post">
        <button
          ref={okButton}
          type="submit"
          name="intent"
          value="expired"
          className="button-primary"
        >
          {t("layout:attention.ok")}
        </button>
      </Form>
    </dialog>
  );
}
