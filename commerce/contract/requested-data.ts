// What a performance may ask each buyer before paying (performances.requested_data): the
// ticket holder's name or document for named tickets, or the school or organisation of a
// group visit. The rules are shared by the API (which checks every answer) and the shop's
// form; labels are translated by code (locales/<lang>/commerce.json requestedData).
import { documentNumberProblem } from "./document-number.ts";
import { controlCharactersKey, hasControlCharacters } from "./text.ts";

export const requestedDataCodes = ["HOLDER_NAME", "HOLDER_DOCUMENT", "INSTITUTION"] as const;
export type RequestedDataCode = (typeof requestedDataCodes)[number];

export const answerMaxLength = 120;

export function isRequestedDataCode(value: unknown): value is RequestedDataCode {
  return typeof value === "string" && (requestedDataCodes as readonly string[]).includes(value);
}

/**
 * The "validation" key of an answer's problem, or null when it will do. Every datum asked is
 * required; a name has letters, a document is a DNI's number.
 */
export function answerProblem(code: RequestedDataCode, raw: string): string | null {
  const value = raw.trim();
  if (value === "") return "answerRequired";
  if (hasControlCharacters(value, false)) return controlCharactersKey;
  if (value.length > answerMaxLength) return "tooLong";
  if (code === "HOLDER_DOCUMENT") return documentNumberProblem("DNI", value);
  if (!/\p{L}.*\p{L}/u.test(value)) return "answerInvalid";
  return null;
}
