import { useTranslation } from "~/lib/i18n";

/**
 * The honeypot of a public form: a field people never see (not shown, not in the tab order,
 * hidden from assistive technology) and so leave empty; a script that fills every field
 * gives itself away (services/honeypot.server.ts). remix-utils' HoneypotInputs would add an
 * inline <style>, which the pages' Content-Security-Policy refuses (decision 0023).
 */
export function HoneypotField({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={`${name}-field`}>{t("account:recover.honeypot")}</label>
      <input
        id={`${name}-field`}
        name={name}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
    </div>
  );
}
