// The demo promotions (issue 10): every show on the billboard (not the shop's products)
// offers the city's usual four, one of each kind the shop knows, so the feature can be
// seen on any performance. A seed run of its own, so databases seeded before it get them.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { promotions, seedRuns, shows } from "../db/schema.ts";

export const DEMO_PROMOTIONS_SEED_NAME = "demo-promotions-v1";

/** The code the demo's code promotion asks for (documented in the README). */
export const DEMO_PROMOTION_CODE = "CULTURA25";

const DAY = 24 * 60 * 60_000;

/** The four promotions of one show, valid from `now` for a year. */
export function demoPromotionsOf(showId: number, now: Date): (typeof promotions.$inferInsert)[] {
  const validUntil = new Date(now.getTime() + 365 * DAY);
  return [
    {
      showId,
      name: { es: "2×1", en: "2 for 1", pt: "2 por 1" },
      description: {
        es: "De cada dos entradas con esta promoción, pagás la más cara. Cupo limitado.",
        en: "Of every two tickets with this promotion, you pay for the dearer one. Limited quota.",
        pt: "De cada dois ingressos com esta promoção, você paga o mais caro. Cota limitada.",
      },
      rule: { kind: "N_FOR_M", take: 2, pay: 1 },
      quota: 100,
      validUntil,
    },
    {
      showId,
      name: { es: "Residentes de la ciudad", en: "City residents", pt: "Residentes da cidade" },
      description: {
        es: "30 % menos para residentes con el domicilio verificado en la boletería.",
        en: "30% off for residents whose address was checked at the box office.",
        pt: "30% de desconto para residentes com o endereço verificado na bilheteria.",
      },
      rule: { kind: "PERCENT_OFF", percent: 30 },
      forAttribute: "RESIDENT",
    },
    {
      showId,
      name: { es: "Jubilados y pensionados", en: "Retirees", pt: "Aposentados" },
      description: {
        es: "Mitad de precio con la credencial verificada en la boletería.",
        en: "Half price with the card checked at the box office.",
        pt: "Metade do preço com a carteirinha verificada na bilheteria.",
      },
      rule: { kind: "PERCENT_OFF", percent: 50 },
      forAttribute: "RETIREE",
    },
    {
      showId,
      name: { es: "Código Cultura", en: "Culture code", pt: "Código Cultura" },
      description: {
        es: "25 % menos con el código de la agenda cultural.",
        en: "25% off with the code from the culture guide.",
        pt: "25% de desconto com o código da agenda cultural.",
      },
      rule: { kind: "PERCENT_OFF", percent: 25 },
      code: DEMO_PROMOTION_CODE,
      quota: 500,
      validUntil,
    },
  ];
}

/** Adds the demo promotions once per database. */
export async function seedDemoPromotions(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_PROMOTIONS_SEED_NAME })
      .onConflictDoNothing()
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return;
    const onBillboard = await tx
      .select({ id: shows.id })
      .from(shows)
      .where(eq(shows.isProduct, false));
    const rows = onBillboard.flatMap((show) => demoPromotionsOf(show.id, now));
    if (rows.length > 0) await tx.insert(promotions).values(rows);
  });
}
