// My orders' notice of the buyer's purchase that is not an order yet because its payment did
// not go through or is still being decided, with the way to the payment change page. Orders
// exist only once paid, so it is the purchase the session is running (awaitingPaymentOf).
import { Link } from "react-router";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { payChangePath } from "~/lib/pay-result";
import type { AwaitingPayment } from "./pay-change.server";

export function AwaitingPaymentNotice({ awaiting }: { awaiting: AwaitingPayment }) {
  const { t, i18n } = useTranslation();
  const values = {
    show: awaiting.show,
    total: formatPrice(awaiting.total),
    until: formatDateTime(awaiting.until, i18n.language as Locale),
  };
  return (
    <section
      aria-labelledby="awaiting-payment-heading"
      className="bg-white border border-amber-400 rounded-xl p-4 mb-4"
    >
      <h2 id="awaiting-payment-heading">{t("checkout:payChange.awaitingHeading")}</h2>
      <p>
        {awaiting.deciding
          ? t("checkout:payChange.awaitingDeciding", values)
          : t("checkout:payChange.awaitingText", values)}
      </p>
      <p className="mt-2">
        <Link to={payChangePath(awaiting.processId)} className="button-primary">
          {t("checkout:payChange.open")}
        </Link>
      </p>
    </section>
  );
}
