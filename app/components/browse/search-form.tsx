import type { ShowType, Venue } from "@contract";
import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { SearchErrors, SearchField, SearchValues } from "~/lib/search-query";

export type SearchFilters = { category: boolean; venue: boolean; date: boolean; zone: boolean };

type Props = {
  values: SearchValues;
  errors: SearchErrors;
  venues: Venue[];
  zones: string[];
  types: ShowType[];
  /** Which filters the brand offers (§9). */
  filters: SearchFilters;
};

function ErrorText({ field, errors }: { field: SearchField; errors: SearchErrors }) {
  const { t } = useTranslation();
  const keys = errors[field];
  if (!keys?.length) return null;
  return (
    <p id={`${field}-error`} className="field-error">
      {keys
        .map((key) => t(`validation:${key}`, { defaultValue: t("validation:invalid") }))
        .join(" ")}
    </p>
  );
}

const invalidProps = (field: SearchField, errors: SearchErrors) =>
  errors[field]?.length
    ? { "aria-invalid": true as const, "aria-describedby": `${field}-error` }
    : {};

/**
 * The advanced search: a plain GET form whose field names are the API's filter names, so
 * the URL is the search (shareable, works without JavaScript). Filters combine.
 */
export function SearchForm({ values, errors, venues, zones, types, filters }: Props) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      action="/AdvancedSearch"
      replace
      className="panel flex flex-col gap-1"
      role="search"
      aria-label={t("browse:search.formLabel")}
    >
      <div className="field">
        <label htmlFor="cBuscar">{t("browse:search.term")}</label>
        <input
          id="cBuscar"
          name="cBuscar"
          type="search"
          defaultValue={values.cBuscar}
          maxLength={100}
          enterKeyHint="search"
          {...invalidProps("cBuscar", errors)}
        />
        <p className="text-sm text-stone-600">{t("browse:search.termHint")}</p>
        <ErrorText field="cBuscar" errors={errors} />
      </div>

      {filters.venue ? (
        <div className="field">
          <label htmlFor="idEstablecimiento">{t("browse:search.venue")}</label>
          <select
            id="idEstablecimiento"
            name="idEstablecimiento"
            defaultValue={values.idEstablecimiento}
            {...invalidProps("idEstablecimiento", errors)}
          >
            <option value="">{t("browse:search.anyVenue")}</option>
            {venues.map((venue) => (
              <option key={venue.idEstablecimiento} value={venue.idEstablecimiento}>
                {venue.cNombre}
              </option>
            ))}
          </select>
          <ErrorText field="idEstablecimiento" errors={errors} />
        </div>
      ) : null}

      {filters.zone ? (
        <div className="field">
          <label htmlFor="cZona">{t("browse:search.zone")}</label>
          <select
            id="cZona"
            name="cZona"
            defaultValue={values.cZona}
            {...invalidProps("cZona", errors)}
          >
            <option value="">{t("browse:search.anyZone")}</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          <ErrorText field="cZona" errors={errors} />
        </div>
      ) : null}

      {filters.date ? (
        <fieldset className="mb-3 min-w-0">
          <legend className="font-medium mb-1">{t("browse:search.dates")}</legend>
          <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9rem),1fr))] gap-3">
            <div className="field mb-0">
              <label htmlFor="dDesde">{t("browse:search.dateFrom")}</label>
              <input
                id="dDesde"
                name="dDesde"
                type="date"
                defaultValue={values.dDesde}
                {...invalidProps("dDesde", errors)}
              />
            </div>
            <div className="field mb-0">
              <label htmlFor="dHasta">{t("browse:search.dateTo")}</label>
              <input
                id="dHasta"
                name="dHasta"
                type="date"
                defaultValue={values.dHasta}
                {...invalidProps("dHasta", errors)}
              />
            </div>
          </div>
          <ErrorText field="dDesde" errors={errors} />
          <ErrorText field="dHasta" errors={errors} />
        </fieldset>
      ) : null}

      {filters.category && types.length > 0 ? (
        <fieldset
          className="mb-3 min-w-0"
          aria-describedby={
            errors.aListaidTipoDeEspectaculo?.length ? "aListaidTipoDeEspectaculo-error" : undefined
          }
        >
          <legend className="font-medium mb-1">{t("browse:search.categories")}</legend>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-x-3">
            {types.map((type) => {
              const id = `tipo-${type.idEspectaculoTipo}`;
              return (
                <li key={type.idEspectaculoTipo} className="flex items-center gap-2 min-h-11">
                  <input
                    id={id}
                    type="checkbox"
                    name="aListaidTipoDeEspectaculo"
                    value={type.idEspectaculoTipo}
                    defaultChecked={values.aListaidTipoDeEspectaculo.includes(
                      String(type.idEspectaculoTipo),
                    )}
                    className="size-5 accent-brand"
                  />
                  <label htmlFor={id}>{type.cNombre}</label>
                </li>
              );
            })}
          </ul>
          <ErrorText field="aListaidTipoDeEspectaculo" errors={errors} />
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="button-primary">
          {t("browse:search.submit")}
        </button>
        <Link to="/AdvancedSearch" replace>
          {t("browse:search.clear")}
        </Link>
      </div>
    </Form>
  );
}
