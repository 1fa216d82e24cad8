// Finds every string a zod schema takes from its caller (the input side: pipes are followed
// into their first schema only, as the second one sees already transformed values), so tests
// can check that each of them refuses control characters.
import type { z } from "zod";

export type StringLeaf = { path: string; schema: z.ZodType };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

export function inputStrings(schema: z.ZodType, path = "", within = new Set<z.ZodType>()) {
  const leaves: StringLeaf[] = [];
  // A recursive (lazy) schema is walked once along each path.
  if (within.has(schema)) return leaves;
  within.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const walk = (inner: z.ZodType | undefined | null, at = path) => {
    if (inner) leaves.push(...inputStrings(inner, at, within));
  };
  switch (def.type) {
    case "string":
      leaves.push({ path, schema });
      break;
    case "object":
      for (const [key, field] of Object.entries(def.shape ?? {})) walk(field, join(path, key));
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      walk(def.innerType);
      break;
    case "pipe":
      walk(def.in);
      break;
    case "array":
      walk(def.element, join(path, "[]"));
      break;
    case "tuple":
      def.items?.forEach((item, i) => {
        walk(item, join(path, String(i)));
      });
      walk(def.rest, join(path, "[]"));
      break;
    case "union":
      for (const option of def.options ?? []) walk(option);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "record":
      walk(def.keyType, join(path, "{key}"));
      walk(def.valueType, join(path, "{}"));
      break;
    case "lazy":
      walk(def.getter?.());
      break;
  }
  within.delete(schema);
  return leaves;
}

/** The message keys a schema answers for a value. */
export function messagesFor(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
