// My orders' purchases that are not orders yet because their payment did not go through or
// is still being decided, each with what it owes (the §3 totals) and the way to the payment
// change page. The API lists them for the customer, whatever device started them
// (awaitingPaymentsOf); one paid or ended meanwhile is not among them.
import { Link } from "react-router";
import { OrderTotals } from "~/components/order-totals";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { payChangePath } from "~/lib/pay-result";
import type { AwaitingPayment } from "./pay-change.server";

const textOf = {
  payable: "checkout:payChange.awaitingText",
  challenge: "checkout:payChange.awaitingChallenge",
  deciding: "checkout:payChange.awaitingDeciding",
} as const;

export function AwaitingPayments({ list }: { list: AwaitingPayment[] }) {
  return list.map((awaiting) => (
    <AwaitingPaymentNotice key={awaiting.processId} awaiting={awaiting} />
  ));
}

function AwaitingPaymentNotice({ awaiting }: { awaiting: AwaitingPayment }) {
  const { t, i18n } = useTranslation();
  const id = `awaiting-payment-${awaiting.processId}`;
  const values = {
    show: awaiting.show,
    total: formatPrice(awaiting.totals.fPendiente),
    until: formatDateTime(awaiting.until, i18n.language as Locale),
  };
  return (
    <section aria-labelledby={id} className="bg-white border border-amber-400 rounded-xl p-4 mb-4">
      <h2 id={id}>{t("checkout:payChange.awaitingHeading", { number: awaiting.processId })}</h2>
      <p>{t(textOf[awaiting.state], values)}</p>
      <OrderTotals totals={awaiting.totals} id={id} number={awaiting.processId} />
      <p className="mt-2">
        <Link to={payChangePath(awaiting.processId)} className="button-primary">
          {t("checkout:payChange.open")}
          <span className="sr-only"> {awaiting.show}</span>
        </Link>
      </p>
    </section>
  );
}
