// A promotion of a show written straight to the test database: 20 % off, for anyone, with no
// dates or quota unless `values` says otherwise.
import type { Database } from "../db/client.ts";
import { promotions } from "../db/schema.ts";

const text = (es: string) => ({ es, en: es, pt: es });

export async function addPromotion(
  db: Database,
  showId: number,
  values: Partial<typeof promotions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(promotions)
    .values({
      showId,
      name: text("Promo"),
      description: text("Una promoción"),
      rule: { kind: "PERCENT_OFF", percent: 20 },
      ...values,
    })
    .returning();
  return row;
}
