// /payConfirmLinkPago?idProcesoDeCompra=…&clave=… (no login, spec §2): how a payment link's
// payment went. Being verified (or back from the bank's page), it asks again every 2 s by a
// meta refresh, with or without JavaScript; paid, it says the tickets go by mail; refused,
// it goes back to the link to try again.
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { paymentLinkPath } from "~/lib/payment-link";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/confirm";
import { linkOfRequest, loadPaymentLink } from "./payment-link.server";

type Outcome = "paid" | "verifying" | "refused" | "closed";

export async function loader(args: Route.LoaderArgs) {
  const link = linkOfRequest(args.request, undefined);
  const view = await loadPaymentLink(getRequestContext(args).commerce, link);
  const state = view.oPago?.cEstado;
  const outcome: Outcome =
    view.cEstado === "PAID"
      ? "paid"
      : state === "VERIFICANDO" || state === "DESAFIO_3DS" || state === "PROCESANDO"
        ? "verifying"
        : view.cEstado === "ACTIVE"
          ? "refused"
          : "closed";
  const t = getT(args.context);
  return {
    outcome,
    reason: view.oPago?.cMotivo ?? null,
    orderId: view.idPedido,
    state: view.cEstado,
    linkPath: paymentLinkPath(link),
    seo: seoFor(args, { title: t(`checkout:paymentLink.result.${outcome}Title`), noindex: true }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seoMeta(loaderData?.seo),
  // Asked again while the bank decides; nothing else on the page changes meanwhile.
  ...(loaderData?.outcome === "verifying" ? [{ httpEquiv: "refresh", content: "2" }] : []),
];

export default function PaymentLinkResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { outcome } = loaderData;
  return (
    <section className="max-w-xl">
      {/* biome-ignore lint/a11y/noAutofocus: the page's answer: where the buyer starts reading. */}
      <h1 tabIndex={-1} autoFocus>
        {t(`checkout:paymentLink.result.${outcome}Title`)}
      </h1>
      {outcome === "paid" ? (
        <p>{t("checkout:paymentLink.result.paidText", { number: loaderData.orderId })}</p>
      ) : null}
      {outcome === "verifying" ? (
        <p role="status">{t("checkout:paymentLink.result.verifyingText")}</p>
      ) : null}
      {outcome === "refused" ? (
        <>
          <p>{loaderData.reason ?? t("checkout:paymentLink.result.refusedText")}</p>
          <p>
            <Link to={loaderData.linkPath} className="button-primary">
              {t("checkout:paymentLink.result.tryAgain")}
            </Link>
          </p>
        </>
      ) : null}
      {outcome === "closed" ? <p>{t(`checkout:paymentLink.closed.${loaderData.state}`)}</p> : null}
    </section>
  );
}
