// Catalog reads shaped as the contract's show cards, show detail and performance detail.
// Availability is computed, never stored: a place is free when it is not sold and its hold
// is absent or past its deadline (the same rule the hold statements use).
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type {
  PerformanceDetail,
  PerformanceSummary,
  Sector,
  ShowCard,
  ShowDetail,
  Venue,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import {
  halls,
  performances,
  positions,
  purchaseProcesses,
  sectors,
  shows,
  showTypes,
  venues,
} from "../db/schema.ts";
import { functionDateParts } from "../domain/dates.ts";
import { localized } from "../domain/localized.ts";
import type { Language } from "../i18n.ts";
import { freePlace } from "../purchase/availability.ts";

/** The image kind the storefront shows on cards and landings (spec §3). */
export const CARD_IMAGE_KIND = "WEB_DESTACADO";

/** Performances a buyer can still take places for. */
export function onSale(now: Date): SQL {
  return and(eq(performances.status, "ON_SALE"), gt(performances.startsAt, now)) as SQL;
}

const freeCount = (now: Date) =>
  sql<number>`count(${positions.id}) filter (where ${freePlace(now)})`.mapWith(Number);

export type CatalogQuery = { now: Date; language: Language };

/**
 * Show cards, for all shows or the given ids; ordered by next performance, then title. One
 * statement: each show's price from, next performance and "has a free place" come from
 * correlated subqueries that walk only that show's performances (by the show index), and
 * EXISTS stops at the first free place found through the (sector, sold) index.
 */
export async function loadShowCards(
  db: Database,
  { now, language, showIds }: CatalogQuery & { showIds?: readonly number[] },
): Promise<ShowCard[]> {
  if (showIds && showIds.length === 0) return [];
  const itsOnSalePerformances = and(eq(performances.showId, shows.id), onSale(now));
  const rows = await db
    .select({
      id: shows.id,
      seo: shows.seo,
      title: shows.title,
      summary: shows.summary,
      typeId: shows.typeId,
      typeName: showTypes.name,
      venueId: venues.id,
      venueName: venues.name,
      imagePath: shows.imagePath,
      highlightRank: shows.highlightRank,
      isProduct: shows.isProduct,
      minPrice: sql<number | null>`(
        select min(${sectors.price}) from ${performances}
        join ${sectors} on ${sectors.performanceId} = ${performances.id}
        where ${itsOnSalePerformances})`.mapWith(Number),
      // Only performances with something to sell count (as for the price).
      nextStart: sql<Date | null>`(
        select min(${performances.startsAt}) from ${performances}
        where ${itsOnSalePerformances}
          and exists (select 1 from ${sectors} where ${sectors.performanceId} = ${performances.id}))`.mapWith(
        performances.startsAt,
      ),
      hasFreePlace: sql<boolean>`exists (
        select 1 from ${performances}
        join ${sectors} on ${sectors.performanceId} = ${performances.id}
        join ${positions} on ${positions.sectorId} = ${sectors.id}
        where ${itsOnSalePerformances} and ${freePlace(now)})`.mapWith(Boolean),
    })
    .from(shows)
    .innerJoin(showTypes, eq(showTypes.id, shows.typeId))
    .innerJoin(venues, eq(venues.id, shows.venueId))
    .where(showIds ? inArray(shows.id, [...showIds]) : undefined);
  const cards = rows.map((row): ShowCard & { nextStart: number } => {
    const onSaleNow = row.nextStart !== null;
    // Sold out: something is on sale, but no place of it is free.
    const soldOut = onSaleNow && !row.hasFreePlace;
    return {
      idEspectaculoCartel: row.id,
      cSeo: row.seo,
      cEspectaculoCartelNombre: row.title,
      cResumen: localized(row.summary, language),
      idEspectaculoCartelTipo: row.typeId,
      cEspectaculoCartelTipoNombre: localized(row.typeName, language),
      idEstablecimiento: row.venueId,
      cEstablecimientoNombre: row.venueName,
      listaImagenEspectaculoCartel: [{ cTipo: CARD_IMAGE_KIND, cUri: row.imagePath }],
      fPrecioDesde: row.minPrice ?? null,
      dProximaFuncion: row.nextStart ? row.nextStart.toISOString() : null,
      nDestacado: row.highlightRank,
      lAgotado: !row.isProduct && soldOut,
      lSinStock: row.isProduct && (!onSaleNow || soldOut),
      nextStart: row.nextStart?.getTime() ?? Number.POSITIVE_INFINITY,
    };
  });
  cards.sort(
    (a, b) =>
      a.nextStart - b.nextStart ||
      a.cEspectaculoCartelNombre.localeCompare(b.cEspectaculoCartelNombre) ||
      a.idEspectaculoCartel - b.idEspectaculoCartel,
  );
  return cards.map(({ nextStart: _, ...card }) => card);
}

export function cardOf(cards: Map<number, ShowCard>, showId: number): ShowCard {
  const card = cards.get(showId);
  if (!card) throw new Error(`show ${showId} has no card`);
  return card;
}

function venueOf(venue: typeof venues.$inferSelect, language: Language): Venue {
  return {
    idEstablecimiento: venue.id,
    cSeo: venue.seo,
    cNombre: venue.name,
    cDireccion: venue.address,
    cCiudad: venue.city,
    cZona: venue.zone,
    cLatitud: venue.latitude,
    cLongitud: venue.longitude,
    cDescripcion: localized(venue.description, language),
  };
}

export async function loadVenue(
  db: Database,
  venueId: number,
  language: Language,
): Promise<Venue | null> {
  const [venue] = await db.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  return venue ? venueOf(venue, language) : null;
}

const byVenueName = new Intl.Collator("es", { sensitivity: "base", numeric: true });

/** Venues by name (Spanish collation: accents and case do not reorder them). */
export async function loadVenues(
  db: Database,
  { language, includeShop }: { language: Language; includeShop: boolean },
): Promise<Venue[]> {
  const rows = await db
    .select()
    .from(venues)
    .where(includeShop ? undefined : eq(venues.isShop, false));
  return rows
    .map((row) => venueOf(row, language))
    .sort(
      (a, b) =>
        byVenueName.compare(a.cNombre, b.cNombre) || a.idEstablecimiento - b.idEstablecimiento,
    );
}

/** A show by numeric id or by seo, with its upcoming performances by date. */
export async function loadShowDetail(
  db: Database,
  idOrSeo: number | string,
  { now, language }: CatalogQuery,
): Promise<ShowDetail | null> {
  const [show] = await db
    .select({
      id: shows.id,
      venueId: shows.venueId,
      description: shows.description,
      durationMinutes: shows.durationMinutes,
    })
    .from(shows)
    .where(typeof idOrSeo === "number" ? eq(shows.id, idOrSeo) : eq(shows.seo, idOrSeo))
    .limit(1);
  if (!show) return null;
  const [[card], venue, upcoming] = await Promise.all([
    loadShowCards(db, { now, language, showIds: [show.id] }),
    loadVenue(db, show.venueId, language),
    db
      .select({
        id: performances.id,
        startsAt: performances.startsAt,
        status: performances.status,
        minPrice: sql<number | null>`min(${sectors.price})`.mapWith(Number),
        free: freeCount(now),
      })
      .from(performances)
      .leftJoin(sectors, eq(sectors.performanceId, performances.id))
      .leftJoin(positions, eq(positions.sectorId, sectors.id))
      .where(and(eq(performances.showId, show.id), gt(performances.startsAt, now)))
      .groupBy(performances.id)
      .orderBy(asc(performances.startsAt), asc(performances.id)),
  ]);
  if (!card || !venue) return null;
  return {
    ...card,
    cDescripcion: localized(show.description, language),
    nDuracionMinutos: show.durationMinutes,
    oEstablecimiento: venue,
    listaFunciones: upcoming.map(
      (p): PerformanceSummary => ({
        idFuncion: p.id,
        oFuncionFecha: functionDateParts(p.startsAt),
        cEstado: performanceStatus(p.status),
        fPrecioDesde: p.minPrice ?? null,
        nDisponibles: p.free,
        lAgotado: p.free === 0,
      }),
    ),
  };
}

function performanceStatus(status: string): "ON_SALE" | "CANCELLED" {
  return status === "CANCELLED" ? "CANCELLED" : "ON_SALE";
}

/** Ids of the viewer's processes whose holds are still alive (their seats show as MINE). */
export async function liveProcessIdsOf(
  db: Database,
  customerId: number | null,
  now: Date,
): Promise<Set<number>> {
  if (customerId === null) return new Set();
  const rows = await db
    .select({ id: purchaseProcesses.id })
    .from(purchaseProcesses)
    .where(
      and(
        eq(purchaseProcesses.customerId, customerId),
        eq(purchaseProcesses.status, "ACTIVE"),
        gt(purchaseProcesses.deadline, now),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * A performance with its sectors and their availability. Seats are not listed here: a
 * stadium's would weigh a megabyte; they come per sector (seat-availability.ts).
 */
export async function loadPerformanceDetail(
  db: Database,
  performanceId: number,
  { now, language }: CatalogQuery,
): Promise<PerformanceDetail | null> {
  const [performance] = await db
    .select({
      id: performances.id,
      startsAt: performances.startsAt,
      status: performances.status,
      showId: shows.id,
      venueId: shows.venueId,
      hallId: halls.id,
    })
    .from(performances)
    .innerJoin(shows, eq(shows.id, performances.showId))
    .leftJoin(halls, eq(halls.venueId, shows.venueId))
    .where(eq(performances.id, performanceId))
    .limit(1);
  if (!performance) return null;

  const [[card], venue, sectorRows] = await Promise.all([
    loadShowCards(db, { now, language, showIds: [performance.showId] }),
    loadVenue(db, performance.venueId, language),
    db
      .select({
        id: sectors.id,
        name: sectors.name,
        kind: sectors.kind,
        price: sectors.price,
        hallSectorId: sectors.hallSectorId,
        capacity: sql<number>`count(${positions.id})`.mapWith(Number),
        free: freeCount(now),
      })
      .from(sectors)
      .leftJoin(positions, eq(positions.sectorId, sectors.id))
      .where(eq(sectors.performanceId, performance.id))
      .groupBy(sectors.id)
      .orderBy(asc(sectors.sortOrder), asc(sectors.id)),
  ]);
  if (!card || !venue) return null;

  return {
    idFuncion: performance.id,
    oFuncionFecha: functionDateParts(performance.startsAt),
    cEstado: performanceStatus(performance.status),
    oEspectaculo: card,
    oEstablecimiento: venue,
    idSala: performance.hallId,
    listaSectores: sectorRows.map(
      (s): Sector => ({
        idSector: s.id,
        cNombre: s.name,
        cTipo: s.kind,
        fPrecio: s.price,
        nCapacidad: s.capacity,
        nDisponibles: s.free,
        idSectorSala: s.hallSectorId,
      }),
    ),
  };
}

export async function loadShowTypes(db: Database, language: Language) {
  const rows = await db
    .select()
    .from(showTypes)
    .orderBy(asc(showTypes.sortOrder), asc(showTypes.id));
  return rows.map((row) => ({
    idEspectaculoTipo: row.id,
    cNombre: localized(row.name, language),
    nOrden: row.sortOrder,
  }));
}
