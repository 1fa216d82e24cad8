// Shop reads: products (show type 100) as cards, and which of them are in stock — sold
// through their one open-ended "performance" like any place (see db/schema.ts shows).
import { and, eq, exists, sql } from "drizzle-orm";
import { PRODUCT_TYPE_ID, type ShowCard } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { performances, positions, sectors, shows } from "../db/schema.ts";
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

/** Products with a free unit on sale now; `limit` 1 answers "is the shop active?". */
export async function inStockProductIds(
  db: Database,
  now: Date,
  limit?: number,
): Promise<number[]> {
  const query = db
    .selectDistinct({ id: shows.id })
    .from(shows)
    .innerJoin(performances, eq(performances.showId, shows.id))
    .where(
      and(
        eq(shows.typeId, PRODUCT_TYPE_ID),
        onSale(now),
        exists(
          db
            .select({ one: sql`1` })
            .from(sectors)
            .innerJoin(positions, eq(positions.sectorId, sectors.id))
            .where(and(eq(sectors.performanceId, performances.id), freePlace(now))),
        ),
      ),
    )
    .orderBy(shows.id);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => row.id);
}

/** Cards of the products in stock (what the shop offers alongside a performance). */
export async function loadInStockProductCards(
  db: Database,
  query: CatalogQuery,
): Promise<ShowCard[]> {
  const ids = await inStockProductIds(db, query.now);
  const cards = await loadShowCards(db, { ...query, showIds: ids });
  // A unit taken between the two reads leaves the card out of stock: do not offer it.
  return cards.filter((card) => !card.lSinStock);
}

export async function performanceExists(db: Database, performanceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: performances.id })
    .from(performances)
    .where(eq(performances.id, performanceId))
    .limit(1);
  return row !== undefined;
}
