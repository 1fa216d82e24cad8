// Choosing promotions (POST Funcion/{id}/Promociones, /Grupo and Reserva/{id}/Promociones):
// what a performance offers the caller, and giving held places their promotion, all or
// nothing. The reads they share and the pricing are in promotion-store.ts; the rules in
// promotions.ts. A quota is never exceeded: the promotion's row is locked before its use is
// counted and the choice written, in one transaction.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { customers, payments, placePromotions, promotions } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError, notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { countAttempt } from "../limits/counters.ts";
import { ensureOpen, lockOwnProcess, ownProcess, type ProcessRow } from "./process.ts";
import {
  asPromotion,
  attributesOf,
  chosenPromotions,
  type PromotionRow,
  promotionName,
  promotionsOfPerformance,
  promotionUse,
  refusalCodes,
} from "./promotion-store.ts";
import { normalizedCode, type PromotionRefusal, promotionRefusal } from "./promotions.ts";
import { type HeldPlace, liveHeldPlaces } from "./view.ts";

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
