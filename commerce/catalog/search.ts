// Show search (POST EspectaculosCartel/Buscar) and the billboard's sections (GET Cartelera).
// Both pick show ids in SQL — filtered, ordered by next performance then title, paged — and
// hand them to loadShowCards, the one place that builds cards.
//
// How it stays fast on a large catalog (measured in bench/search.ts):
// - each word of the term is looked for in folded copies of the title and summary, venue
//   and category names that the database keeps as generated columns (db/schema.ts);
// - the order comes from shows.next_performance_at, kept by triggers on performances and
//   indexed with the title (shows_listing_idx), instead of a look-up per show per query;
// - date filters probe performances by (show_id, starts_at), or scan the on-sale ones of
//   the range by starts_at when that is cheaper (the planner picks);
// - cards are built for one page of ids only.
import { and, asc, eq, inArray, not, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type PagingQuery, pageSize, type SearchFilter } from "../contract/browse.ts";
import { PRODUCT_TYPE_ID, type ShowCard } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import {
  performances,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  shows,
  showTypes,
  venues,
} from "../db/schema.ts";
import { CITY_UTC_OFFSET_MINUTES } from "../domain/dates.ts";
import { localized } from "../domain/localized.ts";
import type { Language } from "../i18n.ts";
import { type CatalogQuery, loadShowCards } from "./queries.ts";

const foldMap = new Map(
  [...SEARCH_FOLD_FROM].map((letter, i) => [letter, SEARCH_FOLD_TO[i]] as const),
);

/** The application's twin of schema.ts searchFold: lower case, accents removed. */
export function foldForSearch(text: string): string {
  let folded = "";
  // Map before lower-casing: JavaScript lower-cases "İ" to two characters, SQL to one.
  for (const letter of text.normalize("NFC")) folded += foldMap.get(letter) ?? letter.toLowerCase();
  return folded;
}

/** Words of a search term (folded), each matched anywhere; all of them must match. */
export function searchWords(term: string): string[] {
  const words = foldForSearch(term).split(/\s+/).filter(Boolean);
  // A long list of words adds nothing but work: the contract caps the term at 100 chars.
  return [...new Set(words)].slice(0, 10);
}

/** Whether YYYY-MM-DD names a real day (the contract's pattern lets 2031-02-30 through). */
export function isCalendarDate(isoDate: string): boolean {
  const [year, month, day] = isoDate.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The start of a city-calendar day (YYYY-MM-DD) as an instant; `plusDays` moves it. */
export function cityDayStart(isoDate: string, plusDays = 0): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + plusDays) - CITY_UTC_OFFSET_MINUTES * 60_000);
}

/** A timestamp parameter (ISO text cast by the database: both drivers read it the same). */
const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The folded text of a table in one language (shows and show types keep one per language). */
const searchColumn = (
  language: Language,
  table: Record<"searchEs" | "searchEn" | "searchPt", AnyPgColumn>,
): AnyPgColumn =>
  language === "en" ? table.searchEn : language === "pt" ? table.searchPt : table.searchEs;

/** Performances a buyer can still take places for, of the show in the outer query. */
function upcomingOf(now: Date, extra?: SQL): SQL {
  return sql`${performances.showId} = ${shows.id} AND ${performances.status} = 'ON_SALE'
    AND ${performances.startsAt} > ${instant(now)}${extra ? sql` AND ${extra}` : sql``}`;
}

/**
 * Moves shows.next_performance_at past `now` where it names a performance that has
 * started (the triggers keep it at the earliest on-sale one, past ones included). Cheap
 * when nothing is stale: a range scan of the listing index finds no row.
 */
export async function refreshNextPerformances(db: Database, now: Date): Promise<void> {
  await db.execute(sql`UPDATE ${shows}
    SET next_performance_at = (SELECT min(${performances.startsAt}) FROM ${performances}
      WHERE ${upcomingOf(now)})
    WHERE ${shows.nextPerformanceAt} <= ${instant(now)}`);
}

