// /BuyTicketBox?idProcesoDeCompra=…&idFuncion=… (clerks only): the box office sells the
// places a BOX process holds to a walk-in buyer, in cash or by card (typed on Bancard's form,
// framed here; with the sandbox acquirer, its fields); the tickets are printed at once on the
// next page.
import { useCallback, useState } from "react";
import { BancardFramedForm } from "~/components/acquirer-form/bancard-framed-form";
import { useTranslation } from "~/lib/i18n";
import { nextAttemptKeyOf } from "~/lib/payment-attempt";
import { paymentProviderPage } from "~/lib/payment-provider-pages";
import { seoMeta } from "~/lib/seo";
import { ExpiredDialog } from "~/routes/buy-ticket/expired-dialog";
import { HeldPlaces } from "~/routes/buy-ticket/held-places";
import { PurchaseHeading } from "~/routes/buy-ticket/purchase-heading";
import { bancardFormToFrame, paysOnBancardForm } from "~/services/bancard-form.server";
import { requireBoxClerk } from "~/services/box-office.server";
import { getT } from "~/services/i18n.server";
import { claimTab, tabIdOf } from "~/services/purchase-timer.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/sale";
import { PaymentLinkForm } from "./payment-link-form";
import { loadSale, saleAction, saleOf } from "./sale.server";
import { SaleForm } from "./sale-form";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireBoxClerk(args);
  const url = new URL(args.request.url);
  const sale = await loadSale(shop, saleOf(url).processId);
  const t = getT(args.context);
  const payment = sale.process.oPago;
  return {
    ...sale,
    onBancardForm: paysOnBancardForm(),
    // Just opened on Bancard's form (scripted sell): framed on the page.
    cardForm: bancardFormToFrame(shop, sale.process.idProcesoDeCompra),
    // Back from Bancard's form with the card refused: why, for the clerk.
    refusal: payment?.cEstado === "RECHAZADO" ? payment.cMotivo : null,
    salePath: `${url.pathname}${url.search}`,
    now: Date.now(),
    currentYear: new Date().getFullYear(),
    seo: seoFor(args, {
      title: t("checkout:boxOffice.title"),
      description: t("checkout:boxOffice.title"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireBoxClerk(args);
  const form = await args.request.formData();
  claimTab(shop, tabIdOf(form));
  return saleAction(shop, args.request, saleOf(new URL(args.request.url)), form);
}

// A card at the counter: Bancard's card form, or its hosted page.
export const handle = paymentProviderPage("bancard");

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BuyTicketBox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { process } = loaderData;
  const [expired, setExpired] = useState(false);
  const onExpire = useCallback(() => setExpired(true), []);
  return (
    <div className="grid grid-cols-1 lg:grid-cols-[3fr_2fr] gap-8">
      <section aria-labelledby="box-sale-heading">
        <PurchaseHeading
          id="box-sale-heading"
          title={t("checkout:boxOffice.title")}
          deadline={process.dMaxima}
          renderedAt={loaderData.now}
          onExpire={onExpire}
        />
        <HeldPlaces process={process} sectorMoves={[]} asOrder />
      </section>
      <section aria-labelledby="box-sell-heading">
        <h2 id="box-sell-heading">{t("checkout:boxOffice.sellHeading")}</h2>
        {loaderData.refusal && !actionData ? (
          <p className="notice" role="alert">
            {t("checkout:boxOffice.refused", { reason: loaderData.refusal })}
          </p>
        ) : null}
        {loaderData.cardForm ? (
          <BancardFramedForm {...loaderData.cardForm} leavePath={loaderData.salePath} />
        ) : (
          <SaleForm
            onBancardForm={loaderData.onBancardForm}
            process={process}
            questions={loaderData.questions}
            idempotencyKey={nextAttemptKeyOf(actionData, loaderData.idempotencyKey)}
            currentYear={loaderData.currentYear}
            lastResult={actionData && "status" in actionData ? actionData : undefined}
          />
        )}
      </section>
      <PaymentLinkForm
        lastResult={actionData && "paymentLink" in actionData ? actionData.paymentLink : undefined}
      />
      {expired ? <ExpiredDialog /> : null}
    </div>
  );
}
