// Prices as the spec shows them (§9): whole pesos, es-AR grouping, symbol $ — "$ 12.000".
// Hand-written rather than Intl so the output is identical on every runtime and ICU build.

export function formatPesos(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const whole = Math.round(Math.abs(amount));
  // Beyond this String() switches to exponent notation; no price gets near it.
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Amount out of range: ${amount}`);
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, ".");
  return `${amount < 0 && whole !== 0 ? "-" : ""}$ ${grouped}`;
}
