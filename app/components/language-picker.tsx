import { Form, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { supportedLocales } from "~/lib/locales";
import { newsletterParam } from "./footer/newsletter-param";

/**
 * A plain form (works without JavaScript): one submit button per language. The answer reloads
 * the whole document so the new language's messages are loaded with it; with JavaScript that
 * reload replaces the page's history entry instead of adding one (decision 0071).
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("layout");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  // Coming back must not reopen the newsletter's thank-you dialog.
  params.delete(newsletterParam);
  const query = params.toString();
  return (
    <Form method="post" action="/language" replace className={`language-picker ${className ?? ""}`}>
      <input
        type="hidden"
        name="redirectTo"
        value={location.pathname + (query ? `?${query}` : "")}
      />
      <fieldset>
        <legend className="language-picker-label">{t("language.label")}</legend>
        <div className="language-picker-options">
          {supportedLocales.map((locale) => (
            <button
              key={locale}
              type="submit"
              name="locale"
              value={locale}
              lang={locale}
              aria-pressed={i18n.language === locale}
              className="language-option"
            >
              {t(`language.names.${locale}`)}
            </button>
          ))}
        </div>
      </fieldset>
    </Form>
  );
}
