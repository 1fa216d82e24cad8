// How a purchase is priced, in whole pesos (money is integers everywhere). priceProcess is
// the one place totals are computed: the process view, the amount charged and the check at
// settlement all call it, so each ticket's promotion is applied once, here.
import { type PricedTicket, type PromotionRule, priceTickets, type Ticket } from "./promotions.ts";

/** The service charge is this percentage of the places' subtotal. */
export const SERVICE_CHARGE_PERCENT = 10;

function assertAmount(amount: number, what: string) {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of pesos, got ${amount}`);
  }
}

/** 10% of the subtotal, rounded half up to whole pesos. */
export function serviceCharge(subtotal: number): number {
  assertAmount(subtotal, "Subtotal");
  // Integer arithmetic first so 0.1-style float errors never decide a rounding.
  return Math.floor((subtotal * SERVICE_CHARGE_PERCENT + 50) / 100);
}

export type Totals = {
  /** The places at their own prices. */
  subtotal: number;
  /** What the promotions take off the subtotal. */
  discount: number;
  deliveryFee: number;
  /** On what the places cost after their promotions. */
  serviceCharge: number;
  total: number;
  /** Each place's price under its promotion, in the order given. */
  tickets: PricedTicket[];
};

export type PricingInput = {
  /** Each place (or product unit) of the purchase, with the promotion chosen for it. */
  tickets: readonly Ticket[];
  /** The rules of the promotions the tickets name. */
  promotions?: ReadonlyMap<number, { rule: PromotionRule }>;
  /** The chosen delivery; none chosen yet costs nothing. */
  delivery: { fee: number } | null;
};

/** Places less promotions, their service charge, and the delivery fee (only when buying). */
export function priceProcess({ tickets, promotions, delivery }: PricingInput): Totals {
  for (const ticket of tickets) assertAmount(ticket.price, "Price");
  const deliveryFee = tickets.length > 0 && delivery ? delivery.fee : 0;
  assertAmount(deliveryFee, "Delivery fee");
  const priced = priceTickets(tickets, promotions ?? new Map());
  const subtotal = priced.reduce((sum, ticket) => sum + ticket.price, 0);
  const discount = priced.reduce((sum, ticket) => sum + ticket.discount, 0);
  const service = serviceCharge(subtotal - discount);
  return {
    subtotal,
    discount,
    deliveryFee,
    serviceCharge: service,
    total: subtotal - discount + deliveryFee + service,
    tickets: priced,
  };
}

/** Tickets at their own prices, without promotions. */
export const withoutPromotions = (prices: readonly number[]): Ticket[] =>
  prices.map((price) => ({ price, promotionId: null }));
