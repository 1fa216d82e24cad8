// Hydration: load only the current language's messages, then hydrate with them.
import { createInstance } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale, storefrontNamespaces } from "./lib/locales";

const loaders = import.meta.glob<Record<string, unknown>>(
  "../locales/*/{layout,browse,account,checkout,validation,places}.json",
  {
    import: "default",
  },
);

async function hydrate() {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const resources: Record<string, Record<string, Record<string, unknown>>> = { [locale]: {} };
  await Promise.all(
    storefrontNamespaces.map(async (ns) => {
      const load = loaders[`../locales/${locale}/${ns}.json`];
      if (load) resources[locale][ns] = await load();
    }),
  );
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources,
    defaultNS: "layout",
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
