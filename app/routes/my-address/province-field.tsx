// The province (or department, region, state) of an address, which depends on its country.
// Without JavaScript the page cannot redraw the list when the country changes, so it offers
// every province grouped by country (one <optgroup> each) and the server checks that the
// pair fits (decision 0027). With JavaScript only the chosen country's provinces are shown,
// and the list follows the country at once.
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { countryCodes, isCountryCode, subdivisionsByCountry } from "@contract";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldErrors } from "~/components/field";
import { useTranslation } from "~/lib/i18n";

export function ProvinceField({
  meta,
  country,
}: {
  meta: FieldMetadata<string | undefined>;
  /** The country chosen now (followed while JavaScript runs). */
  country: string | undefined;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: false });
  const invalid = meta.errors?.length
    ? { "aria-invalid": true as const, "aria-describedby": meta.errorId }
    : {};
  const options = (code: (typeof countryCodes)[number]) =>
    subdivisionsByCountry[code].map((province) => (
      <option key={province.code} value={province.code}>
        {province.name}
      </option>
    ));
  return (
    <div className="field">
      <label htmlFor={meta.id}>{t("account:geo.province")}</label>
      {hydrated ? null : (
        <p className="text-sm text-stone-600" id={`${meta.id}-hint`}>
          {t("account:geo.provinceHint")}
        </p>
      )}
      {/* Some names are long: the list may not widen the form past the screen. */}
      <select
        key={key}
        className="w-full max-w-full"
        {...props}
        {...invalid}
        {...(hydrated
          ? {}
          : { "aria-describedby": `${meta.id}-hint ${invalid["aria-describedby"] ?? ""}`.trim() })}
      >
        <option value="">{t("account:fields.choose")}</option>
        {hydrated
          ? isCountryCode(country)
            ? options(country)
            : null
          : countryCodes.map((code) => (
              <optgroup key={code} label={t(`places:countries.${code}`)}>
                {options(code)}
              </optgroup>
            ))}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
