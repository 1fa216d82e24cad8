// The honeypot's inputs (app/services/honeypot.server.ts). Not remix-utils' own component:
// it brings an inline <style>, which the page's Content-Security-Policy (style-src 'self')
// refuses. display: none (the .honeypot class) keeps them out of sight, out of the tab
// order and away from screen readers; the label is there for the bots that look for one.
import type { HoneypotFieldsProps } from "~/services/honeypot.server";

export function HoneypotFields({ fields, label }: { fields: HoneypotFieldsProps; label: string }) {
  const { nameFieldName, validFromFieldName, encryptedValidFrom } = fields;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={nameFieldName}>{label}</label>
      <input
        id={nameFieldName}
        name={nameFieldName}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
      {validFromFieldName && encryptedValidFrom ? (
        <input type="hidden" name={validFromFieldName} value={encryptedValidFrom} />
      ) : null}
    </div>
  );
}
