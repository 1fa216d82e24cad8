import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { FilterIcon, SearchIcon } from "./icons";

/**
 * Search by text (§2 header): a GET form to advanced search, sent by Enter or the search
 * button; the filter link opens advanced search with all its filters.
 */
export function HeaderSearch({ idSuffix, className }: { idSuffix: string; className?: string }) {
  const { t } = useTranslation("layout");
  const inputId = `header-search-${idSuffix}`;
  return (
    <Form
      method="get"
      action="/AdvancedSearch"
      role="search"
      aria-label={t("search.region")}
      className={`header-search ${className ?? ""}`}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={inputId}
        type="search"
        name="cBuscar"
        placeholder={t("search.placeholder")}
        enterKeyHint="search"
        autoComplete="off"
        className="header-search-input"
      />
      <button type="submit" className="header-search-button" aria-label={t("search.submit")}>
        <SearchIcon />
      </button>
      <Link
        to="/AdvancedSearch"
        className="header-search-button"
        aria-label={t("search.filters")}
        title={t("search.filters")}
      >
        <FilterIcon />
      </Link>
    </Form>
  );
}
