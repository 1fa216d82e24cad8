// The phone number rule, pure so that the forms (browser), the contract and the API share it.
// No node: imports: the browser bundle imports this file.

/** Digits a number needs at least (a local line without area code) and at most (E.164). */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
/** Room for the digits plus the separators people type. */
export const PHONE_MAX_LENGTH = 30;

/** What is wrong with a phone number as typed, as a "validation" i18n key; null when fine. */
export type PhoneProblem = "phoneRequired" | "phoneCharacters" | "phoneTooShort" | "phoneTooLong";

/**
 * A number as people write it: digits, spaces, dashes and parentheses, and a leading "+"
 * for the country code ("+54 (11) 4321-5678"). Only the digits count towards its length.
 */
export function phoneNumberProblem(value: string): PhoneProblem | null {
  const text = value.trim();
  if (text === "") return "phoneRequired";
  if (!/^\+?[0-9 ()-]+$/.test(text)) return "phoneCharacters";
  if (!balancedParentheses(text)) return "phoneCharacters";
  const digits = text.replace(/[^0-9]/g, "").length;
  if (digits < PHONE_MIN_DIGITS) return "phoneTooShort";
  if (digits > PHONE_MAX_DIGITS || text.length > PHONE_MAX_LENGTH) return "phoneTooLong";
  return null;
}

/** "(11) 4321" yes; ")11(", "((11)" or "(11" no: a parenthesis only ever wraps an area code. */
function balancedParentheses(text: string): boolean {
  let open = false;
  for (const char of text) {
    if (char === "(") {
      if (open) return false;
      open = true;
    } else if (char === ")") {
      if (!open) return false;
      open = false;
    }
  }
  return !open;
}
