// The harness's catalog plus shop products: a programme offered with the test show (3 units
// at 1,500) and a cap offered with nothing (5 units at 9,000). Products are sold through
// their own open-ended performance (db/schema.ts shows), so their units are places.
import { PRODUCT_TYPE_ID } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { buildFixture, type TestClock } from "./harness.ts";

const text = (es: string) => ({ es, en: es, pt: es });

export async function productsFixture(db: Database, clock: TestClock) {
  const base = await buildFixture(db, clock);
  await db
    .insert(schema.showTypes)
    .values({ id: PRODUCT_TYPE_ID, name: text("Tienda"), sortOrder: 99 });
  const product = async (seo: string, title: string, price: number, units: number) => {
    const [show] = await db
      .insert(schema.shows)
      .values({
        seo,
        title,
        typeId: PRODUCT_TYPE_ID,
        venueId: base.venue.id,
        summary: text(title),
        description: text(title),
        imagePath: `/v2/Imagenes/${seo}.svg`,
        isProduct: true,
      })
      .returning();
    const [sale] = await db
      .insert(schema.performances)
      .values({ showId: show.id, startsAt: new Date(clock.now().getTime() + 365 * 86_400_000) })
      .returning();
    const [sector] = await db
      .insert(schema.sectors)
      .values({ performanceId: sale.id, name: "Unidad", kind: "GENERAL", price })
      .returning();
    await db
      .insert(schema.positions)
      .values(
        Array.from({ length: units }, () => ({ sectorId: sector.id, performanceId: sale.id })),
      );
    return { show, sale, sector };
  };
  const programme = await product("programa-de-mano", "Programa de mano", 1_500, 3);
  const cap = await product("gorra", "Gorra", 9_000, 5);
  await db
    .insert(schema.showProducts)
    .values({ showId: base.show.id, productId: programme.show.id });
  return { ...base, programme, cap };
}
