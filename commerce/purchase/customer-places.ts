// What a customer has of a performance, for the place limit (place-limit.ts; decision 0060):
// places held by their running CART processes (carts and bookings, any tab) and places bought
// (tickets of their paid online orders). A BOX process is a clerk selling to walk-in buyers,
// so it counts only what it holds itself.
//
// Race-safe: every take of a CART process first takes a transaction-level advisory lock on
// (customer, performance), then counts, then holds, in one transaction. A second take of the
// same customer and performance (another tab, a booking) waits for the lock and counts the
// first one's places once it has committed. Other customers and other performances never
// wait for it. The lock is taken after the process is started or locked (process.ts), so it
// never waits while holding a lock a process's other changes need.
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { orders, purchaseProcesses, tickets } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError } from "../errors.ts";
import { exceedsPlaceLimit, type PlaceLimit, placesLeft, type TakeSize } from "./place-limit.ts";
import { heldOfPerformance, type ProcessRow } from "./process.ts";

export const placeLimitOf = (
  deps: Pick<CommerceDeps, "maxPlacesPerPerformance" | "placeLimitCountsBought">,
): PlaceLimit => ({
  max: deps.maxPlacesPerPerformance,
  countsBought: deps.placeLimitCountsBought ?? true,
});

/** What a take asks for, before what the customer has is added. */
export type Asked = Pick<TakeSize, "generalPlaces" | "seatIds">;

/** Throws TOO_MANY_PLACES, saying how many the customer may still take, when the take is over. */
export function ensureWithinPlaceLimit(take: TakeSize, limit: PlaceLimit) {
  if (exceedsPlaceLimit(take, limit)) {
    throw businessError("TOO_MANY_PLACES", { max: limit.max, count: placesLeft(take, limit) });
  }
}

/**
 * Makes the customer's other takes of the performance wait for this transaction. One key
 * per pair: the customer id in the high 32 bits, the performance id in the low ones (ids
 * start at 1, so no key is below 2^32, where the start lock is: db/client.ts).
 */
async function lockPlacesOf(tx: Executor, customerId: number, performanceId: number) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock((${customerId}::bigint << 32) | ${performanceId}::bigint)`,
  );
}

/**
 * The places of the performance the customer holds in running CART processes and, when the
 * rule counts them, the places they bought. Held first, then bought: a purchase completed in
 * between is then counted twice (refusing too early, never too late), not missed.
 */
export async function placesOfCustomer(
  db: Executor,
  input: { customerId: number; performanceId: number; now: Date; countsBought: boolean },
): Promise<Pick<TakeSize, "held" | "bought">> {
  const running = db
    .select({ id: purchaseProcesses.id })
    .from(purchaseProcesses)
    .where(
      and(
        eq(purchaseProcesses.customerId, input.customerId),
        eq(purchaseProcesses.kind, "CART"),
        eq(purchaseProcesses.status, "ACTIVE"),
        gt(purchaseProcesses.deadline, input.now),
      ),
    );
  const held = await heldOfPerformance(db, running, input.performanceId, input.now);
  if (!input.countsBought) return { held };
  // The customer's paid online orders first (a clerk's counter sales are walk-in buyers'
  // places, not the clerk's), then their tickets by order: written so that the plan starts
  // from the orders (tickets_order_performance_idx), not from every ticket of the
  // performance, which grows with the on-sale (and PGlite has no autovacuum to re-analyze).
  const paidOrders = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, input.customerId),
        eq(orders.status, "PAID"),
        eq(orders.soldAtCounter, false),
      ),
    );
  const [{ bought }] = await db
    .select({ bought: count() })
    .from(tickets)
    .where(
      and(
        sql`${tickets.orderId} = any(array(${paidOrders}))`,
        eq(tickets.performanceId, input.performanceId),
        isNull(tickets.voidedAt),
      ),
    );
  return { held, bought };
}

/**
 * Refuses, before anything is locked, a take that asks for more than the maximum on its own;
 * the refusal counts what the customer has (without the lock: it only informs the message).
 */
export async function ensureTakeFitsAlone(
  deps: CommerceDeps,
  input: { customerId: number; performanceId: number; now: Date },
  asked: Asked,
) {
  const limit = placeLimitOf(deps);
  if (!exceedsPlaceLimit({ held: [], ...asked }, limit)) return;
  const has = await placesOfCustomer(deps.db, { ...input, countsBought: limit.countsBought });
  throw businessError("TOO_MANY_PLACES", { max: limit.max, count: placesLeft(has, limit) });
}

/**
 * Throws TOO_MANY_PLACES when the process's owner would have more of the performance than
 * allowed after the take. Runs in the take's transaction, before the hold; for a CART
 * process it takes the (customer, performance) lock first.
 */
export async function ensureProcessMayTake(
  tx: Executor,
  deps: CommerceDeps,
  process: Pick<ProcessRow, "id" | "kind" | "customerId">,
  input: { performanceId: number; now: Date },
  asked: Asked,
) {
  const limit = placeLimitOf(deps);
  let has: Pick<TakeSize, "held" | "bought">;
  if (process.kind === "CART") {
    await lockPlacesOf(tx, process.customerId, input.performanceId);
    has = await placesOfCustomer(tx, {
      customerId: process.customerId,
      performanceId: input.performanceId,
      now: input.now,
      countsBought: limit.countsBought,
    });
  } else {
    // The process is locked or new: what it holds cannot change until this commits.
    has = { held: await heldOfPerformance(tx, process.id, input.performanceId, input.now) };
  }
  ensureWithinPlaceLimit({ ...has, ...asked }, limit);
}
