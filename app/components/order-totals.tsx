// An order's totals as §3 lists them, each on its own line: tickets, promotions, delivery,
// the anti-fraud QR charge, the service charge, the total, and what is paid and pending.
// Every page that shows an order (My orders, the purchase-ended page, the payment change
// page, the box office's sale and sales) prints them with this one component, from the API's
// figures: an order's (orders/order-totals.ts, printed the same on its bill) or, for a
// purchase not paid yet, its own amounts (unpaidPurchaseTotals).

import { isProduct } from "~/lib/browse-paths";
import type { OrderTotalsFigures } from "~/lib/checkout-amounts";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

export function OrderTotals({
  totals,
  id,
  level = 3,
  number,
  shows = [],
}: {
  totals: OrderTotalsFigures;
  /** What the order holds: its first line says tickets, products (the shop's) or both. */
  shows?: ReadonlyArray<{ idEspectaculoCartelTipo: number }>;
  /** The order's (or purchase's) number: a page listing many repeats no landmark name. */
  number?: number;
  /** Unique on the page: names the heading the totals are labelled by. */
  id: string;
  /** The heading's level where the totals sit. */
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const headingId = `${id}-totals`;
  const Heading = level === 2 ? "h2" : "h3";
  const lines: Array<[string, string, boolean?]> = [
    [t(`account:orders.totals.${goodsOf(shows)}`), formatPrice(totals.fTotalTickets)],
    ...(totals.fDescuento > 0
      ? [
          [t("account:orders.totals.discount"), `−${formatPrice(totals.fDescuento)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [t("account:orders.totals.delivery"), formatPrice(totals.fCargoEntrega)],
    [t("account:orders.totals.antiFraudQr"), formatPrice(totals.fCargoQr)],
    [t("account:orders.totals.serviceCharge"), formatPrice(totals.fCargoServicio)],
    [t("account:orders.totals.total"), formatPrice(totals.fTotal), true],
    [t("account:orders.totals.paid"), formatPrice(totals.fTotalPagado)],
    [t("account:orders.totals.pending"), formatPrice(totals.fPendiente)],
  ];
  return (
    <section aria-labelledby={headingId} className="mt-2">
      <Heading id={headingId} className={level === 2 ? "text-lg" : "font-semibold"}>
        {t("account:orders.totals.heading")}
        {number === undefined ? null : (
          <span className="sr-only"> {t("account:orders.totals.ofOrder", { number })}</span>
        )}
      </Heading>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 max-w-sm">
        {lines.map(([label, amount, strong]) => (
          <div key={label} className="contents">
            <dt className={strong ? "font-bold" : undefined}>{label}</dt>
            <dd className={strong ? "font-bold text-right" : "text-right"}>{amount}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Tickets unless every line is a shop product; both when the order mixes them. */
function goodsOf(shows: ReadonlyArray<{ idEspectaculoCartelTipo: number }>) {
  const products = shows.filter(isProduct).length;
  if (products === 0) return "tickets";
  return products === shows.length ? "products" : "ticketsAndProducts";
}
