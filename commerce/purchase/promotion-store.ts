// Promotions in the database: which a performance offers, how much of each quota is used,
// which promotion each held place carries, and choosing them (POST Funcion/{id}/Promociones/
// Grupo, Reserva/{id}/Promociones). The rules themselves are promotions.ts.
//
// A quota is never exceeded, under the same rule as seats: whoever changes a promotion's use
// locks its row first (FOR UPDATE, in id order so two choosers never deadlock), then counts
// what is used (tickets sold with it and live holds that carry it) and writes in the same
// transaction. A hold that expires stops counting at once; nothing has to give it back.
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import {
  customerAttributes,
  customers,
  payments,
  performances,
  placePromotions,
  positions,
  promotions,
  tickets,
} from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { localized } from "../domain/localized.ts";
import { type BusinessErrorCode, businessError, fieldError, notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { countAttempt } from "../limits/counters.ts";
import { priceProcess } from "./pricing.ts";
import { ensureOpen, lockOwnProcess, ownProcess, type ProcessRow } from "./process.ts";
import {
  normalizedCode,
  type Promotion,
  type PromotionRefusal,
  promotionRefusal,
} from "./promotions.ts";
import { type HeldPlace, liveHeldPlaces } from "./view.ts";

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
      .where(inArray(tickets.promotionId, ids))
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

/** The promotion each of a process's places carries, with those promotions' rows. */
export async function chosenPromotions(
  tx: Executor,
  processId: number,
  positionIds: readonly number[],
): Promise<{ byPosition: Map<number, number>; rows: Map<number, PromotionRow> }> {
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

/** Whether any active promotion has this (normalized) code. */
async function isSomePromotionCode(db: Executor, typed: string): Promise<boolean> {
  const [found] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        eq(promotions.active, true),
        sql`upper(regexp_replace(${promotions.code}, '\\s', '', 'g')) = ${typed}`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

export type OfferedPromotion = {
  row: PromotionRow;
  /** Tickets it can still be given to; null: no limit. */
  left: number | null;
  /** Why the buyer cannot choose it for one more ticket now; null: they can. */
  refusal: PromotionRefusal | null;
};

/**
 * What a performance offers this buyer: its promotions that have not ended, those with a
 * code only when `code` is theirs. A code that matches none counts against the rate limit
 * (listing must not be a way to guess codes).
 */
export async function offeredPromotions(
  deps: Pick<CommerceDeps, "db" | "now" | "rateLimits">,
  input: {
    performanceId: number;
    customerId: number;
    processId?: number;
    code?: string | null;
    clientAddress: string | null;
  },
): Promise<{ offered: OfferedPromotion[]; codeMatched: boolean | null }> {
  const { db } = deps;
  const now = deps.now();
  const rows = await promotionsOfPerformance(db, input.performanceId);
  if (!rows) throw notFound();
  if (input.processId !== undefined) await ownProcess(db, input.processId, input.customerId);
  const typed = input.code?.trim() ? normalizedCode(input.code) : null;
  const visible = rows.filter(
    (row) =>
      (row.code === null || normalizedCode(row.code) === typed) &&
      (row.validUntil === null || row.validUntil.getTime() > now.getTime()),
  );
  const codeMatched = typed === null ? null : visible.some((row) => row.code !== null);
  // A code of another show's promotion is no guess (a cart may hold several shows): only a
  // code no promotion has is counted.
  if (codeMatched === false && !(await isSomePromotionCode(db, typed as string))) {
    const [customer] = await db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    await countAttempt(deps, "promotionCode", {
      address: input.clientAddress,
      email: customer?.email,
    });
  }
  const use = await promotionUse(
    db,
    visible.map((row) => row.id),
    now,
    input.processId ?? null,
  );
  const attributes = await attributesOf(db, input.customerId);
  return {
    codeMatched,
    offered: visible.map((row) => {
      const used = use.get(row.id) ?? 0;
      return {
        row,
        left: row.quota === null ? null : Math.max(0, row.quota - used),
        refusal: promotionRefusal(asPromotion(row, used), {
          now,
          attributes,
          code: input.code,
          tickets: 1,
        }),
      };
    }),
  };
}

export type PromotionChoice = {
  positionId: number;
  /** null: the place goes without a promotion. */
  promotionId: number | null;
  code?: string | null;
};

/**
 * Sets the promotion of some of the places a process holds, all or nothing. Only places the
 * process holds now (of `performanceId` when given) may be named; a promotion newly given
 * to a place must be offered for its performance and pass promotionRefusal (dates, code,
 * customer attribute, quota) for all the tickets of the process that would carry it.
 * Refused while a payment is under way: the amount being charged must not change.
 */
export async function choosePromotions(
  deps: Pick<CommerceDeps, "db" | "now" | "rateLimits">,
  input: {
    processId: number;
    customerId: number;
    performanceId?: number;
    choices: readonly PromotionChoice[];
    clientAddress: string | null;
    language: Language;
  },
): Promise<ProcessRow> {
  const { db } = deps;
  const wrongCode = await db.transaction(async (tx) => {
    const process = await lockOwnProcess(tx, input.processId, input.customerId);
    const now = deps.now();
    ensureOpen(process, now);
    const [pending] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.processId, process.id), eq(payments.status, "PENDING")))
      .limit(1);
    if (pending) throw businessError("PAYMENT_IN_PROGRESS");

    const held = await liveHeldPlaces(tx, process.id, now);
    const heldById = new Map<number, HeldPlace>(held.map((place) => [place.positionId, place]));
    for (const choice of input.choices) {
      const place = heldById.get(choice.positionId);
      if (
        !place ||
        (input.performanceId !== undefined && place.performanceId !== input.performanceId)
      ) {
        throw fieldError("listaPosiciones", "placeNotHeld");
      }
    }
    const current = await chosenPromotions(tx, process.id, [...heldById.keys()]);
    const next = new Map(current.byPosition);
    for (const choice of input.choices) {
      if (choice.promotionId === null) next.delete(choice.positionId);
      else next.set(choice.positionId, choice.promotionId);
    }

    // Promotions newly given to some place: lock them, then check each against its use.
    const newlyGiven = new Map<number, PromotionChoice[]>();
    for (const choice of input.choices) {
      if (choice.promotionId === null) continue;
      if (current.byPosition.get(choice.positionId) === choice.promotionId) continue;
      newlyGiven.set(choice.promotionId, [...(newlyGiven.get(choice.promotionId) ?? []), choice]);
    }
    const ids = [...newlyGiven.keys()].sort((a, b) => a - b);
    const rows =
      ids.length === 0
        ? []
        : await tx
            .select()
            .from(promotions)
            .where(inArray(promotions.id, ids))
            .orderBy(asc(promotions.id))
            .for("update");
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const use = await promotionUse(tx, ids, now, process.id);
    const attributes = await attributesOf(tx, input.customerId);
    for (const id of ids) {
      const row = rowsById.get(id);
      const given = newlyGiven.get(id) ?? [];
      const offered =
        row?.active === true &&
        given.every((choice) => {
          const place = heldById.get(choice.positionId);
          return (
            place !== undefined &&
            row.showId === place.showId &&
            (row.performanceId === null || row.performanceId === place.performanceId)
          );
        });
      if (!row || !offered) throw businessError("PROMOTION_UNAVAILABLE");
      const carrying = [...next.values()].filter((promotionId) => promotionId === id).length;
      const code = given.find((choice) => choice.code?.trim())?.code ?? null;
      const refusal = promotionRefusal(asPromotion(row, use.get(id) ?? 0), {
        now,
        attributes,
        code,
        tickets: carrying,
      });
      // A wrong code is counted against the rate limit once the transaction is undone.
      if (refusal === "CODE_WRONG") return { process: null, promotion: row };
      if (refusal)
        throw businessError(refusalCodes[refusal], {
          name: promotionName(row, input.language),
        });
    }

    const named = input.choices.map((choice) => choice.positionId);
    await tx
      .delete(placePromotions)
      .where(
        and(eq(placePromotions.processId, process.id), inArray(placePromotions.positionId, named)),
      );
    const given = input.choices.filter((choice) => choice.promotionId !== null);
    if (given.length > 0) {
      await tx.insert(placePromotions).values(
        given.map((choice) => ({
          processId: process.id,
          positionId: choice.positionId,
          promotionId: choice.promotionId as number,
        })),
      );
    }
    return { process, promotion: null };
  });
  if (wrongCode.process) return wrongCode.process;
  // Guessing codes is limited like guessing passwords.
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  await countAttempt(deps, "promotionCode", {
    address: input.clientAddress,
    email: customer?.email,
  });
  throw businessError("PROMOTION_CODE_WRONG", {
    name: wrongCode.promotion ? promotionName(wrongCode.promotion, input.language) : "",
  });
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
  const totals = priceProcess({
    tickets: places.map((place) => ({
      price: place.price,
      promotionId: chosen.byPosition.get(place.positionId) ?? null,
    })),
    promotions: chosen.rows,
    delivery,
  });
  return { totals, promotions: chosen.rows };
}
