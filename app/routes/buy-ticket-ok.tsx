import { endpoints, idPath } from "@contract";
import { Link, redirect } from "react-router";
import { OrderTotals } from "~/components/order-totals";
import { isProduct } from "~/lib/browse-paths";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { notFound } from "~/lib/responses";
import { seoMeta } from "~/lib/seo";
import { orThrow } from "~/services/commerce.server";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/buy-ticket-ok";

export async function loader(args: Route.LoaderArgs) {
  const { commerce } = requireUser(args);
  const id = idPath.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw notFound();
  const process = orThrow(await commerce.call(endpoints.process, { params: { id: id.data } }));
  if (process.cEstado !== "PAID" || process.idPedido === null) {
    throw redirect(`/BuyTicket/${process.idProcesoDeCompra}`);
  }
  // The order's totals as My orders shows them (paid from its approved payments).
  const order = orThrow(await commerce.call(endpoints.order, { params: { id: process.idPedido } }));
  const t = getT(args.context);
  const seo = seoFor(args, {
    title: t("checkout:success.title"),
    description: t("browse:meta.checkoutOk.description"),
    noindex: true,
  });
  return { process, order, orderId: process.idPedido, seo };
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PurchaseSucceeded({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { process, order, orderId } = loaderData;
  return (
    <section className="prose-page">
      <h1>{t("checkout:success.title")}</h1>
      <p role="status">{t("checkout:success.text", { order: orderId })}</p>
      <ul className="mb-4">
        {process.listaFuncion.map((line) => (
          <li key={line.idFuncion}>
            {line.oEspectaculo.cEspectaculoCartelNombre} —{" "}
            {isProduct(line.oEspectaculo)
              ? t("checkout:quantity", { count: line.nCantidadPosiciones })
              : t("checkout:tickets", { count: line.nCantidadPosiciones })}
          </li>
        ))}
      </ul>
      <p className="font-semibold">
        {t("checkout:success.paid", { total: formatPrice(order.fTotalPagado) })}
      </p>
      <div className="mb-4">
        <OrderTotals
          totals={order}
          id={`order-${orderId}`}
          level={2}
          shows={process.listaFuncion.map((line) => line.oEspectaculo)}
        />
      </div>
      <p className="flex flex-wrap gap-3">
        <a href={`/myOrders/${orderId}/eticket.pdf`} className="button-primary" download>
          {process.listaFuncion.every((line) => isProduct(line.oEspectaculo))
            ? t("account:orders.downloadVoucher")
            : t("account:orders.downloadEticket")}
        </a>
        <Link to="/myOrders" className="button-secondary">
          {t("checkout:success.toOrders")}
        </Link>
      </p>
    </section>
  );
}
