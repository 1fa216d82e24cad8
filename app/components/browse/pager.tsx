import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n";

type Props = {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** Names the navigation landmark ("Páginas de resultados"). */
  label: string;
};

/**
 * Previous / next links keeping the current filters. Paging replaces the history entry, so
 * Back leaves the listing instead of walking through its pages.
 */
export function Pager({ page, pages, hrefFor, label }: Props) {
  const { t } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  const previous = Math.min(page - 1, pages);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 mt-6">
      {previous >= 1 ? (
        <Link to={hrefFor(previous)} rel="prev" replace className="button-secondary">
          <span aria-hidden="true">←</span> {t("browse:pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("browse:pager.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" replace className="button-secondary">
          {t("browse:pager.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
