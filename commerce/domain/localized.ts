// Texts stored as { es, en, pt } JSON: pick the caller's language, falling back to es.
import type { LocalizedText } from "../db/schema.ts";
import { fallbackLanguage, type Language } from "../i18n.ts";

export function localized(text: Partial<LocalizedText> | null | undefined, language: Language) {
  if (!text) return "";
  return text[language] || text[fallbackLanguage] || "";
}
