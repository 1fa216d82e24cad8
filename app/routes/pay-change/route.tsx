// /payChange/{idProcesoDeCompra}: the payment change page (spec §2). A purchase whose payment
// was refused, cancelled or given back is paid again here with another method (a card or a
// wallet), without going back through the checkout; one the bank is still deciding says so.
// It is reached from the failure and verification pages and from My orders. A plain form:
// it works without JavaScript; the card fields and installments are the checkout's (with
// Bancard, the card is typed on its form: framed here, or its own page without JavaScript).
import { getFormProps } from "@conform-to/react";
import type { PaymentMethod2, PurchaseProcess } from "@contract";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { BancardFramedForm, ScriptedField } from "~/components/acquirer-form/bancard-framed-form";
import { CardPaymentFields, PayButton } from "~/components/card-payment";
import { FormErrors, RadioField, useShopForm } from "~/components/field";
import { PlansStepNotice } from "~/components/installments-field";
import { OrderTotals } from "~/components/order-totals";
import { useBrand } from "~/config/brand";
import { cardPlansIntent, type PlansAnswer } from "~/lib/card-plans";
import { unpaidPurchaseTotals } from "~/lib/checkout-amounts";
import { formatDateTime, formatPrice } from "~/lib/format";
import { paymentChangeFormWith, walletPaymentChangeForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { payChangePath, payConfirmPath } from "~/lib/pay-result";
import { nextAttemptKeyOf, plansStepOf } from "~/lib/payment-attempt";
import { paymentProviderPage } from "~/lib/payment-provider-pages";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { requireUser } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import { shopOrigin } from "~/services/shop-origin.server";
import { cardPlansAction } from "../buy-ticket/card-plans.server";
import { processIdOf } from "../buy-ticket/checkout.server";
import { PayPalNote } from "../buy-ticket/paypal-note";
import type { Route } from "./+types/route";
import { loadPaymentChange, payChangeAction } from "./pay-change.server";

export async function loader(args: Route.LoaderArgs) {
  const shop = requireUser(args);
  const change = await loadPaymentChange(shop, processIdOf(args.params));
  const t = getT(args.context);
  return {
    ...change,
    currentYear: new Date().getFullYear(),
    seo: seoFor(args, { title: t("checkout:payChange.title"), noindex: true }),
  };
}

export async function action(args: Route.ActionArgs) {
  const shop = requireUser(args);
  const processId = processIdOf(args.params);
  const form = await args.request.formData();
  const t = getT(args.context);
  if (form.get("intent") === cardPlansIntent) {
    return cardPlansAction(shop.commerce, t, processId, form);
  }
  return payChangeAction(shop, t, processId, form, shopOrigin(args.request));
}

// Paid again here as on the checkout: Bancard's card form, or Bancard's or PayPal's page.
export const handle = paymentProviderPage("bancard", "paypal");

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PayChange({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { process, state } = loaderData;
  const locale = i18n.language as Locale;
  return (
    <section className="max-w-2xl" aria-labelledby="pay-change-heading">
      <h1 id="pay-change-heading">{t("checkout:payChange.title")}</h1>
      <p role="status">
        {t(`checkout:payChange.state.${state}`, {
          reason: process.oPago?.cMotivo ?? t("checkout:payResult.failedText"),
          until: formatDateTime(process.dMaxima, locale),
        })}
      </p>
      <OwedSummary process={process} locale={locale} />
      {state === "deciding" ? (
        <p>
          <Link to={payConfirmPath(process.idProcesoDeCompra)} className="button-primary">
            {t("checkout:payChange.followPayment")}
          </Link>
        </p>
      ) : null}
      {loaderData.cardForm ? (
        <BancardFramedForm
          {...loaderData.cardForm}
          leavePath={payChangePath(process.idProcesoDeCompra)}
        />
      ) : null}
      {state === "challenge" && process.oPago?.cUrlDesafio && !loaderData.cardForm ? (
        <p>
          <a href={process.oPago.cUrlDesafio} className="button-secondary">
            {t("checkout:payResult.toBank")}
          </a>
        </p>
      ) : null}
      {(state === "payable" || state === "challenge") && !loaderData.cardForm ? (
        <ChangeForm
          onBancardForm={loaderData.onBancardForm}
          total={process.fTotal}
          paymentMethods={loaderData.paymentMethods}
          chosenBefore={process.nFormaDePago}
          idempotencyKey={nextAttemptKeyOf(actionData, loaderData.idempotencyKey)}
          currentYear={loaderData.currentYear}
          plansStep={plansStepOf(actionData)}
          lastResult={actionData && "status" in actionData ? actionData : undefined}
        />
      ) : null}
      {state === "closed" ? (
        <p>
          <Link to="/" className="button-primary">
            {t("layout:errors.backToBillboard")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** What the purchase owes: its places by performance, and its totals as an order's (§3). */
function OwedSummary({ process, locale }: { process: PurchaseProcess; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <div className="panel mb-4">
      <h2 className="text-lg">{t("checkout:payChange.owedHeading")}</h2>
      {process.listaFuncion.map((line) => (
        <div key={line.idFuncion} className="mb-2">
          <h3 className="font-semibold">{line.oEspectaculo.cEspectaculoCartelNombre}</h3>
          <ul className="list-disc pl-6">
            {line.listaPosiciones.map((place) => (
              <li key={place.idPosicion}>
                {place.cSectorNombre} ·{" "}
                {place.nNumero !== null
                  ? t("checkout:seat", { row: place.cFila, number: place.nNumero })
                  : t("checkout:performance.generalAdmission")}{" "}
                · {formatPrice(place.fPrecioFinal)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <OrderTotals
        totals={unpaidPurchaseTotals(process)}
        id="owed"
        shows={process.listaFuncion.map((line) => line.oEspectaculo)}
      />
      <p className="text-sm text-stone-600 mt-2">
        {t("checkout:payChange.payUntil", { until: formatDateTime(process.dMaxima, locale) })}
      </p>
    </div>
  );
}

function ChangeForm({
  onBancardForm,
  total,
  paymentMethods,
  chosenBefore,
  idempotencyKey,
  currentYear,
  plansStep,
  lastResult,
}: {
  /** A card is typed on Bancard's form: no card's fields here. */
  onBancardForm: boolean;
  total: number;
  paymentMethods: PaymentMethod2[];
  /** The method of the payment that did not go through: another is offered first. */
  chosenBefore: number | null;
  idempotencyKey: string;
  currentYear: number;
  plansStep: PlansAnswer | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const defaultMethod = String(
    paymentMethods.find((m) => m.nFormaDePago === chosenBefore && m.cTipo === "TARJETA")
      ?.nFormaDePago ??
      paymentMethods.find((m) => m.cTipo === "TARJETA")?.nFormaDePago ??
      paymentMethods[0]?.nFormaDePago ??
      "",
  );
  // The method chosen decides the form's checks: a wallet's is the card's less the card.
  const [methodId, setMethodId] = useState(defaultMethod);
  const chosenKind = paymentMethods.find(
    (method) => String(method.nFormaDePago) === methodId,
  )?.cTipo;
  const walletChosen = chosenKind === "BILLETERA";
  // PayPal, like a wallet, is paid on its own page: no card.
  const cardless = walletChosen || chosenKind === "PAYPAL";
  const cardForm = paymentChangeFormWith(useBrand().flags.cardValidation);
  // On Bancard's form a card, like a wallet or PayPal, sends no card's fields.
  const noCardFields = cardless || onBancardForm;
  const schema = noCardFields ? (walletPaymentChangeForm as unknown as typeof cardForm) : cardForm;
  const [form, fields] = useShopForm(schema, {
    id: "pay-change",
    lastResult,
    defaultValue: { nFormaDePago: defaultMethod, nCuotas: "1" },
  });
  const chosenMethod = String(fields.nFormaDePago.value ?? defaultMethod);
  useEffect(() => setMethodId(chosenMethod), [chosenMethod]);
  const card = fields.oTarjeta.getFieldset();
  const walletsOffered = paymentMethods.some((method) => method.cTipo === "BILLETERA");

  return (
    <Form method="post" {...getFormProps(form)} className="panel">
      <h2 className="text-lg">{t("checkout:payChange.formHeading")}</h2>
      <FormErrors form={form} />
      {plansStep?.plans ? <PlansStepNotice /> : null}
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      <ScriptedField />
      <RadioField
        meta={fields.nFormaDePago}
        legend={t("checkout:paymentMethod")}
        options={paymentMethods.map((method) => ({
          value: String(method.nFormaDePago),
          label: method.cNombre,
        }))}
      />
      {walletsOffered ? (
        <p className="text-sm text-stone-600">
          {hydrated && walletChosen
            ? t("checkout:payChange.walletChosen")
            : t("checkout:payChange.walletNoCard")}
        </p>
      ) : null}
      <PayPalNote methods={paymentMethods} chosen={hydrated && chosenKind === "PAYPAL"} />
      {onBancardForm && !(hydrated && cardless) ? <p>{t("checkout:cardForm.note")}</p> : null}
      {(hydrated && cardless) || onBancardForm ? null : (
        <CardPaymentFields
          card={card}
          installments={fields.nCuotas}
          currentYear={currentYear}
          methodId={Number(fields.nFormaDePago.value) || null}
          plansStep={plansStep}
        />
      )}
      <PayButton total={total} intent="pay" />
    </Form>
  );
}
