// Property-based fuzzing of what reaches the shop from outside (fast-check): hostile strings
// and numbers, JSON bodies shaped like an endpoint's own (from its JSON Schema) with hostile
// leaves, broken JSON text, odd header values. Shared by the API's fuzz
// (commerce/http/fuzz.test.ts) and the storefront's (server/bad-input.test.ts). The values
// themselves are in fuzz-values.ts.
import fc from "fast-check";
import { z } from "zod";

import { hostileValue } from "./fuzz-values.ts";
import type { JsonSchema } from "./json-schema.ts";

export * from "./fuzz-values.ts";

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

// ---------------------------------------------------------------- shaped like a schema

export type { JsonSchema };

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
