// /linkPago/{idProcesoDeCompra}?clave=… (no login, spec §2): what the box office holds for a
// buyer who is not at the counter, and a plain form to pay it by card: with Bancard, the
// terms and then the card typed on Bancard's form (framed here, or its own page without
// JavaScript); with the sandbox acquirer, the card's fields. The link came by mail; it works
// while the places are held. Paid or being verified, it goes to its result page. The
// installments are the card's bank's plans, as on the checkout.

import { randomUUID } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import type { PaymentLinkView } from "@contract";
import { Form, redirect } from "react-router";
import { BancardFramedForm, ScriptedField } from "~/components/acquirer-form/bancard-framed-form";
import { CardPaymentFields, PayButton } from "~/components/card-payment";
import { FormErrors, keepFocusOnSubmitPress, useShopForm } from "~/components/field";
import { HoneypotFields } from "~/components/honeypot-fields";
import { PlansStepNotice } from "~/components/installments-field";
import { TermsField } from "~/components/terms-field";
import { useBrand } from "~/config/brand";
import { cardOwnMethod, cardPlansIntent, type PlansAnswer } from "~/lib/card-plans";
import { distinctParts } from "~/lib/distinct-parts";
import { formatDateTime, formatPrice } from "~/lib/format";
import { paymentLinkBancardForm, paymentLinkFormWith } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { nextAttemptKeyOf, plansStepOf } from "~/lib/payment-attempt";
import { paymentLinkConfirmPath, paymentLinkPath } from "~/lib/payment-link";
import { paymentProviderPage } from "~/lib/payment-provider-pages";
import { seoMeta } from "~/lib/seo";
import { bancardFormToFrame, paysOnBancardForm } from "~/services/bancard-form.server";
import { honeypotFields } from "~/services/honeypot.server";
import { getT } from "~/services/i18n.server";
import { getRequestContext } from "~/services/request-context.server";
import { seoFor } from "~/services/seo.server";
import type { Route } from "./+types/route";
import {
  linkOfRequest,
  linkPlansAction,
  loadPaymentLink,
  payLinkAction,
  payLinkOnBancardForm,
  paymentUnderWay,
} from "./payment-link.server";

export async function loader(args: Route.LoaderArgs) {
  const link = linkOfRequest(args.request, args.params.idProcesoDeCompra);
  const shop = getRequestContext(args);
  const view = await loadPaymentLink(shop.commerce, link);
  // Just opened on Bancard's form (scripted pay): framed here, the payment waiting on it.
  const cardForm = bancardFormToFrame(shop, link.processId);
  if (!cardForm && paymentUnderWay(view)) throw redirect(paymentLinkConfirmPath(link));
  const t = getT(args.context);
  return {
    view,
    onBancardForm: paysOnBancardForm(),
    cardForm,
    linkPath: paymentLinkPath(link),
    idempotencyKey: randomUUID(),
    currentYear: new Date().getFullYear(),
    honeypot: await honeypotFields(),
    seo: seoFor(args, { title: t("checkout:paymentLink.title"), noindex: true }),
  };
}

export async function action(args: Route.ActionArgs) {
  const link = linkOfRequest(args.request, args.params.idProcesoDeCompra);
  const form = await args.request.formData();
  const shop = getRequestContext(args);
  const { commerce } = shop;
  const t = getT(args.context);
  if (paysOnBancardForm()) return payLinkOnBancardForm(shop, args.request, link, form);
  if (form.get("intent") === cardPlansIntent) return linkPlansAction(commerce, t, link, form);
  return payLinkAction(commerce, t, args.request, link, form);
}

