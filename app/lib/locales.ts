// Languages of the shop (spec §9): es is the default and the fallback.
export const supportedLocales = ["es", "en", "pt"] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = "es";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

/** Namespaces the storefront's pages use, by area (the API has its own: errors, commerce…). */
export const storefrontNamespaces = [
  "layout",
  "browse",
  "account",
  "checkout",
  "validation",
  "places",
] as const;
