// What the checkout says when PayPal is offered: the buyer approves the payment on PayPal's
// page and comes back for the result. Without JavaScript the card fields stay on the form,
// so the note says to leave them empty.
import type { PaymentMethod2 } from "@contract";
import { useTranslation } from "~/lib/i18n";

export function PayPalNote({
  methods,
  chosen,
}: {
  methods: Pick<PaymentMethod2, "cTipo">[];
  /** PayPal is the method chosen and the page follows the choice (JavaScript). */
  chosen: boolean;
}) {
  const { t } = useTranslation();
  if (!methods.some((method) => method.cTipo === "PAYPAL")) return null;
  return (
    <p className="text-sm text-stone-600" id="paypal-note">
      {chosen ? t("checkout:paypal.chosen") : t("checkout:paypal.noCard")}
    </p>
  );
}
