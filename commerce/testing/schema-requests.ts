// Values drawn from a JSON Schema of /v2/openapi.json, for the conformance test
// (http/openapi-conformance.test.ts): a valid value (the schema's own examples first, as a
// client copying the document would send; else built from its keywords, patterns through
// fast-check with a fixed seed, so every run sends the same requests) and, from it, values
// that break one field each. Pure: the test checks each value against the schema with ajv.
import fc from "fast-check";
import type { JsonSchema } from "./json-schema.ts";

export type { JsonSchema };

const seed = 20310310;

/** Text that fits a pattern (and every pattern of allOf), the same on every run. */
function textMatching(schema: JsonSchema, variant: number): string | undefined {
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern): pattern is string => pattern !== undefined)
    .map((pattern) => new RegExp(pattern, "u"));
  if (patterns.length === 0) return undefined;
  const fits = (text: string) =>
    patterns.every((pattern) => pattern.test(text)) &&
    // JSON Schema counts characters (code points), not UTF-16 units.
    [...text].length >= (schema.minLength ?? 0) &&
    [...text].length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  const candidates = fc.sample(fc.stringMatching(patterns[0]), {
    seed: seed + variant,
    numRuns: 200,
  });
  return candidates.find(fits);
}

function text(schema: JsonSchema, variant: number): string {
  if (schema.format === "email") return `buyer${variant}@example.com`;
  if (schema.format === "date") return `2031-03-${String(10 + variant).padStart(2, "0")}`;
  if (schema.format === "date-time") return "2031-03-10T12:00:00-03:00";
  const matching = textMatching(schema, variant);
  if (matching !== undefined) return matching;
  const length = Math.min(Math.max(schema.minLength ?? 1, 8), schema.maxLength ?? 8);
  return `Prueba ${variant} de texto largo para el campo`.padEnd(length, "x").slice(0, length);
}

function number(schema: JsonSchema, variant: number): number {
  const low =
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
  return Math.min(low + (variant % 3), schema.maximum ?? Number.POSITIVE_INFINITY);
}

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/**
 * A value the schema allows. Variant 0 fills every optional field too, variant 1 only the
 * required ones; higher variants pick other enum members, options and numbers.
 */
export function validValue(schema: JsonSchema, variant = 0): unknown {
  if (schema.examples?.length) return schema.examples[variant % schema.examples.length];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[variant % schema.enum.length];
  // Options of a value itself (text or null…); on an object they only add rules to its fields.
  const options = (schema.oneOf ?? schema.anyOf)?.filter((option) => option.type !== "null");
  if (options?.length && !schema.properties) {
    return validValue(options[variant % options.length], variant);
  }
  switch (typeOf(schema)) {
    case "object": {
      const required = new Set(schema.required ?? []);
      const value: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(schema.properties ?? {})) {
        if (variant % 2 === 0 || required.has(name)) value[name] = validValue(field, variant);
      }
      return value;
    }
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) =>
        validValue(schema.items ?? {}, variant + i),
      );
    case "string":
      return text(schema, variant);
    case "integer":
    case "number":
      return number(schema, variant);
    case "boolean":
      return variant % 2 === 0;
    case "null":
      return null;
    default:
      return "x";
  }
}

/** The JSON types a schema admits (none known: any). */
function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  for (const type of [schema.type ?? []].flat()) types.add(type === "integer" ? "number" : type);
  for (const value of [
    ...(schema.enum ?? []),
    ...(schema.const === undefined ? [] : [schema.const]),
  ]) {
    types.add(value === null ? "null" : typeof value);
  }
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    for (const type of typesOf(option)) types.add(type);
  }
  return types;
}

const valuesByType: Record<string, unknown> = {
  number: 12345,
  string: "not-a-number",
  boolean: true,
  object: { x: 1 },
};

/** A value of a JSON type the schema does not admit; undefined when it admits any. */
export function wrongTypeFor(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.size === 0) return undefined;
  const type = Object.keys(valuesByType).find((candidate) => !types.has(candidate));
  return type === undefined ? undefined : valuesByType[type];
}

/** Each field of an object value (nested objects too) given a wrong value, one at a time. */
export function oneFieldBroken(
  schema: JsonSchema,
  value: unknown,
): Array<{ field: string; value: unknown }> {
  return fieldsOf(schema, value, []).map(({ path, wrong }) => ({
    field: path.join("."),
    value: withField(value, path, wrong),
  }));
}

function fieldsOf(
  schema: JsonSchema,
  value: unknown,
  path: string[],
): Array<{ path: string[]; wrong: unknown }> {
  if (typeOf(schema) !== "object" || value === null || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  return Object.entries(schema.properties ?? {})
    .filter(([name, field]) => name in record && wrongTypeFor(field) !== undefined)
    .flatMap(([name, field]) => [
      { path: [...path, name], wrong: wrongTypeFor(field) },
      ...fieldsOf(field, record[name], [...path, name]),
    ]);
}

function withField(value: unknown, path: string[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[path[path.length - 1]] = replacement;
  return copy;
}
