// The hostile values of the fuzz (fuzz.ts): strings with control characters and other
// traps, odd numbers, any JSON value, broken JSON text, URL parts and header values.
import fc from "fast-check";

// ---------------------------------------------------------------- values

const controlCharacters = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u0085",
  "\u009b",
];

/** Values that have broken programs before: control characters, odd numbers, markup, paths. */
export const nastyStrings = [
  "",
  " ",
  "\u0000",
  "ab\u0000cdefghijkl",
  "línea\r\nSet-Cookie: x=1",
  "\u001b[31mrojo",
  "\t\t",
  "\ud800",
  "a\udfffb",
  "😀🎭",
  "ñandú",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "../../etc/passwd",
  "'; DROP TABLE customers; --",
  "<script>alert(1)</script>",
  "null",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "0x1f",
  " 7",
  "1.5",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "\u202egnp.exe",
  "\ufeffBOM",
  "\u2028\u2029",
  "a@b",
  "ana@example.com",
  "Secreta123",
  "4242424242424242",
  "2031-02-30",
  "2031-03-13",
];

/** Ordinary text with one control character somewhere in it: what PostgreSQL refuses. */
export const textWithControl: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ unit: "grapheme-ascii", minLength: 3, maxLength: 20 }),
    // NUL most often: PostgreSQL refuses it in text.
    fc.oneof(
      { weight: 2, arbitrary: fc.constant("\u0000") },
      fc.constantFrom(...controlCharacters),
    ),
    fc.nat(),
  )
  .map(([text, control, at]) => {
    const i = at % (text.length + 1);
    return `${text.slice(0, i)}${control}${text.slice(i)}`;
  });

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: textWithControl },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom(...controlCharacters, "a", "Z", "1", " ", "é", "@", "."),
      maxLength: 24,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 6000 }).map((n) => "x".repeat(n)) },
  // A path of this site, as return targets are, with what a header cannot carry.
  {
    weight: 1,
    arbitrary: fc
      .oneof(textWithControl, fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }))
      .map((text) => `/${text}`),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 3, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308),
  fc.constantFrom(0.5, 1e-7, Number.MIN_VALUE, -0.000001),
  fc.integer({ min: 0, max: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

// ---------------------------------------------------------------- JSON text

const bigNumberLiterals = [
  "1e400",
  "-1e400",
  "123456789012345678901234567890",
  "1.0000000000000002",
  "-0",
  "0.1e-400",
];

const brokenJsonTexts = [
  "{",
  "[",
  '{"a":1,}',
  "{'a':1}",
  "\ufeff{}",
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  '"\\ud800"',
  '{"cBuscar":"\\u0000"}',
  "nul",
  "undefined",
  "NaN",
  '{"a":"\\x41"}',
];

/** A body as text: the value's JSON, cut short, with an absurd number, or broken outright. */
export function jsonText(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const text = value.map((v) => JSON.stringify(v) ?? "null");
  return fc.oneof(
    { weight: 12, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.tuple(text, fc.nat()).map(([t, n]) => t.slice(0, n % (t.length + 1))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, fc.constantFrom(...bigNumberLiterals))
        .map(([t, literal]) => t.replace(/-?\d+(\.\d+)?([eE][+-]?\d+)?/, literal)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...brokenJsonTexts) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constant(JSON.stringify({ cMensaje: "x".repeat(70_000) })),
    },
  );
}

// ---------------------------------------------------------------- URLs and headers

/** Percent-encodes as UTF-8, a lone surrogate as its (invalid) three bytes. */
export function percentEncode(text: string): string {
  const parts = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^A-Za-z0-9\-_.~\ud800-\udfff]+/g;
  return text.replace(parts, (part) => {
    if (part.length > 1 || !/[\ud800-\udfff]/.test(part)) return encodeURIComponent(part);
    const code = part.charCodeAt(0);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join("");
  });
}

/** Escapes and segments that are not what they should be, left as they are in the URL. */
export const rawUrlParts = [
  "%zz",
  "%",
  "%E0%A4%A",
  "%00",
  "%0D%0A",
  "%ED%A0%80",
  "%C0%AF",
  "..",
  ".",
  "%2F",
  "a%2Fb",
  "%2e%2e",
  "+",
  "&&",
  "==",
];

/** A path segment or query value: encoded hostile text, or a raw broken escape. */
export const urlPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...rawUrlParts) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 40 }).map(String) },
);

/** A header value: what a client could send (no CR, LF or NUL; bytes, not text). */
export const headerValue: fc.Arbitrary<string> = hostileString.map((text) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a header refuses.
  text.replace(/[\u0000\r\n]|[^\u0000-\u00ff]/g, "?").slice(0, 8000),
);

/** Accept-Language as browsers and scripts send it, or not. */
export const acceptLanguage: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(undefined, "es", "en", "pt", "en-US,en;q=0.9", "*", "xx", "en;q=abc", ""),
  headerValue,
);

export const httpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
