// Shop reads: products (show type 100) as cards, and which of them are in stock — sold
// through their one open-ended "performance" like any place (see db/schema.ts shows).
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type OfferedProduct as OfferedProductView,
  PRODUCT_TYPE_ID,
  type ShowCard,
} from "../contract/index.ts";
import type { Database, Executor } from "../db/client.ts";
import { performances, positions, sectors, showProducts, shows } from "../db/schema.ts";
import { freePlace } from "../purchase/availability.ts";
import { type CatalogQuery, loadShowCards, onSale } from "./queries.ts";

/** The shop's products (of one venue, when given), as cards: out-of-stock ones included. */
export async function loadProductCards(
  db: Database,
  query: CatalogQuery & { venueId?: number },
): Promise<ShowCard[]> {
  const rows = await db
    .select({ id: shows.id })
    .from(shows)
    .where(
      and(
        eq(shows.typeId, PRODUCT_TYPE_ID),
        query.venueId === undefined ? undefined : eq(shows.venueId, query.venueId),
      ),
    );
  return loadShowCards(db, { ...query, showIds: rows.map((row) => row.id) });
}

export async function performanceExists(db: Database, performanceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: performances.id })
    .from(performances)
    .where(eq(performances.id, performanceId))
    .limit(1);
  return row !== undefined;
}

/** A product offered with a performance: where its stock is held, its price, what is left. */
export type OfferedProduct = {
  productId: number;
  /** The product's own open-ended performance and its one sector: its stock. */
  performanceId: number;
  sectorId: number;
  price: number;
  free: number;
};

/**
 * The products offered with any of these performances (through their shows), on sale now,
 * in the shows' order of offer; with the units free now (0: out of stock).
 */
export async function productsOfferedWith(
  db: Executor,
  performanceIds: readonly number[],
  now: Date,
): Promise<OfferedProduct[]> {
  if (performanceIds.length === 0) return [];
  const offered = await db
    .select({ productId: showProducts.productId })
    .from(showProducts)
    .innerJoin(performances, eq(performances.showId, showProducts.showId))
    .where(inArray(performances.id, [...performanceIds]))
    .orderBy(asc(showProducts.sortOrder), asc(showProducts.productId));
  return productStock(db, [...new Set(offered.map((row) => row.productId))], now);
}

/** The stock of these products (in the order given): those on sale now only. */
export async function productStock(
  db: Executor,
  productIds: readonly number[],
  now: Date,
): Promise<OfferedProduct[]> {
  if (productIds.length === 0) return [];
  const stock = await db
    .select({
      productId: performances.showId,
      performanceId: performances.id,
      sectorId: sectors.id,
      price: sectors.price,
      free: sql<number>`count(${positions.id}) filter (where ${freePlace(now)})`.mapWith(Number),
    })
    .from(performances)
    .innerJoin(shows, eq(shows.id, performances.showId))
    .innerJoin(sectors, eq(sectors.performanceId, performances.id))
    .leftJoin(positions, eq(positions.sectorId, sectors.id))
    .where(
      and(inArray(performances.showId, [...productIds]), eq(shows.isProduct, true), onSale(now)),
    )
    .groupBy(performances.showId, performances.id, sectors.id, sectors.price);
  const byProduct = new Map(stock.map((row) => [row.productId, row]));
  return productIds.flatMap((id) => {
    const row = byProduct.get(id);
    return row ? [row] : [];
  });
}

/** Offered products as the contract shows them: each card with its stock. */
export async function offeredProductViews(
  db: Database,
  offered: readonly OfferedProduct[],
  query: CatalogQuery,
): Promise<OfferedProductView[]> {
  const cards = await loadShowCards(db, { ...query, showIds: offered.map((row) => row.productId) });
  const cardById = new Map(cards.map((card) => [card.idEspectaculoCartel, card]));
  return offered.flatMap((row) => {
    const card = cardById.get(row.productId);
    if (!card) return [];
    return [
      {
        ...card,
        lSinStock: row.free === 0,
        idFuncion: row.performanceId,
        idSector: row.sectorId,
        fPrecio: row.price,
        nDisponible: row.free,
      },
    ];
  });
}
