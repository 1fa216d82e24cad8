// /myBookingsBox (clerks only): the counter's bookings — its sales, newest first, each with
// its buyer, what was sold, how it was paid, its tickets to print again, its bill and credit
// note, and a way to cancel it (after a confirmation: ?anular={id}); before them, the
// counter's open bookings (counter-bookings.tsx; released after ?liberar={id}).
import { endpoints, idParam } from "@contract";
import { Link } from "react-router";
import { ErrorSummary } from "~/components/error-summary";
import { OrderReceipts } from "~/components/order-receipts";
import { OrderTotals } from "~/components/order-totals";
import { isProduct } from "~/lib/browse-paths";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { seoMeta } from "~/lib/seo";
import { bookingAction, bookingToRelease } from "~/routes/my-bookings/bookings.server";
import { ReleaseBookingDialog } from "~/routes/my-bookings/release-dialog";
import { requireBoxClerk } from "~/services/box-office.server";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/counter-sales";
import { cancelCounterSale } from "./cancel-order.server";
import { CancelOrderDialog } from "./cancel-order-dialog";
import { CounterBookings } from "./counter-bookings";

const isCancelled = (status: string) => status === "CANCELLED" || status === "CANCELLING";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireBoxClerk(args);
  const [salesAnswer, bookingsAnswer] = await Promise.all([
    shop.commerce.call(endpoints.counterSales),
    shop.commerce.call(endpoints.bookings),
  ]);
  const sales = orThrow(salesAnswer).Lista;
  const bookings = orThrow(bookingsAnswer).Lista.filter((booking) => booking.ctProcess === "BOX");
  const t = getT(args.context);
  const asked = idParam.safeParse(new URL(args.request.url).searchParams.get("anular"));
  const cancelling = asked.success
    ? (sales.find((sale) => sale.idPedido === asked.data && !isCancelled(sale.cEstado)) ?? null)
    : null;
  return {
    sales,
    cancelling,
    bookings,
    releasing: bookingToRelease(args.request, bookings),
    seo: seoFor(args, {
      title: t("checkout:boxOffice.salesTitle"),
      description: t("checkout:boxOffice.salesTitle"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireBoxClerk(args);
  const form = await args.request.formData();
  if (form.get("intent") === "release") return bookingAction(shop, form, "/myBookingsBox");
  return cancelCounterSale(shop, form);
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function CounterSales({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return (
    <section aria-labelledby="counter-sales-heading">
      <h1 id="counter-sales-heading">{t("checkout:boxOffice.salesTitle")}</h1>
      {actionData ? (
        <ErrorSummary
          id="cancel-failure"
          messages={[actionData.failure || t("validation:invalid")]}
          attempt={actionData}
        />
      ) : null}
      {loaderData.cancelling ? <CancelOrderDialog sale={loaderData.cancelling} /> : null}
      {loaderData.releasing ? (
        <ReleaseBookingDialog booking={loaderData.releasing} backTo="/myBookingsBox" />
      ) : null}
      <CounterBookings bookings={loaderData.bookings} />
      {loaderData.sales.length === 0 ? <p>{t("checkout:boxOffice.noSales")}</p> : null}
      <ul className="space-y-3">
        {loaderData.sales.map((sale) => (
          <li key={sale.idPedido}>
            <article
              aria-labelledby={`sale-${sale.idPedido}`}
              className="bg-white border border-stone-200 rounded-xl p-4"
            >
              <h2 id={`sale-${sale.idPedido}`}>
                {t("account:orders.orderNumber", { number: sale.idPedido })} — {sale.cComprador}
              </h2>
              <p className="text-sm text-stone-600 mb-2">
                {formatDateTime(sale.dFecha, locale)} ·{" "}
                {t(`checkout:boxOffice.media.${sale.cMedioDePago}`)}
              </p>
              <ul className="list-disc pl-6 mb-2">
                {sale.listaFunciones.map((line) => (
                  <li key={line.idFuncion}>
                    {line.oEspectaculo.cEspectaculoCartelNombre} ·{" "}
                    {isProduct(line.oEspectaculo)
                      ? t("checkout:quantity", { count: line.listaTickets.length })
                      : `${formatDateTime(line.oFuncionFecha.dFecha, locale)} · ${t("checkout:tickets", { count: line.listaTickets.length })}`}
                  </li>
                ))}
              </ul>
              {isCancelled(sale.cEstado) ? (
                <p className="font-semibold">{t(`account:orders.states.${sale.cEstado}`)}</p>
              ) : null}
              <OrderTotals
                totals={sale}
                id={`sale-${sale.idPedido}`}
                number={sale.idPedido}
                shows={sale.listaFunciones.map((line) => line.oEspectaculo)}
              />
              <OrderReceipts order={sale} />
              {sale.cEstado === "CANCELLED" ? null : (
                <p className="flex flex-wrap gap-3 mt-2">
                  {sale.cEstado === "CANCELLING" ? null : (
                    <a
                      href={`/myOrders/${sale.idPedido}/eticket.pdf`}
                      className="button-secondary"
                      target="_blank"
                      rel="noreferrer"
                    >
                      {t("checkout:boxOffice.printAgain")}
                    </a>
                  )}
                  <Link to={`/myBookingsBox?anular=${sale.idPedido}`} className="button-secondary">
                    {t("checkout:boxOffice.cancel")}
                    <span className="sr-only">
                      {" "}
                      {t("account:orders.orderNumber", { number: sale.idPedido })}
                    </span>
                  </Link>
                </p>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
