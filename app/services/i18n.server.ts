// Language of each request: a cookie set by the language picker, else Accept-Language,
// else es. One i18next instance per language is built once and shared by all requests
// (building one per request cost 11–16% of a page's CPU in the architecture probe).
import { createInstance, type i18n, type TFunction } from "i18next";
import { createContext, createCookie, type MiddlewareFunction } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { defaultLocale, isLocale, type Locale, supportedLocales } from "~/lib/locales";
import type { Translator } from "~/lib/translator";

export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

const detector = new LanguageDetector({
  supportedLanguages: [...supportedLocales],
  fallbackLanguage: defaultLocale,
  cookie: localeCookie,
  order: ["cookie", "header"],
});

const messageModules = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", {
  eager: true,
  import: "default",
});

/** locale → namespace → messages, from locales/{es,en,pt}/*.json. */
export const messages: Record<Locale, Record<string, Record<string, unknown>>> = {
  es: {},
  en: {},
  pt: {},
};
for (const [path, content] of Object.entries(messageModules)) {
  const match = path.match(/locales\/(\w+)\/(\w[\w-]*)\.json$/);
  if (match && isLocale(match[1])) messages[match[1]][match[2]] = content;
}

const instances = new Map<Locale, i18n>();

export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    instance.init({
      lng: locale,
      fallbackLng: defaultLocale,
      supportedLngs: [...supportedLocales],
      resources: messages,
      defaultNS: "layout",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    instances.set(locale, instance);
  }
  return instance;
}

const translators = new Map<Locale, Translator>();

/** The language's i18next instance as the components' Translator (one per language). */
export function translatorFor(locale: Locale): Translator {
  let translator = translators.get(locale);
  if (!translator) {
    const instance = i18nFor(locale);
    translator = {
      language: locale,
      getFixedT: (language, namespace) => instance.getFixedT(language, namespace) as TFunction,
    };
    translators.set(locale, translator);
  }
  return translator;
}

const localeContext = createContext<Locale>(defaultLocale);

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const detected = await detector.detect(request);
  context.set(localeContext, isLocale(detected) ? detected : defaultLocale);
};

export function getLocale(context: { get: (c: typeof localeContext) => Locale }): Locale {
  return context.get(localeContext);
}

export function getT(context: { get: (c: typeof localeContext) => Locale }) {
  return i18nFor(getLocale(context)).t;
}

/** The language of a request where no router context is at hand (e.g. an auth strategy). */
export async function localeOf(request: Request): Promise<Locale> {
  const detected = await detector.detect(request);
  return isLocale(detected) ? detected : defaultLocale;
}
