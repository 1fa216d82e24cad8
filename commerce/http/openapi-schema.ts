// zod → JSON Schema for /v2/openapi.json, as strict as the validation behind it, so a request
// that satisfies the document is not refused as malformed. zod 4 describes a pipe's input by
// its first step only: an e-mail (text → z.email()) or a card number (text → spaces removed →
// 13 to 19 digits) came out as any string. Here a pipe whose steps are both text carries the
// later step's rules too, and a path or query param that is text in the URL but a number to
// the API (an id: digits → 1 … 2^31-1) is described as that number.
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

type ZodInternals = { _zod: { def: { type: string; out?: z.ZodType } } };
const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _, ...rest } = schema;
  return rest;
}

/** Keywords of a text rule a later step of a pipe adds. */
const textRules = ["format", "pattern", "minLength", "maxLength", "enum", "const"] as const;

/** Adds the rules of `later` (a later step of a pipe on the same text) to `schema`, in place. */
function addTextRules(schema: JsonSchema, later: JsonSchema) {
  for (const keyword of textRules) {
    const value = later[keyword];
    if (value === undefined) continue;
    const current = schema[keyword];
    if (current === undefined) schema[keyword] = value;
    else if (keyword === "minLength")
      schema.minLength = Math.max(current as number, value as number);
    else if (keyword === "maxLength")
      schema.maxLength = Math.min(current as number, value as number);
    else if (keyword === "pattern" && current !== value) {
      schema.allOf = [...((schema.allOf as JsonSchema[]) ?? []), { pattern: value }];
    }
  }
}

function convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return withoutDialect(
    z.toJSONSchema(schema, {
      io,
      // Refinements and transforms have no JSON Schema form: the API still enforces them,
      // and the fields they guard carry `examples` that pass them.
      unrepresentable: "any",
      override: (ctx) => {
        if (io !== "input" || defOf(ctx.zodSchema).type !== "pipe") return;
        // What is said of the whole pipe (zod keeps it for its output side only).
        const meta = z.globalRegistry.get(ctx.zodSchema);
        if (meta?.examples) (ctx.jsonSchema as JsonSchema).examples = meta.examples;
        if (meta?.description) ctx.jsonSchema.description = meta.description;
        const later = defOf(ctx.zodSchema).out;
        if (!later || defOf(later).type === "transform") return;
        const laterSchema = convert(later, "output");
        if (ctx.jsonSchema.type === "string" && laterSchema.type === "string") {
          addTextRules(ctx.jsonSchema as JsonSchema, laterSchema);
        }
      },
    }) as JsonSchema,
  );
}

/** A request's body as the API accepts it, an answer as it sends it. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  return convert(schema, io);
}

type ObjectSchema = { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * The fields of a params or query object. A URL carries text: where the API reads that text as
 * a number, the number (its bounds) is what a client must send.
 */
export function urlFieldsOf(schema: z.ZodType): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  const input = convert(schema, "input") as ObjectSchema;
  const output = convert(schema, "output") as ObjectSchema;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, accepted] of Object.entries(input.properties ?? {})) {
    const read = output.properties?.[name];
    const numeric = read?.type === "integer" || read?.type === "number";
    properties[name] = accepted.type === "string" && numeric ? read : accepted;
  }
  return { properties, required: input.required ?? [] };
}
