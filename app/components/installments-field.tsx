// The installments of a card payment (the checkout, a payment link): the plans the card's bank
// offers, each with its installments, total and interest (installments.ts). With JavaScript they are looked up
// as the buyer types the card (the page's action, intent cardPlans); without it the pay
// action shows them as a step first. Before the card is known, one payment is all there is.
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import type { CardPlan } from "@contract";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldErrors } from "~/components/field";
import { binOf, cardPlansIntent, type PlansAnswer, plansSeenValue } from "~/lib/card-plans";
import { useTranslation } from "~/lib/i18n";
import { planLabel } from "~/lib/installments";
import { StepNotice } from "./step-notice";

type InstallmentsFieldProps = {
  // biome-ignore lint/suspicious/noExplicitAny: the checkout form's installments field.
  meta: FieldMetadata<any>;
  cardNumber: unknown;
  /** The payment method the plans are under (cardOwnMethod on a payment link); null: none yet. */
  methodId: number | null;
  /** What else the lookup sends the action (the checkout's delivery: the plans finance it). */
  lookupFields?: Record<string, string>;
  /** The plans the pay action answered as a step, if it did. */
  fromStep: PlansAnswer | undefined;
};

function usePlanLabel() {
  const { t, i18n } = useTranslation();
  return (plan: CardPlan) => planLabel(plan, t, i18n.language);
}

export function InstallmentsField({
  meta,
  cardNumber,
  methodId,
  lookupFields,
  fromStep,
}: InstallmentsFieldProps) {
  const { t } = useTranslation();
  const planLabel = usePlanLabel();
  const hydrated = useHydrated();
  const lookup = useFetcher<{ cardPlans: PlansAnswer | null }>();
  const bin = binOf(cardNumber);
  const method = methodId;
  const extra = JSON.stringify(lookupFields ?? {});
  const { submit } = lookup;

  const matches = (answer: PlansAnswer | null | undefined): answer is PlansAnswer =>
    !!answer && answer.bin === bin && answer.methodId === method;
  const known = matches(fromStep);
  useEffect(() => {
    if (!hydrated || !bin || method === null || known) return;
    const request = {
      ...(JSON.parse(extra) as Record<string, string>),
      intent: cardPlansIntent,
      cBin: bin,
      nFormaDePago: String(method),
    };
    submit(request, { method: "post" });
  }, [hydrated, bin, method, extra, known, submit]);

  // Without JavaScript the step's answer is the card's as typed then.
  const current = hydrated ? [lookup.data?.cardPlans, fromStep].find(matches) : fromStep;
  const plans = current?.plans ?? null;
  const looking = hydrated && lookup.state !== "idle" && !current;
  const { key, ...selectProps } = getSelectProps(meta);
  const cardId = `${meta.id}-card`;
  const hintId = `${meta.id}-hint`;
  const describedBy = [plans ? cardId : hintId, meta.errors?.length ? meta.errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="field">
      <label htmlFor={meta.id}>{t("checkout:card.installments")}</label>
      <select
        key={`${key}-${plans ? current?.bin : "none"}`}
        {...selectProps}
        aria-describedby={describedBy}
      >
        {plans ? (
          plans.Lista.map((plan) => (
            <option key={plan.nCuotas} value={plan.nCuotas}>
              {planLabel(plan)}
            </option>
          ))
        ) : (
          <option value="1">{t("checkout:card.installmentsOption", { count: 1 })}</option>
        )}
      </select>
      {plans && current ? (
        <>
          <p id={cardId} className="text-sm text-stone-600">
            {t("checkout:card.cardOf", {
              brand: plans.cMarca,
              kind: t(`checkout:card.cardKind.${plans.cTipo}`),
              issuer: plans.cEmisor,
            })}
          </p>
          <input
            type="hidden"
            name="cPlanesVistos"
            value={plansSeenValue(current.bin, current.methodId)}
          />
        </>
      ) : (
        <p id={hintId} className="text-sm text-stone-600">
          {current?.refusal ? (
            <span className="field-error">{current.refusal}</span>
          ) : hydrated ? (
            looking ? (
              t("checkout:card.plansLoading")
            ) : (
              t("checkout:card.plansHint")
            )
          ) : (
            t("checkout:card.plansHintNoScript")
          )}
        </p>
      )}
      {hydrated ? (
        <p className="sr-only" aria-live="polite">
          {plans ? t("checkout:card.plansFound", { count: plans.Lista.length }) : ""}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * Says why paying showed the plans instead of charging; it takes the focus, as an error
 * summary would, so the buyer starts from it (by `autofocus` without JavaScript).
 */
export function PlansStepNotice() {
  const { t } = useTranslation();
  return <StepNotice text={t("checkout:card.plansStep")} />;
}
