// The demo's products offered with performances (issue 10): every show on the billboard
// offers the shop's merchandise at its checkout. A seed run of its own, so databases seeded
// before it get them.
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { seedRuns, showProducts, shows } from "../db/schema.ts";

export const DEMO_SHOW_PRODUCTS_SEED_NAME = "demo-show-products-v1";

/** The products every show offers, in this order (seos of data.ts productSeeds). */
export const PRODUCTS_OFFERED_WITH_SHOWS = [
  "remera-cultura-ciudad",
  "taza-cartelera-portena",
  "bolsa-teatros-de-la-ciudad",
];

export async function seedDemoShowProducts(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_SHOW_PRODUCTS_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return;
    const products = await tx
      .select({ id: shows.id, seo: shows.seo })
      .from(shows)
      .where(inArray(shows.seo, PRODUCTS_OFFERED_WITH_SHOWS));
    const order = (seo: string) => PRODUCTS_OFFERED_WITH_SHOWS.indexOf(seo);
    const onBillboard = await tx
      .select({ id: shows.id })
      .from(shows)
      .where(eq(shows.isProduct, false));
    const rows = onBillboard.flatMap((show) =>
      products.map((product) => ({
        showId: show.id,
        productId: product.id,
        sortOrder: order(product.seo),
      })),
    );
    if (rows.length > 0) await tx.insert(showProducts).values(rows);
  });
}
