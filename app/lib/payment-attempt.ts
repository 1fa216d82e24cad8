// What a payment form's next render takes from the pay action's answer. Loaders are not run
// again after a refused payment: the answer brings the key of the next attempt, and the card's
// plans when paying showed them first instead of charging.
import type { PlansAnswer } from "./card-plans";

/** The idempotency key of the next attempt: the action's, else the one the page loaded with. */
export function nextAttemptKeyOf(answer: object | undefined, loaded: string): string {
  return answer && "idempotencyKey" in answer && typeof answer.idempotencyKey === "string"
    ? answer.idempotencyKey
    : loaded;
}

/** The card's plans the action answered as a step, if it did. */
export function plansStepOf(answer: object | undefined): PlansAnswer | undefined {
  return answer && "cardPlans" in answer
    ? ((answer.cardPlans as PlansAnswer | null | undefined) ?? undefined)
    : undefined;
}
