// Property-based fuzzing of what reaches the shop from outside (fast-check): hostile strings
// and numbers, JSON bodies shaped like an endpoint's own (from its JSON Schema) with hostile
// leaves, broken JSON text, odd header values. Shared by the API's fuzz
// (commerce/http/fuzz.test.ts) and the storefront's (server/fuzz.test.ts).
import fc from "fast-check";
import { z } from "zod";

// ---------------------------------------------------------------- settings

export type FuzzSettings = { seed: number; apiRuns: number; formRuns: number };

/**
 * A fixed seed and counts small enough for `npm test`. `npm run fuzz` (FUZZ_LONG=1) runs the
 * long version, 10,000 API requests and 2,000 form posts; FUZZ_API_RUNS and FUZZ_FORM_RUNS
 * set other counts, FUZZ_SEED replays a failure or varies the run.
 */
export function fuzzSettings(): FuzzSettings {
  const integer = (name: string, fallback: number, min: number) => {
    const value = Number(process.env[name] || Number.NaN);
    return Number.isSafeInteger(value) && value >= min ? value : fallback;
  };
  const long = process.env.FUZZ_LONG === "1";
  return {
    seed: integer("FUZZ_SEED", 20310310, Number.MIN_SAFE_INTEGER),
    apiRuns: integer("FUZZ_API_RUNS", long ? 10_000 : 1500, 1),
    formRuns: integer("FUZZ_FORM_RUNS", long ? 2000 : 100, 1),
  };
}

/** Responses by status, to say what a run exercised. */
export class StatusTally {
  private counts = new Map<number, number>();
  total = 0;
  add(status: number) {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
    this.total += 1;
  }
  get serverErrors() {
    return [...this.counts].filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0);
  }
  toString() {
    const statuses = [...this.counts].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`);
    return `${this.total} requests (${statuses.join(", ")})`;
  }
}

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

// ---------------------------------------------------------------- shaped like a schema

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

/** Formats checked after a transform (an e-mail) show only on the output side: copy them. */
function withOutputFormats(input: JsonSchema, output: JsonSchema | undefined): JsonSchema {
  if (!output) return input;
  const merged: JsonSchema = { ...input };
  if (!merged.format && output.format && merged.type === "string") merged.format = output.format;
  if (input.properties) {
    merged.properties = Object.fromEntries(
      Object.entries(input.properties).map(([name, field]) => [
        name,
        withOutputFormats(field, output.properties?.[name]),
      ]),
    );
  }
  if (input.items) merged.items = withOutputFormats(input.items, output.items);
  return merged;
}

/** A request schema as JSON Schema: what a client reads in /v2/openapi.json. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const describe = (io: "input" | "output") =>
    z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return withOutputFormats(describe("input"), describe("output"));
}

/** Mostly the plain addresses people have; sometimes one only the RFC allows. */
const emailAddress = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom("example.com", "correo.test"))
      .map(([user, domain]) => `${user}@${domain}`),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** A string the schema's own shape allows (its pattern or length, or an e-mail address). */
function fittingString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "email") return emailAddress;
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      const matching = fc.stringMatching(pattern);
      // A pattern that calendar dates fit mostly gets real ones (random digits rarely are).
      if (!pattern.test("2031-03-13")) return matching;
      const dates = fc
        .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
        .map((time) => new Date(time).toISOString().slice(0, 10));
      return fc.oneof({ weight: 3, arbitrary: dates }, { weight: 1, arbitrary: matching });
    } catch {
      // A pattern JavaScript cannot read: text of the right length will do.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 30, minLength + 30);
  return fc.oneof(
    fc.string({ unit: "grapheme", minLength, maxLength }),
    fc.string({ unit: "grapheme-ascii", minLength, maxLength }),
  );
}

/** A number the schema allows, mostly small (the ids of a test catalog are). */
function fittingNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const minimum =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 0);
  const low = Math.max(Math.ceil(minimum), -(2 ** 40));
  const high = Math.max(low, Math.min(Math.floor(schema.maximum ?? low + 40), low + 40));
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(high, low + 3) }) },
    { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
  );
}

/**
 * A value the schema's shape allows: required fields always, optional ones half the time,
 * every leaf fitting its own rules as far as JSON Schema tells them.
 */
export function fittingValue(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => fittingValue(o, depth + 1)));
  if (schema.allOf?.length) return fittingValue(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties ?? {});
      return fc.record(
        Object.fromEntries(fields.map(([name, field]) => [name, fittingValue(field, depth + 1)])),
        { requiredKeys: fields.map(([name]) => name).filter((name) => required.has(name)) },
      );
    }
    case "array":
      return fc.array(fittingValue(schema.items ?? {}, depth + 1), {
        minLength: 1,
        maxLength: Math.max(1, Math.min(schema.maxItems ?? 3, 3)),
      });
    case "string":
      return fittingString(schema);
    case "integer":
    case "number":
      return fittingNumber(schema);
    case "boolean":
      return fc.boolean();
    default:
      return hostileValue;
  }
}

type Node = { parent: Record<string, unknown> | unknown[]; key: string | number };

function nodesOf(value: unknown, into: Node[] = []): Node[] {
  if (value === null || typeof value !== "object") return into;
  for (const [key, child] of Object.entries(value)) {
    into.push({
      parent: value as Record<string, unknown>,
      key: Array.isArray(value) ? Number(key) : key,
    });
    nodesOf(child, into);
  }
  return into;
}

/** The value with one of its parts (at `at`, counted in walk order) replaced or removed. */
export function withOneChange(value: unknown, at: number, replacement: unknown, remove: boolean) {
  const copy = structuredClone(value);
  const nodes = nodesOf(copy);
  if (nodes.length === 0) return replacement;
  const { parent, key } = nodes[at % nodes.length];
  if (remove && !Array.isArray(parent)) delete parent[key as string];
  else (parent as Record<string | number, unknown>)[key] = replacement;
  return copy;
}

/**
 * Shaped like the schema: mostly a fitting value with one part hostile or missing (so the
 * request reaches the code behind validation, wrong in one place), sometimes a fitting value
 * as it is, sometimes anything at all.
 */
export function shapedValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fitting = fittingValue(schema);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fitting, fc.nat(), hostileValue, fc.nat({ max: 9 }))
        .map(([value, at, hostile, dice]) => withOneChange(value, at, hostile, dice === 0)),
    },
    { weight: 2, arbitrary: fitting },
    { weight: 1, arbitrary: hostileValue },
  );
}

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
