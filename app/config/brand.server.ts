// The brand this server serves, chosen at start from the environment and checked there: a
// configuration that breaks its rules stops the server with the reason, not a page later.
//   BRAND          a shipped brand by name (city, the default; venue)
//   BRAND_CONFIG   or a JSON file holding a whole brand (brand-schema.ts), instead of BRAND
//   FEATURE_FLAGS  JSON (inline, or a file's path) with some of §9's flags over the brand's
import { readFileSync } from "node:fs";
import { z } from "zod";
import { type Brand, brandSchema, flagOverridesSchema } from "./brand-schema";
import { type ShippedBrandName, shippedBrands } from "./brands";

export class BrandConfigError extends Error {
  override name = "BrandConfigError";
}

type Env = Partial<Record<string, string>>;

function jsonOf(source: string, what: string): unknown {
  const text = source.trimStart().startsWith("{") ? source : readOrThrow(source, what);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BrandConfigError(`${what} is not JSON: ${(error as Error).message}`);
  }
}

function readOrThrow(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new BrandConfigError(`${what}: cannot read ${path} (${(error as Error).message})`);
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new BrandConfigError(`${what} is invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export function loadBrand(env: Env): Brand {
  let base: unknown;
  let what: string;
  if (env.BRAND_CONFIG) {
    what = `BRAND_CONFIG (${env.BRAND_CONFIG})`;
    base = jsonOf(readOrThrow(env.BRAND_CONFIG, "BRAND_CONFIG"), what);
  } else {
    const name = env.BRAND || "city";
    if (!Object.hasOwn(shippedBrands, name)) {
      const names = Object.keys(shippedBrands).join(", ");
      throw new BrandConfigError(`BRAND=${name} is no shipped brand (one of: ${names})`);
    }
    what = `brand ${name}`;
    base = shippedBrands[name as ShippedBrandName];
  }
  const brand = checked(brandSchema, base, what);
  if (!env.FEATURE_FLAGS) return brand;
  const overrides = checked(
    flagOverridesSchema,
    jsonOf(env.FEATURE_FLAGS, "FEATURE_FLAGS"),
    "FEATURE_FLAGS",
  );
  const flags = {
    ...brand.flags,
    ...overrides,
    cardValidation: { ...brand.flags.cardValidation, ...overrides.cardValidation },
    filters: { ...brand.flags.filters, ...overrides.filters },
  };
  return { ...brand, flags };
}

export const brand: Brand = loadBrand(process.env);
