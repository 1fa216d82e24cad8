import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { supportedLocales } from "~/lib/locales";

/**
 * A plain form (works without JavaScript). It reloads the whole document so the new
 * language's messages are loaded with it.
 */
export function LanguagePicker({ idSuffix }: { idSuffix: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const selectId = `language-${idSuffix}`;
  return (
    <Form method="post" action="/language" reloadDocument className="language-picker">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={selectId} className="sr-only">
        {t("language.label")}
      </label>
      <select id={selectId} name="locale" defaultValue={i18n.language} className="select-compact">
        {supportedLocales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button-small">
        {t("language.apply")}
      </button>
    </Form>
  );
}
