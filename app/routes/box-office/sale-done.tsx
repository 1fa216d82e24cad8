// /BuyTicketBox/ok/{idPedido} (clerks only): the counter sale is recorded; its tickets are
// printed at once (the PDF, one page per ticket, in the buyer's name), then the next sale.
import { endpoints, idPath } from "@contract";
import { Link } from "react-router";
import { OrderTotals } from "~/components/order-totals";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { requireBoxClerk } from "~/services/box-office.server";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/sale-done";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireBoxClerk(args);
  const orderId = idPath.safeParse(args.params.idPedido);
  if (!orderId.success) throw notFound();
  const sales = orThrow(await shop.commerce.call(endpoints.counterSales));
  const sale = sales.Lista.find((order) => order.idPedido === orderId.data);
  if (!sale) throw notFound();
  const t = getT(args.context);
  return {
    sale,
    seo: seoFor(args, {
      title: t("checkout:boxOffice.doneTitle"),
      description: t("checkout:boxOffice.doneTitle"),
      noindex: true,
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BoxSaleDone({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sale } = loaderData;
  const tickets = sale.listaFunciones.reduce((sum, line) => sum + line.listaTickets.length, 0);
  return (
    <section className="prose-page" aria-labelledby="box-done-heading">
      <h1 id="box-done-heading">{t("checkout:boxOffice.doneTitle")}</h1>
      <p>
        {t("checkout:boxOffice.doneText", {
          number: sale.idPedido,
          buyer: sale.cComprador ?? "",
          total: formatPrice(sale.fTotalPagado),
        })}
      </p>
      <p>{t(`checkout:boxOffice.media.${sale.cMedioDePago}`)}</p>
      <div className="mb-4">
        <OrderTotals
          totals={sale}
          id={`sale-${sale.idPedido}`}
          level={2}
          shows={sale.listaFunciones.map((line) => line.oEspectaculo)}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <a
          href={`/myOrders/${sale.idPedido}/eticket.pdf`}
          className="button-primary"
          target="_blank"
          rel="noreferrer"
        >
          {t("checkout:boxOffice.print", { count: tickets })}
        </a>
        <Link to="/" className="button-secondary">
          {t("checkout:boxOffice.nextSale")}
        </Link>
        <Link to="/myBookingsBox" className="button-link">
          {t("checkout:boxOffice.salesLink")}
        </Link>
      </div>
    </section>
  );
}
