// A card's plans as the API answered them, made the forms' answer: the plans, or the refusal
// translated (on the card's digits when that is what was wrong).
import type { CardPlans } from "@contract";
import type { CommerceResult } from "~/services/commerce.server";
import type { PlansAnswer } from "./card-plans";

export function plansAnswerOf(
  found: CommerceResult<CardPlans>,
  request: { bin: string; methodId: number },
  t: (key: string) => string,
): PlansAnswer {
  if (found.ok) return { ...request, plans: found.data, refusal: null };
  const onCard = found.fieldErrors?.cardBin?.[0];
  return { ...request, plans: null, refusal: onCard ? t(`validation:${onCard}`) : found.message };
}
