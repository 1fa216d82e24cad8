// Every string a request carries (body, query, path params, and the storefront's forms built
// on the same schemas) is made with `plainText`, so no field can forget this rule: people do
// not type control characters, and PostgreSQL refuses NUL in text (it used to surface as a
// 500). A control character is a 400 naming the field with the "validation" key below.
import { z } from "zod";

/** The "validation" i18n key of the refusal. */
export const controlCharactersKey = "controlCharacters";

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/**
 * Whether the text holds a C0 control, DEL or a C1 control. Multi-line text may hold tabs and
 * line breaks (a textarea sends CR LF).
 */
export function hasControlCharacters(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (multiline && (code === tab || code === lineFeed || code === carriageReturn)) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

export type PlainTextOptions = {
  /** The message key when the value is missing or not a string. */
  error?: string;
  /** Allow tabs and line breaks (a message body). */
  multiline?: boolean;
  /** Trim surrounding white space first (default); passwords and keys are taken as sent. */
  trim?: boolean;
};

/**
 * A text field without control characters. Chain the field's own rules after it
 * (`.min`, `.max`, `.regex`, `.pipe`); they are skipped when this one fails, so the field
 * shows one clear message.
 */
export function plainText({ error, multiline = false, trim = true }: PlainTextOptions = {}) {
  const text = z.string(error === undefined ? undefined : { error });
  return (trim ? text.trim() : text).refine((value) => !hasControlCharacters(value, multiline), {
    error: controlCharactersKey,
    abort: true,
  });
}
