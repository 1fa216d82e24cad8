// /BuyTicket/{idProcesoDeCompra}: the checkout. The held places with their clock, then
// delivery, payment method and card in one plain form (it works without JavaScript). A card
// typed on Bancard's form: with JavaScript, paying loads this page again framing that form
// (bancard-card-form.tsx); without it, Bancard's page takes the card. Held seats can be moved
// to another sector of their performance from here.
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { BancardFramedForm } from "~/components/acquirer-form/bancard-framed-form";
import { buyingTabId, claimTabIntent, revalidateUnlessTabClaim } from "~/components/buying-tab";
import { cardPlansIntent } from "~/lib/card-plans";
import { checkoutAmounts, submittedDelivery } from "~/lib/checkout-amounts";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { cardFormLeftParam } from "~/lib/pay-result";
import { nextAttemptKeyOf, plansStepOf } from "~/lib/payment-attempt";
import { paymentProviderPage } from "~/lib/payment-provider-pages";
import { seoMeta } from "~/lib/seo";
import { bancardFormToFrame } from "~/services/bancard-form.server";
import { getT } from "~/services/i18n.server";
import { claimTab, tabIdOf } from "~/services/purchase-timer.server";
import { requireUser } from "~/services/request-context.server";
import { savedCardsOf } from "~/services/saved-cards.server";
import { seoFor } from "~/services/seo.server";
import { shopOrigin } from "~/services/shop-origin.server";
import type { Route } from "./+types/route";
import { cardPlansAction } from "./card-plans.server";
import { changeSectorAction } from "./change-sector.server";
import { checkoutAction, loadCheckout, processIdOf } from "./checkout.server";
import { ExpiredDialog } from "./expired-dialog";
import { ExtendTimeForm } from "./extend-time-form";
import { HeldPlaces } from "./held-places";
import { PaymentForm } from "./payment-form";
import { noticeOfPayPalCancel } from "./paypal.server";
import { productsAction } from "./products.server";
import { ProductsForm } from "./products-form";
import { PurchaseHeading } from "./purchase-heading";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const processId = processIdOf(args.params);
  noticeOfPayPalCancel(shop, args.request, processId);
  const [checkout, saved] = await Promise.all([loadCheckout(shop, processId), savedCardsOf(shop)]);
  const t = getT(args.context);
  const query = new URL(args.request.url).searchParams;
  return {
    ...checkout,
    // Bancard not answering leaves the new card: the saved ones are then not offered.
    savedCards: saved.cards,
    cardForm: bancardFormToFrame(shop, processId),
    /** Back from Bancard's form without paying: the places are still held. */
    cardFormLeft: query.get(cardFormLeftParam) === "cancelado",
    now: Date.now(),
    currentYear: new Date().getFullYear(),
    seo: seoFor(args, {
      title: t("checkout:title"),
      description: t("browse:meta.checkout.description"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const processId = processIdOf(args.params);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === cardPlansIntent) {
    return cardPlansAction(shop.commerce, getT(args.context), processId, form);
  }
  // Going on with the purchase is for the buying tab only; letting it go is for any tab.
  if (intent !== "cancel" && intent !== "expired") claimTab(shop, tabIdOf(form));
  if (intent === claimTabIntent) return { claimed: true };
  if (intent === "changeSector") {
    return changeSectorAction(shop, processId, form, getT(args.context));
  }
  if (intent === "products") return productsAction(shop, getT(args.context), processId, form);
  return checkoutAction(shop, getT(args.context), processId, form, shopOrigin(args.request));
}

export const shouldRevalidate = revalidateUnlessTabClaim;

// Bancard's card form is embedded here, or the payer is sent to Bancard's or PayPal's page.
export const handle = paymentProviderPage("bancard", "paypal");

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

/**
 * With JavaScript this tab tells the server it is buying, on opening the checkout and every
 * minute while it is open; a tab the purchase does not belong to is sent to payFinish.
 */
function useBuyingTabClaim() {
  const { submit } = useFetcher();
  useEffect(() => {
    const tabId = buyingTabId();
    if (tabId === null) return;
    const claim = () =>
      submit({ intent: claimTabIntent, tabId: String(tabId) }, { method: "post" });
    claim();
    const every = setInterval(claim, 60_000);
    // Back on a page the browser kept (it said it was going away): buying here again.
    const restored = (event: PageTransitionEvent) => event.persisted && claim();
    window.addEventListener("pageshow", restored);
    return () => {
      clearInterval(every);
      window.removeEventListener("pageshow", restored);
    };
  }, [submit]);
}

export default function BuyTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { process } = loaderData;
  useBuyingTabClaim();
  const [expired, setExpired] = useState(false);
  const onExpire = useCallback(() => setExpired(true), []);
  // The form to frame is said once (the render after paying): kept while the page stays.
  const [cardForm] = useState(loaderData.cardForm);
  // The delivery chosen on the form decides every amount on the page: as the buyer changes it
  // (JavaScript), else as last sent (a refused submit shows the choice it was sent with), else
  // the form's default.
  const [formDelivery, setFormDelivery] = useState<string | undefined>();
  const chosenId =
    formDelivery ??
    submittedDelivery(actionData) ??
    String(process.idEntregaTipo ?? loaderData.deliveryTypes[0]?.idEntregaTipo ?? "");
  const amounts = checkoutAmounts(
    process,
    loaderData.deliveryTypes.find((type) => String(type.idEntregaTipo) === chosenId),
  );

  return (
    <div className="checkout grid grid-cols-1 lg:grid-cols-[3fr_2fr] gap-8">
      <section aria-labelledby="held-heading">
        <PurchaseHeading
          id="held-heading"
          title={process.lReserva ? t("checkout:booking.payTitle") : t("checkout:title")}
          deadline={process.dMaxima}
          renderedAt={loaderData.now}
          onExpire={onExpire}
        />
        {process.lReserva ? (
          <p>
            {t("checkout:booking.payUntil", {
              until: formatDateTime(process.dMaxima, i18n.language as Locale),
            })}
          </p>
        ) : null}
        <ExtendTimeForm minutes={process.nMinutosExtension} />
        <HeldPlaces
          process={process}
          amounts={amounts}
          sectorMoves={loaderData.sectorMoves}
          moveRefused={
            actionData && "changeSector" in actionData ? actionData.changeSector : undefined
          }
        />
        <ProductsForm
          products={loaderData.products}
          refused={actionData && "products" in actionData ? actionData.products : undefined}
        />
      </section>

      <section aria-labelledby="pay-heading">
        <h2 id="pay-heading">{t("checkout:payHeading")}</h2>
        {loaderData.cardFormLeft && !cardForm ? (
          <p role="status" className="notice">
            {t("checkout:cardForm.left")}
          </p>
        ) : null}
        {cardForm ? (
          <BancardFramedForm
            {...cardForm}
            leavePath={`/BuyTicket/${process.idProcesoDeCompra}`}
            headingLevel={3}
          />
        ) : (
          <PaymentForm
            process={process}
            amounts={amounts}
            onDeliveryChange={setFormDelivery}
            deliveryTypes={loaderData.deliveryTypes}
            addresses={loaderData.addresses}
            questions={loaderData.questions}
            paymentMethods={loaderData.paymentMethods}
            savedCards={loaderData.savedCards}
            idempotencyKey={nextAttemptKeyOf(actionData, loaderData.idempotencyKey)}
            currentYear={loaderData.currentYear}
            plansStep={plansStepOf(actionData)}
            totalChanged={
              actionData &&
              "totalChanged" in actionData &&
              typeof actionData.totalChanged === "number"
                ? actionData.totalChanged
                : undefined
            }
            lastResult={actionData && "status" in actionData ? actionData : undefined}
          />
        )}
      </section>

      {expired ? <ExpiredDialog /> : null}
    </div>
  );
}