/** The word anywhere in the show's title or summary, its venue's name or its category's. */
function wordMatches(word: string, language: Language): SQL {
  // strpos, not LIKE: no wildcards to escape in what people type, and it is faster.
  const has = (column: AnyPgColumn) => sql`strpos(${column}, ${word}) > 0`;
  return sql`(${has(searchColumn(language, shows))}
    OR ${shows.venueId} IN (SELECT ${venues.id} FROM ${venues} WHERE ${has(venues.searchName)})
    OR ${shows.typeId} IN (SELECT ${showTypes.id} FROM ${showTypes}
      WHERE ${has(searchColumn(language, showTypes))}))`;
}

/** The WHERE of a search: every given filter must hold. */
export function searchConditions(filter: SearchFilter, { now, language }: CatalogQuery): SQL {
  const conditions: SQL[] = [];
  for (const word of filter.cBuscar ? searchWords(filter.cBuscar) : []) {
    conditions.push(wordMatches(word, language));
  }
  const types = filter.aListaidTipoDeEspectaculo;
  if (types && types.length > 0) conditions.push(inArray(shows.typeId, types));
  // Products only show up when asked for by their type.
  if (!types?.includes(PRODUCT_TYPE_ID)) conditions.push(not(eq(shows.typeId, PRODUCT_TYPE_ID)));
  if (filter.idEstablecimiento !== undefined) {
    conditions.push(eq(shows.venueId, filter.idEstablecimiento));
  }
  if (filter.cZona !== undefined) {
    conditions.push(
      sql`${shows.venueId} IN (SELECT ${venues.id} FROM ${venues}
        WHERE ${venues.searchZone} = ${foldForSearch(filter.cZona)})`,
    );
  }
  if (filter.dDesde !== undefined || filter.dHasta !== undefined) {
    const range: SQL[] = [];
    if (filter.dDesde)
      range.push(sql`${performances.startsAt} >= ${instant(cityDayStart(filter.dDesde))}`);
    // Inclusive: up to the start of the next day.
    if (filter.dHasta)
      range.push(sql`${performances.startsAt} < ${instant(cityDayStart(filter.dHasta, 1))}`);
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${performances} WHERE ${upcomingOf(now, sql.join(range, sql` AND `))})`,
    );
  }
  return and(...conditions) as SQL;
}

/**
 * One page of matching show ids and the number of matches, in one row. The page walks
 * shows_listing_idx in order when the filters match many shows; the count is separate so
 * that it does not force sorting every match.
 */
export function searchPageSql(filter: SearchFilter, paging: PagingQuery, query: CatalogQuery): SQL {
  const where = searchConditions(filter, query);
  const offset = (paging.pagina - 1) * paging.cantXpagina;
  return sql`SELECT
    (SELECT count(*) FROM ${shows} WHERE ${where}) AS total,
    ARRAY(SELECT ${shows.id} FROM ${shows} WHERE ${where}
      ORDER BY ${shows.nextPerformanceAt} ASC NULLS LAST, ${shows.sortTitle} COLLATE "C", ${shows.id}
      LIMIT ${paging.cantXpagina} OFFSET ${offset}) AS ids`;
}

/** Rows of db.execute: PGlite and node-postgres both answer { rows }. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

/** Cards in the order of the given ids (loadShowCards has its own order). */
async function cardsInOrder(
  db: Database,
  ids: readonly number[],
  query: CatalogQuery,
): Promise<ShowCard[]> {
  const cards = await loadShowCards(db, { ...query, showIds: ids });
  const byId = new Map(cards.map((card) => [card.idEspectaculoCartel, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type SearchPage = { cards: ShowCard[]; total: number };

export async function searchShows(
  db: Database,
  filter: SearchFilter,
  paging: PagingQuery,
  query: CatalogQuery,
): Promise<SearchPage> {
  await refreshNextPerformances(db, query.now);
  const [row] = rowsOf<{ total: number | string; ids: (number | string)[] }>(
    await db.execute(searchPageSql(filter, paging, query)),
  );
  const cards = await cardsInOrder(db, row.ids.map(Number), query);
  return { cards, total: Number(row.total) };
}

/** Which of the given venue and show-type ids do not exist (to answer 404). */
export async function missingFilterIds(
  db: Database,
  { venueId, typeIds }: { venueId?: number; typeIds?: readonly number[] },
): Promise<{ venue: boolean; types: number[] }> {
  const [venueRows, typeRows] = await Promise.all([
    venueId === undefined
      ? Promise.resolve(null)
      : db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).limit(1),
    typeIds && typeIds.length > 0
      ? db
          .select({ id: showTypes.id })
          .from(showTypes)
          .where(inArray(showTypes.id, [...typeIds]))
      : Promise.resolve([]),
  ]);
  const knownTypes = new Set(typeRows.map((row) => row.id));
  return {
    venue: venueRows !== null && venueRows.length === 0,
    types: [...new Set(typeIds ?? [])].filter((id) => !knownTypes.has(id)),
  };
}

// ---------------------------------------------------------------- billboard

export type BillboardCategory = {
  idEspectaculoTipo: number;
  cNombre: string;
  nOrden: number;
  nCantidad: number;
  listaEspectaculos: ShowCard[];
};

/**
 * The billboard's sections: the highlighted shows by rank, and every category but the
 * shop's by nOrden, each with how many of its shows have something on sale and the first
 * of them (next performance, then title) — one query for all categories.
 */
export async function loadBillboardSections(
  db: Database,
  query: CatalogQuery,
  perCategory: number = pageSize,
): Promise<{ highlighted: ShowCard[]; categories: BillboardCategory[] }> {
  const { now, language } = query;
  const [highlightedRows, typeRows, rankedRows] = await Promise.all([
    db
      .select({ id: shows.id })
      .from(shows)
      .where(sql`${shows.highlightRank} IS NOT NULL`)
      .orderBy(asc(shows.highlightRank), asc(shows.id))
      .limit(3),
    db
      .select()
      .from(showTypes)
      .where(not(eq(showTypes.id, PRODUCT_TYPE_ID)))
      .orderBy(asc(showTypes.sortOrder), asc(showTypes.id)),
    refreshNextPerformances(db, now).then(() =>
      db.execute(sql`
        SELECT id, type_id, total FROM (
          SELECT ${shows.id} AS id, ${shows.typeId} AS type_id,
            row_number() OVER (PARTITION BY ${shows.typeId} ORDER BY ${shows.nextPerformanceAt},
              ${shows.sortTitle} COLLATE "C", ${shows.id}) AS rank,
            count(*) OVER (PARTITION BY ${shows.typeId}) AS total
          FROM ${shows}
          -- Refreshed: a date is a performance still to come.
          WHERE ${shows.typeId} <> ${PRODUCT_TYPE_ID} AND ${shows.nextPerformanceAt} IS NOT NULL
        ) ranked
        WHERE rank <= ${perCategory}
        ORDER BY type_id, rank`),
    ),
  ]);
  const ranked = rowsOf<{ id: number; type_id: number; total: number | string }>(rankedRows).map(
    (row) => ({
      id: Number(row.id),
      typeId: Number(row.type_id),
      total: Number(row.total),
    }),
  );
  const highlightedIds = highlightedRows.map((row) => row.id);
  const cards = await loadShowCards(db, {
    now,
    language,
    showIds: [...new Set([...highlightedIds, ...ranked.map((row) => row.id)])],
  });
  const byId = new Map(cards.map((card) => [card.idEspectaculoCartel, card]));
  const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return {
    highlighted: pick(highlightedIds),
    categories: typeRows.map((type) => {
      const own = ranked.filter((row) => row.typeId === type.id);
      return {
        idEspectaculoTipo: type.id,
        cNombre: localized(type.name, language),
        nOrden: type.sortOrder,
        nCantidad: own[0]?.total ?? 0,
        listaEspectaculos: pick(own.map((row) => row.id)),
      };
    }),
  };
}
