// The bills and credit notes of an order (spec §3: type, reference, point of sale, receipt
// number, CAE), each with its PDF. The order's owner downloads them from My orders; the box
// office from its list of sales (the counter's orders are the clerk's).
import type { Order } from "@contract";
import { formatDay, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";

const fileOf = { FACTURA: "bill.pdf", NOTA_DE_CREDITO: "credit-note.pdf" } as const;

export function OrderReceipts({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  if (order.listaComprobantes.length === 0) return null;
  const headingId = `order-${order.idPedido}-receipts`;
  return (
    <section aria-labelledby={headingId} className="mt-2">
      {/* A page lists many orders: each receipts section is a landmark of its own name. */}
      <h3 id={headingId} className="font-semibold">
        {t("account:orders.receipts.title")}
        <span className="sr-only">
          {" "}
          {t("account:orders.receipts.ofOrder", { number: order.idPedido })}
        </span>
      </h3>
      <ul className="list-disc pl-6">
        {order.listaComprobantes.map((receipt) => (
          <li key={receipt.idComprobante}>
            {t("account:orders.receipts.entry", {
              type: receipt.cTipoNombre,
              number: receipt.cNumero,
              date: formatDay(receipt.dFecha, locale),
              amount: formatPrice(receipt.fImporte),
            })}
            {receipt.cReferencia
              ? ` (${t("account:orders.receipts.references", { number: receipt.cReferencia })})`
              : null}{" "}
            ·{" "}
            {receipt.cCae && receipt.dVencimientoCae
              ? t("account:orders.receipts.cae", {
                  cae: receipt.cCae,
                  expiry: formatDay(receipt.dVencimientoCae, locale),
                })
              : t("account:orders.receipts.caePending")}{" "}
            ·{" "}
            <a href={`/myOrders/${order.idPedido}/${fileOf[receipt.cTipo]}`} download>
              {t("account:orders.receipts.download", {
                type: receipt.cTipoNombre,
                number: receipt.cNumero,
              })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
