// How a purchase is priced, in whole pesos (money is integers everywhere). priceProcess is
// the one place totals are computed: the process view, the amount charged and the check at
// settlement all call it, so promotions (next) are applied once, here.

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
  subtotal: number;
  deliveryFee: number;
  serviceCharge: number;
  total: number;
};

export type PricingInput = {
  /** The price of each place (or product unit) in the purchase. */
  prices: readonly number[];
  /** The chosen delivery; none chosen yet costs nothing. */
  delivery: { fee: number } | null;
};

/** Places, their service charge, and the delivery fee (only when something is bought). */
export function priceProcess({ prices, delivery }: PricingInput): Totals {
  for (const price of prices) assertAmount(price, "Price");
  const deliveryFee = prices.length > 0 && delivery ? delivery.fee : 0;
  assertAmount(deliveryFee, "Delivery fee");
  const subtotal = prices.reduce((sum, price) => sum + price, 0);
  const service = serviceCharge(subtotal);
  return { subtotal, deliveryFee, serviceCharge: service, total: subtotal + deliveryFee + service };
}