// Paid by card: Bancard's card form, or its hosted page.
export const handle = paymentProviderPage("bancard");

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function PaymentLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view } = loaderData;
  const locale = i18n.language as Locale;
  const open = view.cEstado === "ACTIVE";
  return (
    <section className="max-w-2xl">
      <h1>{t("checkout:paymentLink.title")}</h1>
      {open ? (
        <p>
          {t("checkout:paymentLink.intro", {
            name: view.cComprador,
            until: formatDateTime(view.dVence, locale),
          })}
        </p>
      ) : (
        <p className="notice" role="status">
          {t(`checkout:paymentLink.closed.${view.cEstado}`)}
        </p>
      )}
      <LinkPlaces view={view} locale={locale} />
      {open && loaderData.cardForm ? (
        <BancardFramedForm {...loaderData.cardForm} leavePath={loaderData.linkPath} />
      ) : open && loaderData.onBancardForm ? (
        <BancardPayForm
          total={view.fTotal}
          idempotencyKey={nextAttemptKeyOf(actionData, loaderData.idempotencyKey)}
          honeypot={
            <HoneypotFields fields={loaderData.honeypot} label={t("account:signUp.honeypot")} />
          }
          lastResult={actionData && "status" in actionData ? actionData : undefined}
        />
      ) : open ? (
        <PayForm
          total={view.fTotal}
          idempotencyKey={nextAttemptKeyOf(actionData, loaderData.idempotencyKey)}
          currentYear={loaderData.currentYear}
          honeypot={
            <HoneypotFields fields={loaderData.honeypot} label={t("account:signUp.honeypot")} />
          }
          lastResult={actionData && "status" in actionData ? actionData : undefined}
          plansStep={plansStepOf(actionData)}
        />
      ) : null}
    </section>
  );
}

function LinkPlaces({ view, locale }: { view: PaymentLinkView; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <div className="panel mb-4">
      {view.listaFuncion.map((line) => (
        <div key={line.idFuncion} className="mb-2">
          <h2 className="text-lg">{line.cEspectaculo}</h2>
          <p>
            {formatDateTime(line.dFecha, locale)} — {line.cEstablecimiento}
          </p>
          <ul className="list-disc pl-6">
            {line.listaPosiciones.map((place) => (
              <li key={place.idPosicion}>
                {distinctParts([
                  place.cSector,
                  place.nNumero !== null
                    ? t("checkout:seat", { row: place.cFila, number: place.nNumero })
                    : t("checkout:performance.generalAdmission"),
                ]).join(" · ")}{" "}
                · {formatPrice(place.fPrecio)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="font-semibold">
        {t("checkout:total")}: {formatPrice(view.fTotal)}
      </p>
    </div>
  );
}

/** The pay with Bancard's card form: the terms, then the card typed on Bancard's form. */
function BancardPayForm({
  total,
  idempotencyKey,
  honeypot,
  lastResult,
}: {
  total: number;
  idempotencyKey: string;
  honeypot: React.ReactNode;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
}) {
  const { t } = useTranslation();
  const [form, fields] = useShopForm(paymentLinkBancardForm, { lastResult });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onMouseDown={keepFocusOnSubmitPress}
      className="panel"
    >
      <FormErrors form={form} />
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      <ScriptedField />
      {honeypot}
      <p>{t("checkout:cardForm.note")}</p>
      <TermsField meta={fields.lAceptaTerminos} />
      <PayButton total={total} />
    </Form>
  );
}

function PayForm({
  total,
  idempotencyKey,
  currentYear,
  honeypot,
  lastResult,
  plansStep,
}: {
  total: number;
  idempotencyKey: string;
  currentYear: number;
  honeypot: React.ReactNode;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
  /** The card's plans, answered as a step instead of paying. */
  plansStep: PlansAnswer | null | undefined;
}) {
  const [form, fields] = useShopForm(paymentLinkFormWith(useBrand().flags.cardValidation), {
    lastResult,
    defaultValue: { nCuotas: "1" },
  });
  const card = fields.oTarjeta.getFieldset();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onMouseDown={keepFocusOnSubmitPress}
      className="panel"
    >
      {plansStep?.plans ? <PlansStepNotice /> : null}
      <FormErrors form={form} />
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      {honeypot}
      <CardPaymentFields
        card={card}
        installments={fields.nCuotas}
        currentYear={currentYear}
        methodId={cardOwnMethod}
        plansStep={plansStep ?? undefined}
      />
      <TermsField meta={fields.lAceptaTerminos} />
      <PayButton total={total} />
    </Form>
  );
}
