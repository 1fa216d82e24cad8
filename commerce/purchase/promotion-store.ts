// Promotions in the database: which a performance offers, how much of each quota is used,
// which promotion each held place carries, and the totals under them. Choosing them is
// promotion-choice.ts; the rules themselves are promotions.ts.
//
// A quota is never exceeded, under the same rule as seats: whoever changes a promotion's use
// locks its row first (FOR UPDATE, in id order so two choosers never deadlock), then counts
// what is used (tickets sold with it and live holds that carry it) and writes in the same
// transaction. A hold that expires stops counting at once; nothing has to give it back.
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import {
  customerAttributes,
  performances,
  placePromotions,
  positions,
  promotions,
  tickets,
} from "../db/schema.ts";
import { localized } from "../domain/localized.ts";
import type { BusinessErrorCode } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { priceProcess } from "./pricing.ts";
import type { Promotion, PromotionRefusal } from "./promotions.ts";

export type PromotionRow = typeof promotions.$inferSelect;

export const refusalCodes: Record<PromotionRefusal, BusinessErrorCode> = {
  NOT_STARTED: "PROMOTION_NOT_STARTED",
  ENDED: "PROMOTION_ENDED",
  CODE_REQUIRED: "PROMOTION_CODE_REQUIRED",
  CODE_WRONG: "PROMOTION_CODE_WRONG",
  NOT_ELIGIBLE: "PROMOTION_NOT_ELIGIBLE",
  QUOTA_EXHAUSTED: "PROMOTION_QUOTA_EXHAUSTED",
};

export const asPromotion = (row: PromotionRow, used: number): Promotion => ({
  id: row.id,
  rule: row.rule,
  code: row.code,
  forAttribute: row.forAttribute,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  quota: row.quota,
  used,
});

export const promotionName = (row: Pick<PromotionRow, "name">, language: Language) =>
  localized(row.name, language);

/** A promotion offered for a performance: of its show, for all its performances or this one. */
const offeredFor = (performance: { id: number; showId: number }) =>
  and(
    eq(promotions.active, true),
    eq(promotions.showId, performance.showId),
    or(isNull(promotions.performanceId), eq(promotions.performanceId, performance.id)),
  );

/** The active promotions of a performance, in id order (null: no such performance). */
export async function promotionsOfPerformance(tx: Executor, performanceId: number) {
  const [performance] = await tx
    .select({ id: performances.id, showId: performances.showId })
    .from(performances)
    .where(eq(performances.id, performanceId));
  if (!performance) return null;
  return tx.select().from(promotions).where(offeredFor(performance)).orderBy(asc(promotions.id));
}

/**
 * Tickets each promotion is given to already: sold with it, or carried by a live hold of a
 * process other than `exceptProcessId` (that process's own choice is being remade).
 */
export async function promotionUse(
  tx: Executor,
  promotionIds: readonly number[],
  now: Date,
  exceptProcessId: number | null,
): Promise<Map<number, number>> {
  const use = new Map<number, number>(promotionIds.map((id) => [id, 0]));
  if (promotionIds.length === 0) return use;
  const ids = [...promotionIds];
  const [sold, held] = await Promise.all([
    tx
      .select({ id: tickets.promotionId, count: sql<number>`count(*)::int` })
      .from(tickets)
      // A cancelled order's tickets give their share of the quota back.
      .where(and(inArray(tickets.promotionId, ids), isNull(tickets.voidedAt)))
      .groupBy(tickets.promotionId),
    tx
      .select({ id: placePromotions.promotionId, count: sql<number>`count(*)::int` })
      .from(placePromotions)
      .innerJoin(
        positions,
        and(
          eq(positions.id, placePromotions.positionId),
          eq(positions.heldByProcessId, placePromotions.processId),
          eq(positions.sold, false),
          gt(positions.heldUntil, now),
        ),
      )
      .where(
        and(
          inArray(placePromotions.promotionId, ids),
          exceptProcessId === null ? undefined : ne(placePromotions.processId, exceptProcessId),
        ),
      )
      .groupBy(placePromotions.promotionId),
  ]);
  for (const row of [...sold, ...held]) {
    if (row.id !== null) use.set(row.id, (use.get(row.id) ?? 0) + row.count);
  }
  return use;
}

/** The attributes a customer was granted (RESIDENT, RETIREE…). */
export async function attributesOf(tx: Executor, customerId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ attribute: customerAttributes.attribute })
    .from(customerAttributes)
    .where(eq(customerAttributes.customerId, customerId));
  return new Set(rows.map((row) => row.attribute));
}

/** The promotion each of a process's places carries (by position), and those promotions. */
export type ChosenPromotions = { byPosition: Map<number, number>; rows: Map<number, PromotionRow> };

/** The promotion each of a process's places carries, with those promotions' rows. */
export async function chosenPromotions(
  tx: Executor,
  processId: number,
  positionIds: readonly number[],
): Promise<ChosenPromotions> {
  if (positionIds.length === 0) return { byPosition: new Map(), rows: new Map() };
  const chosen = await tx
    .select({ positionId: placePromotions.positionId, promotion: promotions })
    .from(placePromotions)
    .innerJoin(promotions, eq(promotions.id, placePromotions.promotionId))
    .where(
      and(
        eq(placePromotions.processId, processId),
        inArray(placePromotions.positionId, [...positionIds]),
      ),
    );
  return {
    byPosition: new Map(chosen.map((row) => [row.positionId, row.promotion.id])),
    rows: new Map(chosen.map((row) => [row.promotion.id, row.promotion])),
  };
}

/**
 * The totals of a process's places with the promotions chosen for them (what is charged, and
 * what settlement checks the payment against). With `quotaCheckAt`, a promotion whose quota
 * others filled meanwhile (this process's hold ran out, then they took it) is dropped from
 * these places; the caller holds the promotions' rows locked by then.
 */
export async function priceHeldPlaces(
  tx: Executor,
  processId: number,
  places: readonly { positionId: number; price: number }[],
  delivery: { fee: number } | null,
  quotaCheckAt?: Date,
) {
  const chosen = await chosenPromotions(
    tx,
    processId,
    places.map((place) => place.positionId),
  );
  if (quotaCheckAt) {
    const limited = [...chosen.rows.values()]
      .filter((row) => row.quota !== null)
      .map((row) => row.id)
      .sort((a, b) => a - b);
    if (limited.length > 0) {
      await tx
        .select({ id: promotions.id })
        .from(promotions)
        .where(inArray(promotions.id, limited))
        .orderBy(asc(promotions.id))
        .for("update");
      const use = await promotionUse(tx, limited, quotaCheckAt, processId);
      for (const id of limited) {
        const ours = [...chosen.byPosition.values()].filter((promotionId) => promotionId === id);
        const quota = chosen.rows.get(id)?.quota ?? 0;
        if ((use.get(id) ?? 0) + ours.length <= quota) continue;
        for (const [positionId, promotionId] of chosen.byPosition) {
          if (promotionId === id) chosen.byPosition.delete(positionId);
        }
      }
    }
  }
  return { totals: priceChosen(places, chosen, delivery), promotions: chosen.rows };
}

/** The totals of places with the promotions chosen for them. */
export function priceChosen(
  places: readonly { positionId: number; price: number }[],
  chosen: ChosenPromotions,
  delivery: { fee: number } | null,
) {
  return priceProcess({
    tickets: places.map((place) => ({
      price: place.price,
      promotionId: chosen.byPosition.get(place.positionId) ?? null,
    })),
    promotions: chosen.rows,
    delivery,
  });
}
