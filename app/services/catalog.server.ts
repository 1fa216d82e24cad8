// Catalog reads several browsing screens share: pages of search results (including the
// billboard's "first N pages at once" for visitors without JavaScript) and the venues.
import { endpoints, maxPageSize, type PagedShows, pageSize, type SearchFilter } from "@contract";
import type { CommerceClient, CommerceResult } from "./commerce.server";

export function searchPage(
  api: CommerceClient,
  filter: SearchFilter,
  page: number,
  perPage = pageSize,
): Promise<CommerceResult<PagedShows>> {
  return api.call(endpoints.search, {
    query: { pagina: page, cantXpagina: perPage },
    body: filter,
  });
}

/**
 * The first `pages` pages of 12 as one list, read in as few calls as the API's largest page
 * size allows (60 per call: 5 pages of 12 per call).
 */
export async function firstPages(
  api: CommerceClient,
  filter: SearchFilter,
  pages: number,
): Promise<CommerceResult<{ shows: PagedShows["Lista"]; total: number }>> {
  const wanted = pages * pageSize;
  const calls = Math.ceil(wanted / maxPageSize);
  const perCall = calls === 1 ? wanted : maxPageSize;
  const results = await Promise.all(
    Array.from({ length: calls }, (_, i) => searchPage(api, filter, i + 1, perCall)),
  );
  const failed = results.find((result) => !result.ok);
  if (failed && !failed.ok) return failed;
  const ok = results.flatMap((result) => (result.ok ? [result.data] : []));
  const seen = new Set<number>();
  const shows = ok
    .flatMap((result) => result.Lista)
    .filter((show) => !seen.has(show.idEspectaculoCartel) && seen.add(show.idEspectaculoCartel))
    .slice(0, wanted);
  return { ok: true, data: { shows, total: ok[0]?.nTotal ?? 0 } };
}

export function venues(api: CommerceClient) {
  return api.call(endpoints.venues);
}
