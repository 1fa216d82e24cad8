// The card's installment plans (Tarjetas2 on the checkout, Tarjetas on a payment link): looked
// up by the card's first digits only, never the whole number. Shared by the forms (browser)
// and their actions.
import type { CardPlans } from "@contract";

/** The checkout action's intent that only reads a card's plans: no page data changes. */
export const cardPlansIntent = "cardPlans";

/** The BIN the plans are asked with: 8 digits once typed, else 6; null before that. */
export function binOf(cardNumber: unknown): string | null {
  if (typeof cardNumber !== "string") return null;
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^[0-9]{6,}$/.test(digits)) return null;
  return digits.slice(0, digits.length >= 8 ? 8 : 6);
}

/**
 * The form's record that the buyer saw the plans of this card under this method (a hidden
 * field): paying with it charges at once, without it the plans are shown first.
 */
export function plansSeenValue(bin: string, methodId: number | string): string {
  return `${bin}:${methodId}`;
}

/** The method the plans of a payment link are under: the card's own kind decides. */
export const cardOwnMethod = 0;

/** The plans of one card under one payment method, or why there are none. */
export type PlansAnswer = {
  bin: string;
  /** The checkout's payment method, or cardOwnMethod on a payment link. */
  methodId: number;
  plans: CardPlans | null;
  /** Translated: the card is not taken, or is the wrong kind for the method. */
  refusal: string | null;
};
