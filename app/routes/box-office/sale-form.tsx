// The box office's sale form: the walk-in buyer (name; e-mail only if they want the tickets
// mailed), how they pay (cash, or a card presented at the counter) and, for a card, its
// fields. One plain form: it works without JavaScript; Conform checks it as the clerk types.
import { getFormProps, getSelectProps } from "@conform-to/react";
import type { PurchaseProcess } from "@contract";
import { Form, useNavigation } from "react-router";
import { FieldErrors, FormErrors, RadioField, TextField, useShopForm } from "~/components/field";
import { formatPrice } from "~/lib/format";
import { boxSaleForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";

export function SaleForm({
  process,
  idempotencyKey,
  currentYear,
  lastResult,
}: {
  process: PurchaseProcess;
  idempotencyKey: string;
  currentYear: number;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useShopForm(boxSaleForm, {
    lastResult,
    defaultValue: { cMedioDePago: "EFECTIVO", nCuotas: "1" },
  });
  const buyer = fields.oComprador.getFieldset();
  const card = fields.oTarjeta.getFieldset();
  const years = Array.from({ length: 15 }, (_, i) => currentYear + i);
  const { key: monthKey, ...monthProps } = getSelectProps(card.nMesVencimiento);
  const { key: yearKey, ...yearProps } = getSelectProps(card.nAnioVencimiento);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="bg-white border border-stone-200 rounded-xl p-4"
    >
      <FormErrors form={form} />
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      <TextField
        meta={buyer.cNombre}
        label={t("checkout:boxOffice.buyerName")}
        autoComplete="off"
      />
      <TextField
        meta={buyer.cEmail}
        label={t("checkout:boxOffice.buyerEmail")}
        type="email"
        autoComplete="off"
      />
      <RadioField
        meta={fields.cMedioDePago}
        legend={t("checkout:boxOffice.medium")}
        options={[
          { value: "EFECTIVO", label: t("checkout:boxOffice.cash") },
          { value: "TARJETA_PRESENTE", label: t("checkout:boxOffice.cardPresent") },
        ]}
      />
      <fieldset className="mb-4">
        <legend className="font-semibold mb-1">{t("checkout:boxOffice.cardHeading")}</legend>
        <p className="text-sm mb-2">{t("checkout:boxOffice.cardHint")}</p>
        <TextField
          meta={card.cNumero}
          label={t("checkout:card.number")}
          autoComplete="off"
          inputMode="numeric"
        />
        <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-x-3">
          <div className="field">
            <label htmlFor={card.nMesVencimiento.id}>{t("checkout:card.expiryMonth")}</label>
            <select key={monthKey} {...monthProps}>
              <option value="">{t("checkout:card.month")}</option>
              {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
                <option key={month} value={month}>
                  {String(month).padStart(2, "0")}
                </option>
              ))}
            </select>
            <FieldErrors id={card.nMesVencimiento.errorId} errors={card.nMesVencimiento.errors} />
          </div>
          <div className="field">
            <label htmlFor={card.nAnioVencimiento.id}>{t("checkout:card.expiryYear")}</label>
            <select key={yearKey} {...yearProps}>
              <option value="">{t("checkout:card.year")}</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
            <FieldErrors id={card.nAnioVencimiento.errorId} errors={card.nAnioVencimiento.errors} />
          </div>
        </div>
        <TextField
          meta={card.cCodigoSeguridad}
          label={t("checkout:card.securityCode")}
          type="password"
          autoComplete="off"
          inputMode="numeric"
        />
        <TextField meta={card.cTitular} label={t("checkout:card.holder")} autoComplete="off" />
        <TextField meta={card.cDocumento} label={t("checkout:card.document")} />
      </fieldset>
      <button
        type="submit"
        name="intent"
        value="sell"
        className="button-primary w-full"
        disabled={busy}
      >
        {busy
          ? t("checkout:boxOffice.selling")
          : t("checkout:boxOffice.sell", { total: formatPrice(process.fTotal) })}
      </button>
    </Form>
  );
}
