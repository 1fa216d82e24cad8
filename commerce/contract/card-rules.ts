// Card rules of spec §5, pure so that the card form (browser), the contract and the sandbox
// acquirer share one definition. No node: imports: the browser bundle imports this file.

/** The card brands the shop accepts: the card check's and the footer's payment logos' list. */
export const acceptedCardBrands = ["VISA", "MASTERCARD", "AMEX", "CABAL"] as const;

export type CardBrand = (typeof acceptedCardBrands)[number] | "OTHER";

/** Luhn (mod 10) checksum over a string of digits only; anything else is invalid. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{2,}$/.test(digits)) return false;
  let sum = 0;
  // Double every second digit counting from the right-most (check) digit.
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * True while the card's expiry month has not ended. The month counts as valid through its
 * last day everywhere: we compare against the calendar month at UTC-12 (the last time zone
 * to leave a day), so nobody's card is refused hours early because the server runs in UTC.
 */
export function expiryNotPast(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return false;
  const latest = new Date(now.getTime() - 12 * 60 * 60 * 1000);
  const currentYear = latest.getUTCFullYear();
  const currentMonth = latest.getUTCMonth() + 1;
  return year > currentYear || (year === currentYear && month >= currentMonth);
}

/** Brand by the issuer prefix (IIN ranges of the brands the shop accepts). */
export function cardBrand(digits: string): CardBrand {
  if (!/^[0-9]+$/.test(digits)) return "OTHER";
  // Cabal (Argentina's cooperative network) before MASTERCARD: its ranges are its own.
  if (/^(589657|6042[0-9]{2})/.test(digits)) return "CABAL";
  if (digits.startsWith("4")) return "VISA";
  if (/^3[47]/.test(digits)) return "AMEX";
  const two = Number(digits.slice(0, 2));
  if (digits.length >= 2 && two >= 51 && two <= 55) return "MASTERCARD";
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return "MASTERCARD";
  return "OTHER";
}

/**
 * Which of §5's card rules the shop applies itself (§9 flag `cardValidation`): the number's
 * length and checksum, the security code's 3 or 4 digits, the expiry not past. A rule turned
 * off is left to the acquirer; what cannot be sent at all (empty, not digits) is still refused.
 */
export type CardChecks = { number: boolean; cvc: boolean; expiry: boolean };

export const allCardChecks: CardChecks = { number: true, cvc: true, expiry: true };

/** One value per set of checks, built once (a form builds its schema on every render). */
export function onePerCardChecks<T>(build: (checks: CardChecks) => T): (checks: CardChecks) => T {
  const built = new Map<string, T>();
  return (checks) => {
    const key = `${checks.number}/${checks.cvc}/${checks.expiry}`;
    let value = built.get(key);
    if (value === undefined) {
      value = build(checks);
      built.set(key, value);
    }
    return value;
  };
}
