// The box office's sale form: the walk-in buyer (name; e-mail only if they want the tickets
// mailed), how they pay (cash, or a card: typed on Bancard's form, or with the sandbox
// acquirer its fields here). One plain form: it works without JavaScript; Conform checks it
// as the clerk types.
import { getFormProps } from "@conform-to/react";
import type { PerformanceQuestions, PurchaseProcess } from "@contract";
import { Form, useNavigation } from "react-router";
import { ScriptedField } from "~/components/acquirer-form/bancard-framed-form";
import { CardFields } from "~/components/card-fields";
import { FormErrors, keepFocusOnSubmitPress, RadioField, useShopForm } from "~/components/field";
import { useBrand } from "~/config/brand";
import { formatPrice } from "~/lib/format";
import { boxSaleBancardForm, boxSaleFormWith } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { answerDefaults } from "~/lib/process-answers";
import { QuestionsFields } from "~/routes/buy-ticket/questions-fields";
import { BuyerFields } from "./buyer-fields";

export function SaleForm({
  onBancardForm,
  process,
  questions,
  idempotencyKey,
  currentYear,
  lastResult,
}: {
  /** A card is typed on Bancard's form: no card's fields here. */
  onBancardForm: boolean;
  process: PurchaseProcess;
  /** What the held performances ask (the holder's name…), asked of the walk-in buyer too. */
  questions: PerformanceQuestions[];
  idempotencyKey: string;
  currentYear: number;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const withCard = boxSaleFormWith(useBrand().flags.cardValidation);
  const schema = onBancardForm ? (boxSaleBancardForm as unknown as typeof withCard) : withCard;
  const [form, fields] = useShopForm(schema, {
    lastResult,
    defaultValue: { ...answerDefaults(questions), cMedioDePago: "EFECTIVO", nCuotas: "1" },
  });
  const buyer = fields.oComprador.getFieldset();
  const card = fields.oTarjeta.getFieldset();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onMouseDown={keepFocusOnSubmitPress}
      className="bg-white border border-stone-200 rounded-xl p-4"
    >
      <FormErrors form={form} />
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      <ScriptedField />
      <BuyerFields
        name={buyer.cNombre}
        email={buyer.cEmail}
        emailLabel={t("checkout:boxOffice.buyerEmail")}
      />
      <QuestionsFields questions={questions} fields={fields} />
      <RadioField
        meta={fields.cMedioDePago}
        legend={t("checkout:boxOffice.medium")}
        options={[
          { value: "EFECTIVO", label: t("checkout:boxOffice.cash") },
          {
            value: "TARJETA_PRESENTE",
            label: t(
              onBancardForm ? "checkout:boxOffice.cardOnForm" : "checkout:boxOffice.cardPresent",
            ),
          },
        ]}
      />
      {onBancardForm ? null : (
        <fieldset className="mb-4">
          <legend className="font-semibold mb-1">{t("checkout:boxOffice.cardHeading")}</legend>
          <p className="text-sm mb-2">{t("checkout:boxOffice.cardHint")}</p>
          <CardFields card={card} currentYear={currentYear} ownCard={false} />
        </fieldset>
      )}
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
