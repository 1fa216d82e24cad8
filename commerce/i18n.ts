// Texts the API itself returns (cMensaje, names of delivery types, PDF labels) in the
// caller's language. One i18next instance per language, built once.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import i18next, { type TFunction } from "i18next";

export const languages = ["es", "en", "pt"] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = "es";

const localesDir = fileURLToPath(new URL("../locales", import.meta.url));

function loadResources(language: Language): Record<string, Record<string, unknown>> {
  const dir = `${localesDir}/${language}`;
  const resources: Record<string, Record<string, unknown>> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    resources[file.replace(/\.json$/, "")] = JSON.parse(readFileSync(`${dir}/${file}`, "utf8"));
  }
  return resources;
}

const translators = new Map<Language, TFunction>();

function translatorFor(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const instance = i18next.createInstance();
    instance.init({
      lng: language,
      fallbackLng: fallbackLanguage,
      resources: Object.fromEntries(languages.map((l) => [l, loadResources(l)])),
      defaultNS: "errors",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    t = instance.t.bind(instance) as TFunction;
    translators.set(language, t);
  }
  return t;
}

/** Picks the first supported language of an Accept-Language header (es when none fits). */
export function languageFromHeader(header: string | null | undefined): Language {
  if (!header) return fallbackLanguage;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0] as Language;
    if (languages.includes(base)) return base;
  }
  return fallbackLanguage;
}

export function translate(language: Language): TFunction {
  return translatorFor(language);
}
