// What paying by card shows on every form a buyer pays on (the checkout, the payment change
// page, a payment link): the card's fields with the plans of its bank, and the Pay button
// with the total it charges.
import type { FieldMetadata } from "@conform-to/react";
import { useNavigation } from "react-router";
import type { PlansAnswer } from "~/lib/card-plans";
import { formatPrice } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { CardFields, type CardFieldset } from "./card-fields";
import { InstallmentsField } from "./installments-field";

/** The buyer's own card (the browser may fill it) and the installments its bank offers. */
export function CardPaymentFields({
  card,
  installments,
  currentYear,
  methodId,
  lookupFields,
  plansStep,
}: {
  card: CardFieldset;
  // biome-ignore lint/suspicious/noExplicitAny: each form's own installments field.
  installments: FieldMetadata<any>;
  currentYear: number;
  /** The payment method the plans are under; null: none chosen yet. */
  methodId: number | null;
  /** What else the plans' lookup sends the action (the checkout's delivery). */
  lookupFields?: Record<string, string>;
  /** The card's plans, when paying showed them first instead of charging. */
  plansStep: PlansAnswer | undefined;
}) {
  return (
    <>
      <CardFields card={card} currentYear={currentYear} ownCard />
      <InstallmentsField
        meta={installments}
        cardNumber={card.cNumero.value}
        methodId={methodId}
        lookupFields={lookupFields}
        fromStep={plansStep}
      />
    </>
  );
}

/** Pay and the total it charges; while the payment is sent, that it is being paid. */
export function PayButton({ total, intent }: { total: number; intent?: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      name={intent === undefined ? undefined : "intent"}
      value={intent}
      className="button-primary w-full"
      disabled={busy}
    >
      {busy ? t("checkout:paying") : t("checkout:pay", { total: formatPrice(total) })}
    </button>
  );
}
