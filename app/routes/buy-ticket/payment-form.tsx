// The checkout's payment form: delivery, payment method, the card, installments and the
// terms (§5). A card typed on Bancard's form (the default) has no fields here, and its
// installments are chosen there; the card fields and plans below are the sandbox acquirer's. Conform checks it as the buyer types (with JavaScript) with the same schema the
// action uses; the installments are the plans of the card's bank (installments-field.tsx);
// the idempotency key makes a double submit one charge. A wallet needs no card: with
// JavaScript the card fields give way to a note once one is chosen; without it they stay,
// and are left empty (the action reads the method chosen).
import { getFormProps } from "@conform-to/react";
import type {
  Address,
  DeliveryType,
  PaymentMethod2,
  PerformanceQuestions,
  PurchaseProcess,
} from "@contract";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { ScriptedField } from "~/components/acquirer-form/bancard-framed-form";
import { CardPaymentFields, PayButton } from "~/components/card-payment";
import { FormErrors, keepFocusOnSubmitPress, RadioField, useShopForm } from "~/components/field";
import { PlansStepNotice } from "~/components/installments-field";
import { StepNotice } from "~/components/step-notice";
import { TermsField } from "~/components/terms-field";
import { useBrand } from "~/config/brand";
import type { PlansAnswer } from "~/lib/card-plans";
import type { CheckoutAmounts } from "~/lib/checkout-amounts";
import { formatPrice } from "~/lib/format";
import { checkoutFormWith, walletCheckoutForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { answerDefaults } from "~/lib/process-answers";
import type { SavedCard } from "~/services/saved-cards.server";
import { DeliveryAddressField } from "./delivery-address-field";
import { PayPalNote } from "./paypal-note";
import { QuestionsFields } from "./questions-fields";
import { SavedCardFields, savedCardField } from "./saved-card-fields";

type PaymentFormProps = {
  process: PurchaseProcess;
  /** The page's totals with the delivery chosen here (checkout-amounts.ts): one source. */
  amounts: CheckoutAmounts;
  /** Tells the page which delivery the form has chosen, as the buyer changes it. */
  onDeliveryChange: (idEntregaTipo: string | undefined) => void;
  deliveryTypes: DeliveryType[];
  /** The buyer's saved addresses, for home delivery. */
  addresses: Address[];
  /** What the held performances ask before paying, with the answers so far. */
  questions: PerformanceQuestions[];
  paymentMethods: PaymentMethod2[];
  /** The buyer's cards Bancard keeps: offered beside a new card (saved-card-fields.tsx). */
  savedCards: SavedCard[];
  idempotencyKey: string;
  currentYear: number;
  /** The card's plans, when paying showed them first instead of charging. */
  plansStep: PlansAnswer | undefined;
  /** The new total, when the delivery chosen changed it and paying showed it first. */
  totalChanged: number | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: Conform's submission reply, as the action sent it.
  lastResult: any;
};

export function PaymentForm({
  process,
  amounts,
  onDeliveryChange,
  deliveryTypes,
  addresses,
  questions,
  paymentMethods,
  savedCards,
  idempotencyKey,
  currentYear,
  plansStep,
  totalChanged,
  lastResult,
}: PaymentFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const defaultMethod = String(process.nFormaDePago ?? paymentMethods[0]?.nFormaDePago ?? "");
  // The method chosen decides the form's checks: a wallet's is the card's less the card.
  const [methodId, setMethodId] = useState(defaultMethod);
  const methodChosen = paymentMethods.find((method) => String(method.nFormaDePago) === methodId);
  const chosenKind = methodChosen?.cTipo;
  const walletChosen = chosenKind === "BILLETERA";
  // A saved card (its alias) or "" for a new one; first of them by default.
  const [savedAlias, setSavedAlias] = useState(savedCards[0]?.aliasToken ?? "");
  const savedChosen = chosenKind === "TARJETA" && savedAlias !== "";
  // A new card typed on Bancard's form: nothing of it on this form.
  const cardFormChosen =
    chosenKind === "TARJETA" && !savedChosen && methodChosen?.lFormularioAdquirente === true;
  // PayPal, like a wallet, is paid on its own page: no card.
  const cardless = walletChosen || chosenKind === "PAYPAL" || cardFormChosen;
  const cardForm = checkoutFormWith(useBrand().flags.cardValidation);
  // No card typed with a wallet, PayPal or a saved card: the card's checks less the card.
  const schema =
    cardless || savedChosen ? (walletCheckoutForm as unknown as typeof cardForm) : cardForm;
  const [form, fields] = useShopForm(schema, {
    lastResult,
    defaultValue: {
      ...answerDefaults(questions),
      idEntregaTipo: String(process.idEntregaTipo ?? deliveryTypes[0]?.idEntregaTipo ?? ""),
      idClienteDomicilio: String(
        process.idClienteDomicilio ??
          (addresses.find((a) => a.lPredeterminado) ?? addresses[0])?.idClienteDomicilio ??
          "",
      ),
      nFormaDePago: defaultMethod,
      nCuotas: "1",
    },
  });
  const chosenMethod = String(fields.nFormaDePago.value ?? defaultMethod);
  useEffect(() => setMethodId(chosenMethod), [chosenMethod]);
  const card = fields.oTarjeta.getFieldset();
  const walletsOffered = paymentMethods.some((method) => method.cTipo === "BILLETERA");
  // The shop's own card fields are the sandbox acquirer's: only when a method takes them.
  const ownCardFields = paymentMethods.some(
    (method) => method.cTipo === "TARJETA" && !method.lFormularioAdquirente,
  );
  const cardFormOffered = paymentMethods.some(
    (method) => method.cTipo === "TARJETA" && method.lFormularioAdquirente,
  );
  const chosenDelivery = deliveryTypes.find(
    (type) => String(type.idEntregaTipo) === fields.idEntregaTipo.value,
  );
  const deliveryValue =
    typeof fields.idEntregaTipo.value === "string" ? fields.idEntregaTipo.value : undefined;
  useEffect(() => onDeliveryChange(deliveryValue), [deliveryValue, onDeliveryChange]);
  const { total } = amounts;

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onMouseDown={keepFocusOnSubmitPress}
      className="bg-white border border-stone-200 rounded-xl p-4"
    >
      <FormErrors form={form} />
      {plansStep?.plans ? <PlansStepNotice /> : null}
      {totalChanged !== undefined ? (
        <StepNotice
          text={t("checkout:homeDelivery.totalChanged", { total: formatPrice(totalChanged) })}
        />
      ) : null}
      <input type="hidden" name="cClaveIdempotencia" value={idempotencyKey} />
      {/* Paying on Bancard's form frames it here with script, else goes to Bancard's page. */}
      <ScriptedField />
      <input type="hidden" name="fTotalVisto" value={total} />
      <QuestionsFields questions={questions} fields={fields} />
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
      {deliveryTypes.some((type) => type.lRequiereDomicilio) ? (
        <DeliveryAddressField
          meta={fields.idClienteDomicilio}
          addresses={addresses}
          homeChosen={chosenDelivery?.lRequiereDomicilio === true}
          processId={process.idProcesoDeCompra}
        />
      ) : null}
      <RadioField
        meta={fields.nFormaDePago}
        legend={t("checkout:paymentMethod")}
        options={paymentMethods.map((method) => ({
          value: String(method.nFormaDePago),
          label: method.cNombre,
        }))}
      />
      {walletsOffered ? (
        <p className="text-sm text-stone-600" id="wallet-note">
          {hydrated && walletChosen
            ? t("checkout:wallet.chosen")
            : t(ownCardFields ? "checkout:wallet.noCard" : "checkout:wallet.onItsPage")}
        </p>
      ) : null}
      <PayPalNote methods={paymentMethods} chosen={hydrated && chosenKind === "PAYPAL"} />
      {savedCards.length > 0 && !(hydrated && chosenKind !== "TARJETA") ? (
        <SavedCardFields
          cards={savedCards}
          chosen={savedAlias}
          onChoose={setSavedAlias}
          installments={methodChosen?.listaCuotas ?? [1]}
          showInstallments={!hydrated || savedChosen}
          error={lastResult?.error?.[savedCardField]?.[0]}
        />
      ) : null}
      {cardFormOffered && (!hydrated || cardFormChosen) ? (
        <p className="text-sm text-stone-600" id="card-form-note">
          {t(ownCardFields ? "checkout:cardForm.noteWithOwnFields" : "checkout:cardForm.note")}
        </p>
      ) : null}
      {!ownCardFields || (hydrated && (cardless || savedChosen)) ? null : (
        <CardPaymentFields
          card={card}
          installments={fields.nCuotas}
          currentYear={currentYear}
          methodId={Number(fields.nFormaDePago.value) || null}
          lookupFields={deliveryField(fields.idEntregaTipo.value)}
          plansStep={plansStep}
        />
      )}
      <TermsField meta={fields.lAceptaTerminos} />
      <PayButton total={total} intent="pay" />
    </Form>
  );
}

/** The delivery chosen on the form, which the card's plans finance too. */
function deliveryField(value: unknown): Record<string, string> {
  return { idEntregaTipo: typeof value === "string" ? value : "" };
}
