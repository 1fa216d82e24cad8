// The checkout's payment form: delivery, payment method, the card, installments and the
// terms (§5). Conform checks it as the buyer types (with JavaScript) with the same schema the
// action uses, and the installments follow the chosen payment method; the idempotency key
// makes a double submit one charge.
import { getFormProps, getSelectProps } from "@conform-to/react";
import type { DeliveryType, PaymentMethod, PurchaseProcess } from "@contract";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { CardFields } from "~/components/card-fields";
import { FieldErrors, FormErrors, RadioField, useShopForm } from "~/components/field";
import { formatPrice } from "~/lib/format";
import { checkoutForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { installmentsOffered } from "~/lib/installments";

type PaymentFormProps = {
  process: PurchaseProcess;
  deliveryTypes: DeliveryType[];
  paymentMethods: PaymentMethod[];
  idempotencyKey: string;
  currentYear: number;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
};

export function PaymentForm({
  process,
  deliveryTypes,
  paymentMethods,
  idempotencyKey,
  currentYear,
  lastResult,
}: PaymentFormProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [form, fields] = useShopForm(checkoutForm, {
    lastResult,
    defaultValue: {
      idEntregaTipo: String(process.idEntregaTipo ?? deliveryTypes[0]?.idEntregaTipo ?? ""),
      nFormaDePago: String(process.nFormaDePago ?? paymentMethods[0]?.nFormaDePago ?? ""),
      nCuotas: "1",
    },
  });
  const card = fields.oTarjeta.getFieldset();
  const installments = installmentsOffered(
    paymentMethods,
    // Without JavaScript the choice cannot update the list: every count is offered, and the
    // server refuses a count the method does not allow next to this field.
    hydrated ? fields.nFormaDePago.value : undefined,
  );
  const { key: installmentsKey, ...installmentsProps } = getSelectProps(fields.nCuotas);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="bg-white border border-stone-200 rounded-xl p-4"
    >
      <FormErrors form={form} />
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      <RadioField
        meta={fields.idEntregaTipo}
        legend={t("checkout:delivery")}
        options={deliveryTypes.map((type) => ({
          value: String(type.idEntregaTipo),
          label: (
            <>
              {type.cNombre} — {type.fPrecio === 0 ? t("checkout:free") : formatPrice(type.fPrecio)}
              <span className="block text-sm text-stone-600">{type.cDescripcion}</span>
            </>
          ),
        }))}
      />
      <RadioField
        meta={fields.nFormaDePago}
        legend={t("checkout:paymentMethod")}
        options={paymentMethods.map((method) => ({
          value: String(method.nFormaDePago),
          label: method.cNombre,
        }))}
      />
      <CardFields card={card} currentYear={currentYear} ownCard />
      <div className="field">
        <label htmlFor={fields.nCuotas.id}>{t("checkout:card.installments")}</label>
        <select key={installmentsKey} {...installmentsProps}>
          {installments.map((count) => (
            <option key={count} value={count}>
              {t("checkout:card.installmentsOption", { count })}
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
            defaultChecked={fields.lAceptaTerminos.initialValue === "on"}
            aria-invalid={fields.lAceptaTerminos.errors ? true : undefined}
            aria-describedby={
              fields.lAceptaTerminos.errors ? fields.lAceptaTerminos.errorId : undefined
            }
            className="mt-1"
          />
          <span>
            {t("checkout:acceptTermsBefore")}{" "}
            <a href="/termsAndConditions" target="_blank" rel="noreferrer">
              {t("checkout:acceptTermsLink")}
            </a>
          </span>
        </label>
        <FieldErrors id={fields.lAceptaTerminos.errorId} errors={fields.lAceptaTerminos.errors} />
      </div>
      <button
        type="submit"
        name="intent"
        value="pay"
        className="button-primary w-full"
        disabled={busy}
      >
        {busy ? t("checkout:paying") : t("checkout:pay", { total: formatPrice(process.fTotal) })}
      </button>
    </Form>
  );
}
