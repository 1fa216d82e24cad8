// Language of each request: a cookie set by the language picker, else Accept-Language,
// else es. One i18next instance per language is built once and shared by all requests
// (building one per request cost 11–16% of a page's CPU in the architecture probe).
import { createInstance, type i18n, type TFunction } from "i18next";
import { createContext, createCookie, type MiddlewareFunction } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { defaultLocale, isLocale, type Locale, supportedLocales } from "~/lib/locales";
import type { Translator } from "~/lib/translator";
import { config } from "./config.server";

// Over HTTPS only wherever the session cookie is (COOKIE_SECURE).
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: config.cookieSecure,
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

/**
 * The language each Accept-Language header asks for, when no language cookie decides: the
 * detector's reading of it (Intl look-ups for every tag) cost about 1% of a page's CPU, and
 * browsers send a handful of distinct headers. Bounded: emptied when full.
 */
const byAcceptLanguage = new Map<string, Locale>();
const maxHeadersKept = 500;

async function detectLocale(request: Request): Promise<Locale> {
  // The language picker's cookie beats Accept-Language: when the Cookie header may carry
  // it, the detector reads it as before; without it, the Accept-Language header decides.
  if (request.headers.get("Cookie")?.includes(`${localeCookie.name}=`)) {
    const detected = await detector.detect(request);
    return isLocale(detected) ? detected : defaultLocale;
  }
  const header = request.headers.get("Accept-Language") ?? "";
  const known = byAcceptLanguage.get(header);
  if (known) return known;
  const detected = await detector.detect(request);
  const locale = isLocale(detected) ? detected : defaultLocale;
  if (byAcceptLanguage.size >= maxHeadersKept) byAcceptLanguage.clear();
  byAcceptLanguage.set(header, locale);
  return locale;
}

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(localeContext, await detectLocale(request));
};

export function getLocale(context: { get: (c: typeof localeContext) => Locale }): Locale {
  return context.get(localeContext);
}

export function getT(context: { get: (c: typeof localeContext) => Locale }) {
  return i18nFor(getLocale(context)).t;
}

/** The language of a request where no router context is at hand (e.g. an auth strategy). */
export function localeOf(request: Request): Promise<Locale> {
  return detectLocale(request);
}
