// An order's totals as §3 lists them, each on its own line: tickets, promotions, delivery,
// the anti-fraud QR charge, the service charge, the total, and what is paid and pending.
// The API computes them (orders/order-totals.ts) and the bill prints the same figures.
import type { Order } from "@contract";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

export function OrderTotals({ order }: { order: Order }) {
  const { t } = useTranslation();
  const headingId = `order-${order.idPedido}-totals`;
  const lines: Array<[string, string, boolean?]> = [
    [t("account:orders.totals.tickets"), formatPrice(order.fTotalTickets)],
    ...(order.fDescuento > 0
      ? [
          [t("account:orders.totals.discount"), `−${formatPrice(order.fDescuento)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [t("account:orders.totals.delivery"), formatPrice(order.fCargoEntrega)],
    [t("account:orders.totals.antiFraudQr"), formatPrice(order.fCargoQr)],
    [t("account:orders.totals.serviceCharge"), formatPrice(order.fCargoServicio)],
    [t("account:orders.totals.total"), formatPrice(order.fTotal), true],
    [t("account:orders.totals.paid"), formatPrice(order.fTotalPagado)],
    [t("account:orders.totals.pending"), formatPrice(order.fPendiente)],
  ];
  return (
    <section aria-labelledby={headingId} className="mt-2">
      <h3 id={headingId} className="font-semibold">
        {t("account:orders.totals.heading")}
      </h3>
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
