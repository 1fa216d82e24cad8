// The payments of an order (spec §3: count, card, last 4 digits, installments): each attempt
// of its purchase, approved or not, with why a refused one was refused.
import type { Order } from "@contract";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

export function OrderPayments({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  if (order.nPagos === 0) return null;
  const headingId = `order-${order.idPedido}-payments`;
  return (
    <section aria-labelledby={headingId} className="mt-2">
      <h3 id={headingId} className="font-semibold">
        {t("account:orders.payments.title", { count: order.nPagos })}
      </h3>
      <ul className="list-disc pl-6">
        {order.listaPagos.map((payment) => (
          <li key={payment.dFecha + payment.cEstado}>
            {formatDateTime(payment.dFecha, locale)} ·{" "}
            {payment.cBilletera
              ? payment.cBilletera
              : order.cMedioDePago === "CASH"
                ? t("account:orders.payments.cash")
                : t("account:orders.payments.card", {
                    brand: payment.cMarca ?? "",
                    last4: payment.cUltimos4 ?? "····",
                  })}{" "}
            ·{" "}
            {payment.nCuotas === 1
              ? t("account:orders.payments.single", { amount: formatPrice(payment.fMonto) })
              : t("account:orders.payments.installments", {
                  count: payment.nCuotas,
                  total: formatPrice(payment.fTotalCuotas),
                })}{" "}
            · <strong>{t(`account:orders.payments.states.${payment.cEstado}`)}</strong>
            {payment.cMotivo ? ` (${payment.cMotivo})` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
