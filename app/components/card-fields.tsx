// A card's fields (number, expiry, security code, holder and their document), for the
// online checkout and the box office's card present. `ownCard`: the browser may fill them
// from the buyer's saved cards (autocomplete); at a counter the card is someone else's.
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";
import { FieldErrors, TextField } from "./field";

type TextMeta = FieldMetadata<string | number | null | undefined>;
// biome-ignore lint/suspicious/noExplicitAny: each form's own shape of the expiry's values.
type SelectMeta = FieldMetadata<any>;

export type CardFieldset = {
  cNumero: TextMeta;
  nMesVencimiento: SelectMeta;
  nAnioVencimiento: SelectMeta;
  cCodigoSeguridad: TextMeta;
  cTitular: TextMeta;
  cDocumento: TextMeta;
};

export function CardFields({
  card,
  currentYear,
  ownCard,
}: {
  card: CardFieldset;
  currentYear: number;
  ownCard: boolean;
}) {
  const { t } = useTranslation();
  const years = Array.from({ length: 15 }, (_, i) => currentYear + i);
  const { key: monthKey, ...monthProps } = getSelectProps(card.nMesVencimiento);
  const { key: yearKey, ...yearProps } = getSelectProps(card.nAnioVencimiento);
  const filled = (token: string) => (ownCard ? token : "off");
  return (
    <>
      <TextField
        meta={card.cNumero}
        label={t("checkout:card.number")}
        autoComplete={filled("cc-number")}
        inputMode="numeric"
      />
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-x-3">
        <div className="field">
          <label htmlFor={card.nMesVencimiento.id}>{t("checkout:card.expiryMonth")}</label>
          <select key={monthKey} {...monthProps} autoComplete={filled("cc-exp-month")}>
            <option value="">{t("checkout:card.month")}</option>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
              <option key={month} value={month}>
                {String(month).padStart(2, "0")}
              </option>
            ))}
          </select>
          <FieldErrors id={card.nMesVencimiento.errorId} errors={card.nMesVencimiento.errors} />
        </div>
        <div className="field">
          <label htmlFor={card.nAnioVencimiento.id}>{t("checkout:card.expiryYear")}</label>
          <select key={yearKey} {...yearProps} autoComplete={filled("cc-exp-year")}>
            <option value="">{t("checkout:card.year")}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          <FieldErrors id={card.nAnioVencimiento.errorId} errors={card.nAnioVencimiento.errors} />
        </div>
      </div>
      {/* Text, not password: HTML allows cc-csc only on a text field, and a password field
          would have password managers offer to save the code as the site's password. */}
      <TextField
        meta={card.cCodigoSeguridad}
        label={t("checkout:card.securityCode")}
        autoComplete={filled("cc-csc")}
        inputMode="numeric"
      />
      <TextField
        meta={card.cTitular}
        label={t("checkout:card.holder")}
        autoComplete={filled("cc-name")}
      />
      <TextField meta={card.cDocumento} label={t("checkout:card.document")} />
    </>
  );
}
