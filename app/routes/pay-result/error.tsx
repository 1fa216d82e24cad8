// /payError: the payment did not go through (§4: failed, cancelled), or was given back
// because the places were lost meanwhile. It says why and offers to pay again with another
// method (the payment change page), or again at the checkout (its places are still held),
// while the purchase is still open.
import { Link, redirect } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { payChangePath } from "~/lib/pay-result";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import { paid } from "../buy-ticket/payment-outcome.server";
import type { Route } from "./+types/error";
import { processIdOfQuery, processWithPayment } from "./pay-result.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const processId = processIdOfQuery(args.request);
  const process = await processWithPayment(shop, processId);
  if (process.cEstado === "PAID") throw paid(shop, processId);
  const payment = process.oPago;
  // Nothing failed: the checkout (or its verification) is where the purchase stands.
  if (!payment || payment.cEstado === "APROBADO") throw redirect(`/BuyTicket/${processId}`);
  const outcome =
    payment.cEstado === "CANCELADO"
      ? "cancelled"
      : payment.cEstado === "DEVUELTO"
        ? "returned"
        : "failed";
  const t = getT(args.context);
  return {
    processId,
    outcome,
    reason: payment.cMotivo,
    canPayAgain: process.cEstado === "ACTIVE",
    seo: seoFor(args, {
      title: t(`checkout:payResult.${outcome}Title`),
      description: t("checkout:payResult.failedText"),
      noindex: true,
    }),
  } as const;
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PayError({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { processId, outcome, reason, canPayAgain } = loaderData;
  return (
    <section className="prose-page">
      <h1>{t(`checkout:payResult.${outcome}Title`)}</h1>
      <p role="status">
        {outcome === "failed"
          ? reason
            ? t("checkout:payResult.failedBecause", { reason })
            : t("checkout:payResult.failedText")
          : t(`checkout:payResult.${outcome}Text`)}
      </p>
      <p className="flex flex-wrap gap-3">
        {canPayAgain ? (
          <>
            <Link to={`/BuyTicket/${processId}`} className="button-primary">
              {t("checkout:payResult.payAgainHere")}
            </Link>
            <Link to={payChangePath(processId)} className="button-secondary">
              {t("checkout:payChange.payWithAnother")}
            </Link>
          </>
        ) : (
          <Link to="/" className="button-primary">
            {t("layout:errors.backToBillboard")}
          </Link>
        )}
        <Link to="/myOrders" className="button-secondary">
          {t("checkout:success.toOrders")}
        </Link>
      </p>
    </section>
  );
}
