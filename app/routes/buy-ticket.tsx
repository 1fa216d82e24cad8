import { randomUUID } from "node:crypto";
import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  deliveryTypesResponse,
  paymentMethodsResponse,
  purchaseProcessSchema,
  releasePerformanceRequest,
} from "@contract";
import { apiPaths } from "@contract/paths.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FieldErrors, FormErrors, TextField, useShopForm } from "~/components/field";
import { PurchaseClock } from "~/components/purchase-clock";
import { isProduct } from "~/lib/browse-paths";
import { formatDateTime, formatPrice } from "~/lib/format";
import { checkoutForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import type { Locale } from "~/lib/locales";
import { seoMeta } from "~/lib/seo";
import { getT } from "~/services/i18n.server";
import { seoFor } from "~/services/seo.server";
import { commitSession, requireUser, type ShopSession } from "~/services/session.server";
import { orThrow, shopApi } from "~/services/shop.server";
import type { Route } from "./+types/buy-ticket";

const processIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Leaves the checkout for payFinish with a one-time notice (ended, expired or cancelled). */
async function endPurchase(session: ShopSession, notice: string, to = "/payFinish") {
  session.unset("processId");
  session.flash("notice", notice);
  return redirect(to, { headers: await commitSession(session) });
}

export async function loader(args: Route.LoaderArgs) {
  const { user, session } = await requireUser(args.request);
  const id = processIdParam.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw data({ nCode: 404, message: "" }, { status: 404 });
  const api = shopApi(args, user);
  const process = orThrow(await api.get(apiPaths.process(id.data), purchaseProcessSchema));
  if (process.cEstado === "PAID") throw redirect(`/BuyTicket/ok/${process.idProcesoDeCompra}`);
  if (process.cEstado === "EXPIRED") throw await endPurchase(session, "notices.purchaseExpired");
  if (process.cEstado === "CANCELLED")
    throw await endPurchase(session, "notices.purchaseCancelled");
  const [deliveryTypes, paymentMethods] = await Promise.all([
    api.get(apiPaths.deliveryTypes(id.data), deliveryTypesResponse),
    api.get(apiPaths.paymentMethods(id.data), paymentMethodsResponse),
  ]);
  return {
    process,
    deliveryTypes: orThrow(deliveryTypes).Lista,
    paymentMethods: orThrow(paymentMethods).Lista,
    // A fresh key per rendered form: a double submit reuses it and is charged once.
    idempotencyKey: randomUUID(),
    now: Date.now(),
    currentYear: new Date().getFullYear(),
    seo: seoFor(args, {
      title: getT(args.context)("checkout.title"),
      description: getT(args.context)("browse:meta.checkout.description"),
      noindex: true,
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, session } = await requireUser(args.request);
  const id = processIdParam.safeParse(args.params.idProcesoDeCompra);
  if (!id.success) throw data({ nCode: 404, message: "" }, { status: 404 });
  const processId = id.data;
  const api = shopApi(args, user);
  const form = await args.request.formData();
  const intent = form.get("intent");

  if (intent === "cancel" || intent === "expired") {
    await api.post(apiPaths.invalidate(processId), {}, z.unknown());
    return endPurchase(
      session,
      intent === "cancel" ? "notices.purchaseCancelled" : "notices.purchaseExpired",
      "/",
    );
  }

  if (intent === "release") {
    const body = releasePerformanceRequest.safeParse({ idFuncion: form.get("idFuncion") });
    if (!body.success) return data({ releaseError: true }, { status: 400 });
    await api.post(apiPaths.releasePerformance(processId), body.data, purchaseProcessSchema);
    return redirect(`/BuyTicket/${processId}`);
  }

  const submission = parseWithZod(form, { schema: checkoutForm });
  const hideFields = ["oTarjeta.cCodigoSeguridad"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { idEntregaTipo, nFormaDePago, nCuotas, oTarjeta, cClaveIdempotencia } = submission.value;
  const steps = [
    () => api.post(apiPaths.selectDelivery(processId), { idEntregaTipo }, purchaseProcessSchema),
    () =>
      api.post(apiPaths.selectPaymentMethod(processId), { nFormaDePago }, purchaseProcessSchema),
    () =>
      api.post(
        apiPaths.charge(processId),
        { cClaveIdempotencia, nCuotas, oTarjeta },
        z.object({ idPedido: z.number() }),
        cClaveIdempotencia,
      ),
  ];
  for (const step of steps) {
    const result = await step();
    if (result.ok) continue;
    if (result.code === "PROCESS_EXPIRED") return endPurchase(session, "notices.purchaseExpired");
    if (result.code === "PROCESS_CANCELLED") {
      return endPurchase(session, "notices.purchaseCancelled");
    }
    const declined = result.code === "PAYMENT_DECLINED" || result.code === "PAYMENT_FAILED";
    return data(
      submission.reply({
        formErrors: [result.message],
        fieldErrors: result.fieldErrors,
        hideFields,
      }),
      { status: declined ? 402 : result.code === "TRANSPORT" ? 503 : 400 },
    );
  }
  session.unset("processId");
  return redirect(`/BuyTicket/ok/${processId}`, { headers: await commitSession(session) });
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo);

export default function BuyTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { process, deliveryTypes, paymentMethods } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [expired, setExpired] = useState(false);
  const onExpire = useCallback(() => setExpired(true), []);
  const [form, fields] = useShopForm(checkoutForm, {
    lastResult: actionData && "status" in actionData ? actionData : undefined,
    defaultValue: {
      idEntregaTipo: String(process.idEntregaTipo ?? deliveryTypes[0]?.idEntregaTipo ?? ""),
      nFormaDePago: String(process.nFormaDePago ?? paymentMethods[0]?.nFormaDePago ?? ""),
      nCuotas: "1",
    },
  });
  const card = fields.oTarjeta.getFieldset();
  const installments = [...new Set(paymentMethods.flatMap((method) => method.listaCuotas))].sort(
    (a, b) => a - b,
  );
  const years = Array.from({ length: 15 }, (_, i) => loaderData.currentYear + i);
  const { key: monthKey, ...monthProps } = getSelectProps(card.nMesVencimiento);
  const { key: yearKey, ...yearProps } = getSelectProps(card.nAnioVencimiento);
  const { key: installmentsKey, ...installmentsProps } = getSelectProps(fields.nCuotas);

  return (
    <div className="checkout grid lg:grid-cols-[3fr_2fr] gap-8">
      <section aria-labelledby="held-heading">
        <div className="flex flex-wrap items-center justify-between gap-2 mb-4">
          <h1 id="held-heading" className="mb-0">
            {t("checkout.title")}
          </h1>
          <p className="text-lg">
            <PurchaseClock
              deadline={process.dMaxima}
              renderedAt={loaderData.now}
              onExpire={onExpire}
            />
          </p>
        </div>
        {process.listaFuncion.length === 0 ? <p>{t("checkout.empty")}</p> : null}
        {process.listaFuncion.map((line) => (
          <article
            key={line.idFuncion}
            className="bg-white border border-stone-200 rounded-xl p-4 mb-3"
          >
            <h2 className="mb-1">{line.oEspectaculo.cEspectaculoCartelNombre}</h2>
            {/* A product (§3) shows 'Cantidad' instead of tickets, and no date. */}
            {isProduct(line.oEspectaculo) ? (
              <p className="my-2">{line.oEspectaculo.cEstablecimientoNombre}</p>
            ) : (
              <>
                <p>
                  {formatDateTime(line.oFuncionFecha.dFecha, locale)} —{" "}
                  {line.oEspectaculo.cEstablecimientoNombre}
                </p>
                <ul className="my-2">
                  {line.listaPosiciones.map((place) => (
                    <li key={place.idPosicion}>
                      {place.cSectorNombre} ·{" "}
                      {place.cTipo === "NUMBERED"
                        ? t("checkout.seat", { row: place.cFila, number: place.nNumero })
                        : t("performance.generalAdmission")}{" "}
                      · {formatPrice(place.fPrecio)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="font-semibold">
              {isProduct(line.oEspectaculo)
                ? t("browse:checkout.quantity", { count: line.nCantidadPosiciones })
                : t("checkout.tickets", { count: line.nCantidadPosiciones })}{" "}
              · {formatPrice(line.fPrecioTotalFinal)}
            </p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="idFuncion" value={line.idFuncion} />
              <button type="submit" name="intent" value="release" className="button-link">
                {t("checkout.release")}
              </button>
            </Form>
          </article>
        ))}
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 max-w-sm">
          <dt>{t("checkout.subtotal")}</dt>
          <dd>{formatPrice(process.fSubtotal)}</dd>
          <dt>{t("checkout.serviceCharge")}</dt>
          <dd>{formatPrice(process.fCargoServicio)}</dd>
          <dt>{t("checkout.deliveryFee")}</dt>
          <dd>{formatPrice(process.fCargoEntrega)}</dd>
          <dt className="font-bold">{t("checkout.total")}</dt>
          <dd className="font-bold">{formatPrice(process.fTotal)}</dd>
        </dl>
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="cancel" className="button-secondary">
            {t("checkout.cancel")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="pay-heading">
        <h2 id="pay-heading">{t("checkout.payHeading")}</h2>
        <Form
          method="post"
          {...getFormProps(form)}
          className="bg-white border border-stone-200 rounded-xl p-4"
        >
          <FormErrors form={form} />
          <input type="hidden" name="cClaveIdempotencia" value={loaderData.idempotencyKey} />
          <fieldset className="mb-4" aria-describedby={fields.idEntregaTipo.errorId}>
            <legend className="font-semibold mb-1">{t("checkout.delivery")}</legend>
            {deliveryTypes.map((type) => (
              <label key={type.idEntregaTipo} className="flex gap-2 items-start py-1">
                <input
                  type="radio"
                  name={fields.idEntregaTipo.name}
                  value={type.idEntregaTipo}
                  defaultChecked={fields.idEntregaTipo.initialValue === String(type.idEntregaTipo)}
                  className="mt-1"
                />
                <span>
                  {type.cNombre} —{" "}
                  {type.fPrecio === 0 ? t("checkout.free") : formatPrice(type.fPrecio)}
                  <span className="block text-sm text-stone-600">{type.cDescripcion}</span>
                </span>
              </label>
            ))}
            <FieldErrors id={fields.idEntregaTipo.errorId} errors={fields.idEntregaTipo.errors} />
          </fieldset>
          <fieldset className="mb-4" aria-describedby={fields.nFormaDePago.errorId}>
            <legend className="font-semibold mb-1">{t("checkout.paymentMethod")}</legend>
            {paymentMethods.map((method) => (
              <label key={method.nFormaDePago} className="flex gap-2 items-center py-1">
                <input
                  type="radio"
                  name={fields.nFormaDePago.name}
                  value={method.nFormaDePago}
                  defaultChecked={fields.nFormaDePago.initialValue === String(method.nFormaDePago)}
                />
                <span>{method.cNombre}</span>
              </label>
            ))}
            <FieldErrors id={fields.nFormaDePago.errorId} errors={fields.nFormaDePago.errors} />
          </fieldset>
          <TextField
            meta={card.cNumero}
            label={t("card.number")}
            autoComplete="cc-number"
            inputMode="numeric"
          />
          <div className="grid grid-cols-2 gap-x-3">
            <div className="field">
              <label htmlFor={card.nMesVencimiento.id}>{t("card.expiryMonth")}</label>
              <select key={monthKey} {...monthProps} autoComplete="cc-exp-month">
                <option value="">{t("card.month")}</option>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
                  <option key={month} value={month}>
                    {String(month).padStart(2, "0")}
                  </option>
                ))}
              </select>
              <FieldErrors id={card.nMesVencimiento.errorId} errors={card.nMesVencimiento.errors} />
            </div>
            <div className="field">
              <label htmlFor={card.nAnioVencimiento.id}>{t("card.expiryYear")}</label>
              <select key={yearKey} {...yearProps} autoComplete="cc-exp-year">
                <option value="">{t("card.year")}</option>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
              <FieldErrors
                id={card.nAnioVencimiento.errorId}
                errors={card.nAnioVencimiento.errors}
              />
            </div>
          </div>
          <TextField
            meta={card.cCodigoSeguridad}
            label={t("card.securityCode")}
            type="password"
            autoComplete="cc-csc"
            inputMode="numeric"
          />
          <TextField meta={card.cTitular} label={t("card.holder")} autoComplete="cc-name" />
          <TextField meta={card.cDocumento} label={t("card.document")} />
          <div className="field">
            <label htmlFor={fields.nCuotas.id}>{t("card.installments")}</label>
            <select key={installmentsKey} {...installmentsProps}>
              {installments.map((count) => (
                <option key={count} value={count}>
                  {t("card.installmentsOption", { count })}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.nCuotas.errorId} errors={fields.nCuotas.errors} />
          </div>
          <div className="field">
            <label className="flex gap-2 items-start font-normal">
              <input
                type="checkbox"
                name={fields.lAceptaTerminos.name}
                id={fields.lAceptaTerminos.id}
                aria-invalid={fields.lAceptaTerminos.errors ? true : undefined}
                aria-describedby={
                  fields.lAceptaTerminos.errors ? fields.lAceptaTerminos.errorId : undefined
                }
                className="mt-1"
              />
              <span>
                {t("checkout.acceptTermsBefore")}{" "}
                <a href="/termsAndConditions" target="_blank" rel="noreferrer">
                  {t("checkout.acceptTermsLink")}
                </a>
              </span>
            </label>
            <FieldErrors
              id={fields.lAceptaTerminos.errorId}
              errors={fields.lAceptaTerminos.errors}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="pay"
            className="button-primary w-full"
            disabled={busy}
          >
            {busy
              ? t("checkout.paying")
              : t("checkout.pay", { total: formatPrice(process.fTotal) })}
          </button>
        </Form>
      </section>

      {expired ? <ExpiredDialog /> : null}
    </div>
  );
}

/** The clock ran out (§4): 'Purchase process canceled' with one OK, which cancels and leaves. */
function ExpiredDialog() {
  const { t } = useTranslation();
  const okButton = useRef<HTMLButtonElement>(null);
  useEffect(() => okButton.current?.focus(), []);
  return (
    <dialog open aria-labelledby="expired-title" aria-modal="true" className="dialog">
      <h2 id="expired-title">{t("checkout.canceledTitle")}</h2>
      <p>{t("notices.purchaseExpired")}</p>
      <Form method="post">
        <button
          ref={okButton}
          type="submit"
          name="intent"
          value="expired"
          className="button-primary"
        >
          {t("attention.ok")}
        </button>
      </Form>
    </dialog>
  );
}
