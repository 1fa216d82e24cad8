import { endpoints } from "@contract";
import { OrderPayments } from "~/components/order-payments";
import { OrderReceipts } from "~/components/order-receipts";
import { OrderTotals } from "~/components/order-totals";
import { addressLine } from "~/lib/address-line";
import { isProduct } from "~/lib/browse-paths";
import { distinctParts } from "~/lib/distinct-parts";
import { formatDateTime, formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { seoMeta } from "~/lib/seo";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/my-orders";
import { AwaitingPayments } from "./pay-change/awaiting-payment";
import { awaitingPaymentsOf } from "./pay-change/pay-change.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const [found, awaitingPayments] = await Promise.all([
    shop.commerce.call(endpoints.orders),
    awaitingPaymentsOf(shop),
  ]);
  const orders = orThrow(found).Lista;
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("account:orders.title"),
    description: t("browse:meta.orders.description"),
    noindex: true,
  });
  return { orders, awaitingPayments, title: t("account:orders.title"), seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <section>
      <h1>{t("account:orders.title")}</h1>
      <AwaitingPayments list={loaderData.awaitingPayments} />
      {loaderData.orders.length === 0 ? <p>{t("account:orders.none")}</p> : null}
      <ul className="flex flex-col gap-4">
        {loaderData.orders.map((order) => (
          <li key={order.idPedido}>
            <article
              className="bg-white border border-stone-200 rounded-xl p-4"
              aria-labelledby={`order-${order.idPedido}`}
            >
              <h2 id={`order-${order.idPedido}`}>
                {t("account:orders.orderNumber", { number: order.idPedido })}
              </h2>
              <p className="text-sm text-stone-600 mb-2">
                {formatDateTime(order.dFecha, locale)} · {order.cEntrega} ·{" "}
                {t(`account:orders.states.${order.cEstado}`, { defaultValue: order.cEstado })}
              </p>
              {order.oDomicilioEntrega ? (
                <p className="text-sm mb-2">
                  {t("account:orders.deliveryTo", {
                    address: addressLine(order.oDomicilioEntrega),
                  })}
                </p>
              ) : null}
              {order.listaFunciones.map((line) => (
                <div key={line.idFuncion} className="mb-2">
                  <h3 className="font-semibold">{line.oEspectaculo.cEspectaculoCartelNombre}</h3>
                  {line.listaDatos.map((datum) => (
                    <p key={datum.cCodigo} className="text-sm">
                      {datum.cEtiqueta}: {datum.cValor}
                    </p>
                  ))}
                  {/* A product (§3) shows its quantity and no date. */}
                  {isProduct(line.oEspectaculo) ? (
                    <>
                      <p>{line.cEstablecimientoNombre}</p>
                      <p>
                        {t("checkout:quantity", { count: line.listaTickets.length })} ·{" "}
                        {formatPrice(line.listaTickets.reduce((sum, x) => sum + x.fPrecio, 0))}
                      </p>
                    </>
                  ) : (
                    <>
                      <p>
                        {formatDateTime(line.oFuncionFecha.dFecha, locale)} —{" "}
                        {line.cEstablecimientoNombre}
                      </p>
                      <ul className="list-disc pl-6">
                        {line.listaTickets.map((ticket) => (
                          <li key={ticket.idTicket}>
                            {distinctParts([
                              ticket.cSectorNombre,
                              ticket.nNumero !== null
                                ? t("checkout:seat", { row: ticket.cFila, number: ticket.nNumero })
                                : t("checkout:performance.generalAdmission"),
                            ]).join(" · ")}{" "}
                            · {formatPrice(ticket.fPrecio)}
                            {ticket.cPromocionNombre ? (
                              <>
                                {" "}
                                ·{" "}
                                {t("checkout:promotions.ticketPromotion", {
                                  name: ticket.cPromocionNombre,
                                  discount: formatPrice(ticket.fDescuento),
                                })}
                              </>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
              ))}
              {order.cUltimos4 ? (
                <p>{t("account:orders.card", { last4: order.cUltimos4 })}</p>
              ) : null}
              <OrderTotals
                totals={order}
                id={`order-${order.idPedido}`}
                number={order.idPedido}
                shows={order.listaFunciones.map((line) => line.oEspectaculo)}
              />
              <OrderPayments order={order} />
              <OrderReceipts order={order} />
              {/* A cancelled order's tickets are void: nothing to print or to put in a calendar. */}
              {order.cEstado === "CANCELLED" || order.cEstado === "CANCELLING" ? null : (
                <p className="mt-2">
                  <a
                    href={`/myOrders/${order.idPedido}/eticket.pdf`}
                    className="button-primary"
                    download
                  >
                    {order.listaFunciones.every((line) => isProduct(line.oEspectaculo))
                      ? t("account:orders.downloadVoucher")
                      : t("account:orders.downloadEticket")}
                  </a>
                  {order.listaFunciones.some((line) => !isProduct(line.oEspectaculo)) ? (
                    <a
                      href={`/myOrders/${order.idPedido}/calendar.ics`}
                      className="button-secondary ml-3"
                      download
                    >
                      {t("account:orders.addToCalendar")}
                    </a>
                  ) : null}
                </p>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
