// Hydration: load only the current language's messages, then hydrate with them and the brand
// the server wrote into the page. The browser translates with translator.ts, not i18next
// (decision 0037): the same text in a kilobyte.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { BrandProvider, brandOfPage } from "./config/brand";
import { TranslatorContext } from "./lib/i18n";
import { defaultLocale, isLocale, storefrontNamespaces } from "./lib/locales";
import { createTranslator, type Messages } from "./lib/translator";

const loaders = import.meta.glob<Messages>(
  "../locales/*/{layout,browse,account,checkout,validation,places}.json",
  {
    import: "default",
  },
);

async function hydrate() {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const namespaces: Record<string, Messages> = {};
  await Promise.all(
    storefrontNamespaces.map(async (namespace) => {
      const load = loaders[`../locales/${locale}/${namespace}.json`];
      if (load) namespaces[namespace] = await load();
    }),
  );
  const translator = createTranslator(locale, namespaces, "layout");
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslatorContext value={translator}>
        <BrandProvider value={brandOfPage(document)}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </BrandProvider>
      </TranslatorContext>,
    );
  });
}

hydrate();
