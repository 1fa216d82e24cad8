import type { ShowCard as ShowCardData } from "@contract";
import { pageSize } from "@contract/constants.ts";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n";
import type { loader as resultsLoader } from "~/routes/billboard-results";
import { ShowGrid } from "./show-grid";

/** Results beyond this many pages at once are offered on the (paged) search page instead. */
export const maxCumulativePages = 25;

export const resultAnchor = (position: number) => `resultado-${position}`;

type Props = {
  shows: ShowCardData[];
  total: number;
  /** How many pages of 12 the server rendered. */
  pages: number;
  headingId: string;
};

/**
 * The billboard's results with "load more" (§9: 12 at first, 12 more each time).
 * Without JavaScript it is a link to /?pagina=N+1, which renders the first N+1 pages and
 * jumps to the first new card. With JavaScript a fetcher appends the next page in place,
 * focus stays on the button (or moves to the first new card when none are left) and a
 * live region announces how many were added.
 */
export function LoadMoreResults({ shows, total, pages, headingId }: Props) {
  const { t } = useTranslation("browse");
  const fetcher = useFetcher<typeof resultsLoader>();
  const [hydrated, setHydrated] = useState(false);
  const [loaded, setLoaded] = useState<Record<number, ShowCardData[]>>({});
  const [announcement, setAnnouncement] = useState("");
  const [failed, setFailed] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfterLoad = useRef<number | null>(null);

  useEffect(() => setHydrated(true), []);

  const loadedPages = Object.keys(loaded).map(Number);
  const lastPage = Math.max(pages, ...loadedPages);
  const seen = new Set<number>();
  const all = [
    ...shows,
    ...loadedPages.sort((a, b) => a - b).flatMap((page) => loaded[page]),
  ].filter((show) => !seen.has(show.idEspectaculoCartel) && seen.add(show.idEspectaculoCartel));
  const latestTotal = fetcher.data && "total" in fetcher.data ? fetcher.data.total : total;
  const remaining = latestTotal > all.length;

  // Keyed by page, so a repeated answer (or React's double effects) never duplicates cards.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result) return;
    if ("error" in result) {
      setFailed(true);
      setAnnouncement(t("browse:billboard.loadFailed"));
      return;
    }
    setFailed(false);
    setLoaded((previous) =>
      previous[result.page] ? previous : { ...previous, [result.page]: result.shows },
    );
    // Back from a show should find the same list: the address says how many pages are shown
    // (the router's state object is kept, so its scroll restoration still works).
    if (result.page <= maxCumulativePages) {
      const url = new URL(window.location.href);
      url.searchParams.set("pagina", String(result.page));
      window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
    }
  }, [fetcher.data, fetcher.state, t]);

  // After new cards render: announce them, and give focus somewhere sensible if the button
  // that had it is gone.
  const shownCount = all.length;
  useEffect(() => {
    const firstNew = focusAfterLoad.current;
    if (firstNew === null || shownCount < firstNew) return;
    focusAfterLoad.current = null;
    setAnnouncement(
      t("browse:billboard.loaded", {
        count: shownCount - firstNew + 1,
        shown: shownCount,
        total: latestTotal,
      }),
    );
    if (!remaining) {
      listRef.current?.querySelector<HTMLElement>(`#${resultAnchor(firstNew)} a`)?.focus();
    }
  }, [shownCount, remaining, latestTotal, t]);

  const nextPage = lastPage + 1;
  const loadNext = () => {
    if (fetcher.state !== "idle") return;
    focusAfterLoad.current = all.length + 1;
    setAnnouncement(t("browse:billboard.loading"));
    fetcher.load(`/cartelera/resultados?pagina=${nextPage}`);
  };

  return (
    <div ref={listRef}>
      <p className="text-stone-700 mb-3" id={`${headingId}-count`}>
        {t("browse:billboard.showing", { shown: all.length, total: latestTotal })}
      </p>
      {all.length === 0 ? (
        <p>{t("browse:billboard.noResults")}</p>
      ) : (
        <ShowGrid shows={all} itemId={(index) => resultAnchor(index + 1)} />
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {failed ? (
        <p className="form-error mt-4" role="alert">
          {t("browse:billboard.loadFailed")}
        </p>
      ) : null}
      {remaining ? (
        <div className="mt-6 flex justify-center">
          {hydrated ? (
            <button
              type="button"
              className="button-primary"
              onClick={loadNext}
              aria-describedby={`${headingId}-count`}
              aria-busy={fetcher.state !== "idle"}
            >
              {fetcher.state !== "idle"
                ? t("browse:billboard.loading")
                : t("browse:billboard.loadMore")}
            </button>
          ) : lastPage < maxCumulativePages ? (
            <Link
              to={`/?pagina=${nextPage}#${resultAnchor(pages * pageSize + 1)}`}
              replace
              className="button-primary"
              aria-describedby={`${headingId}-count`}
            >
              {t("browse:billboard.loadMore")}
            </Link>
          ) : (
            <Link to={`/AdvancedSearch?pagina=${nextPage}`} className="button-primary">
              {t("browse:billboard.moreInSearch")}
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}
