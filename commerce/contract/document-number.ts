// What "too low" and "too high" mean for a document number (spec §5; decision 0024). For the
// types that are numbers (DNI; CUIT and CUIL, 11 digits) the number itself is judged: a DNI
// is 1.000.000 to 99.999.999 (dots may separate thousands), a CUIT/CUIL has exactly 11
// digits (dashes allowed). Any other document is a code of 5 to 20 letters, digits, dots or
// dashes: shorter is too low, longer too high.

export const documentErrors = {
  required: "documentRequired",
  invalid: "documentInvalid",
  tooLow: "documentTooLow",
  tooHigh: "documentTooHigh",
} as const;

export const dniRange = { min: 1_000_000, max: 99_999_999 } as const;
export const taxIdDigits = 11;
export const otherDocumentLength = { min: 5, max: 20 } as const;

/** The "validation" key of the number's problem for its type, or null when it is fine. */
export function documentNumberProblem(type: string, number: string): string | null {
  const value = number.trim();
  if (value === "") return documentErrors.required;
  if (type === "DNI") {
    if (!/^\d{1,3}(\.?\d{3})*$/.test(value)) return documentErrors.invalid;
    const amount = Number(value.replaceAll(".", ""));
    if (amount < dniRange.min) return documentErrors.tooLow;
    if (amount > dniRange.max) return documentErrors.tooHigh;
    return null;
  }
  if (type === "CUIT" || type === "CUIL") {
    if (!/^[\d-]+$/.test(value)) return documentErrors.invalid;
    const digits = value.replaceAll("-", "").length;
    if (digits < taxIdDigits) return documentErrors.tooLow;
    if (digits > taxIdDigits) return documentErrors.tooHigh;
    return null;
  }
  if (!/^[0-9A-Za-z.-]+$/.test(value)) return documentErrors.invalid;
  if (value.length < otherDocumentLength.min) return documentErrors.tooLow;
  if (value.length > otherDocumentLength.max) return documentErrors.tooHigh;
  return null;
}
