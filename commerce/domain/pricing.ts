// Totals of a purchase in whole pesos (money is integers everywhere).

/** The service charge is this percentage of the tickets' subtotal. */
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

/** Totals of the places' prices plus the chosen delivery's fee (0 while none is chosen). */
export function purchaseTotals(prices: readonly number[], deliveryFee: number): Totals {
  for (const price of prices) assertAmount(price, "Price");
  assertAmount(deliveryFee, "Delivery fee");
  const subtotal = prices.reduce((sum, price) => sum + price, 0);
  const service = serviceCharge(subtotal);
  return { subtotal, deliveryFee, serviceCharge: service, total: subtotal + deliveryFee + service };
}
