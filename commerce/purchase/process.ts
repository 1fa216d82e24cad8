// The purchase process's lifecycle: start one and take places, release a performance's
// places, choose delivery and payment method (cancelling and extending it:
// process-clock.ts). Rules that matter here:
// - a hold is one conditional UPDATE (holds.ts) in a transaction that rolls back when fewer
//   places came back;
// - every statement that changes a process's places locks its row first (FOR UPDATE), so
//   taking, releasing, cancelling and completing a purchase never interleave on one process.
import { and, asc, eq, gt, inArray, type SQL, type SQLWrapper } from "drizzle-orm";
import type { TakePlacesRequest } from "../contract/index.ts";
import { requireBoxClerk } from "../customers/staff.ts";
import type { Database, Executor } from "../db/client.ts";
import { customers, performances, positions, purchaseProcesses, sectors } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError, notFound } from "../errors.ts";
import { isBooking, notABooking, withoutPaymentLink } from "../payments/link-sale.ts";
import { offeredPaymentMethods } from "../payments/payment-providers.ts";
import { closedReason, processDeadline, processState } from "./clock.ts";
import { type Asked, ensureProcessMayTake, ensureTakeFitsAlone } from "./customer-places.ts";
import { holdSeats, holdSectorPlaces, releaseHolds } from "./holds.ts";
import { changeAvailability } from "./inventory.ts";
import { liveHeldPlaces } from "./view.ts";

export type ProcessRow = typeof purchaseProcesses.$inferSelect;

const ownedBy = (processId: number, customerId: number) =>
  and(eq(purchaseProcesses.id, processId), eq(purchaseProcesses.customerId, customerId));

/** The caller's process; anyone else's is a 404 like an unknown one. */
export async function ownProcess(db: Executor, processId: number, customerId: number) {
  const [process] = await db
    .select()
    .from(purchaseProcesses)
    .where(ownedBy(processId, customerId))
    .limit(1);
  if (!process) throw notFound();
  return process;
}

/** The caller's process, locked for the rest of the transaction. */
export async function lockOwnProcess(tx: Executor, processId: number, customerId: number) {
  const [process] = await tx
    .select()
    .from(purchaseProcesses)
    .where(ownedBy(processId, customerId))
    .for("update");
  if (!process) throw notFound();
  return process;
}

/** Throws the business error of a process that can no longer change (expired, paid…). */
export function ensureOpen(process: ProcessRow, now: Date) {
  const reason = closedReason(processState(process.status, process.deadline, now));
  if (reason) throw businessError(reason);
}

/**
 * The sectors of a performance that is on sale; a 404 for an unknown performance and
 * PERFORMANCE_NOT_ON_SALE for one that is not (or has started).
 */
export async function sectorsOnSale(db: Executor, performanceId: number, now: Date) {
  const rows = await db
    .select({
      status: performances.status,
      startsAt: performances.startsAt,
      sectorId: sectors.id,
      kind: sectors.kind,
      hallSectorId: sectors.hallSectorId,
    })
    .from(performances)
    .leftJoin(sectors, eq(sectors.performanceId, performances.id))
    .where(eq(performances.id, performanceId));
  if (rows.length === 0) throw notFound();
  const [performance] = rows;
  // A performance that has started is no longer sold.
  if (performance.status !== "ON_SALE" || performance.startsAt.getTime() <= now.getTime()) {
    throw businessError("PERFORMANCE_NOT_ON_SALE");
  }
  return rows.flatMap(({ sectorId, kind, hallSectorId }) =>
    sectorId === null || kind === null ? [] : [{ id: sectorId, kind, hallSectorId }],
  );
}

/** Checks what a take request names against the catalog before any place is touched. */
export async function planTake(db: Database, request: TakePlacesRequest, now: Date) {
  const sectorIds = new Set((await sectorsOnSale(db, request.idFuncion, now)).map((s) => s.id));
  const quantities = new Map<number, number>();
  for (const [index, item] of (request.listaSectores ?? []).entries()) {
    if (!sectorIds.has(item.idSector)) {
      throw fieldError(`listaSectores.${index}.idSector`, "invalid");
    }
    quantities.set(item.idSector, (quantities.get(item.idSector) ?? 0) + item.nCantidad);
  }

  const seatIds = [...new Set(request.listaPosiciones ?? [])];
  if (seatIds.length > 0) {
    const known = await db
      .select({ id: positions.id })
      .from(positions)
      .innerJoin(sectors, eq(sectors.id, positions.sectorId))
      .where(
        and(
          inArray(positions.id, seatIds),
          eq(positions.performanceId, request.idFuncion),
          eq(sectors.kind, "NUMBERED"),
        ),
      );
    if (known.length !== seatIds.length) throw fieldError("listaPosiciones", "invalid");
  }
  return { performanceId: request.idFuncion, quantities, seatIds };
}

export type TakePlan = Awaited<ReturnType<typeof planTake>>;

/** What a plan asks for, as the place limit counts it (customer-places.ts). */
export function askedBy(plan: TakePlan): Asked {
  return {
    generalPlaces: [...plan.quantities.values()].reduce((sum, n) => sum + n, 0),
    seatIds: plan.seatIds,
  };
}

/** Places of one performance a process (or a subquery's processes) holds now, meeting `also`. */
export async function heldOfPerformance(
  tx: Executor,
  holder: number | SQLWrapper,
  performanceId: number,
  now: Date,
  also?: SQL,
) {
  const rows = await tx
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        typeof holder === "number"
          ? eq(positions.heldByProcessId, holder)
          : inArray(positions.heldByProcessId, holder),
        eq(positions.performanceId, performanceId),
        eq(positions.sold, false),
        gt(positions.heldUntil, now),
        also,
      ),
    )
    .orderBy(asc(positions.id));
  return rows.map((row) => row.id);
}

/** Makes the customer's other changes of what they hold wait for this transaction. */
export async function lockCustomer(tx: Executor, customerId: number): Promise<void> {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for("update");
}

export async function openProcessForTake(
  tx: Executor,
  deps: Pick<CommerceDeps, "purchaseMinutes">,
  input: { processId: number; customerId: number; request: { ctProcess?: "CART" | "BOX" } },
  now: Date,
): Promise<ProcessRow> {
  const { customerId } = input;
  const kind = input.request.ctProcess;
  if (input.processId !== 0) {
    const process = await lockOwnProcess(tx, input.processId, customerId);
    ensureOpen(process, now);
    // A booking takes places only through TomarReserva* (its conditions, its cutoff).
    const wrongKind = kind !== undefined && kind !== process.kind;
    if (wrongKind || (await isBooking(tx, process.id))) throw fieldError("ctProcess", "invalid");
    return process;
  }
  // A box-office sale is for clerks only (the role is granted in the database).
  if (kind === "BOX") await requireBoxClerk(tx, customerId);
  // One new process per customer at a time: a second one waits here, then cancels this
  // one (else two could each hold the maximum).
  await lockCustomer(tx, customerId);
  // A sale handed to a buyer by a payment link is theirs to pay now, a booking is paid
  // later: both stay. One whose time ran out stays expired (§4: FINISHED, not cancelled).
  const previous = await tx
    .update(purchaseProcesses)
    .set({ status: "CANCELLED" })
    .where(
      and(
        eq(purchaseProcesses.customerId, customerId),
        eq(purchaseProcesses.status, "ACTIVE"),
        gt(purchaseProcesses.deadline, now),
        withoutPaymentLink(tx),
        notABooking(tx),
      ),
    )
    .returning({ id: purchaseProcesses.id });
  await releaseHolds(
    tx,
    previous.map((p) => p.id),
  );
  const [process] = await tx
    .insert(purchaseProcesses)
    .values({
      customerId,
      kind: kind ?? "CART",
      status: "ACTIVE",
      startedAt: now,
      deadline: processDeadline(now, deps.purchaseMinutes),
    })
    .returning();
  return process;
}

/**
 * Takes places for the customer: process 0 starts a new CART process (clock = now +
 * purchaseMinutes) and gives back the places of their other open ones (one open cart per
 * customer); another id adds to that open process, on its same clock. All or nothing.
 */
export async function takePlaces(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; request: TakePlacesRequest },
): Promise<ProcessRow> {
  const now = deps.now();
  const plan = await planTake(deps.db, input.request, now);
  const { performanceId } = plan;
  // Too many on its own: refused before anything is locked.
  await ensureTakeFitsAlone(
    deps,
    { customerId: input.customerId, performanceId, now },
    askedBy(plan),
  );

  return changeAvailability(deps, async (tx) => {
    const process = await openProcessForTake(tx, deps, input, now);
    // Counts what the customer has of the performance in every process, under their lock.
    await ensureProcessMayTake(tx, deps, process, { performanceId, now }, askedBy(plan));
    await holdPlanned(tx, plan, process, now);
    return process;
  });
}

/** Holds what a plan asks for, until the process's deadline; throws (rolls back) when short. */
export async function holdPlanned(tx: Executor, plan: TakePlan, process: ProcessRow, now: Date) {
  const target = { processId: process.id, deadline: process.deadline, now };
  for (const [sectorId, quantity] of plan.quantities) {
    const held = await holdSectorPlaces(tx, {
      ...target,
      performanceId: plan.performanceId,
      sectorId,
      quantity,
    });
    // Throwing rolls the whole transaction back: nothing stays half-taken.
    if (held.length < quantity) throw businessError("NOT_ENOUGH_PLACES");
  }
  if (plan.seatIds.length > 0) {
    const held = await holdSeats(tx, {
      ...target,
      performanceId: plan.performanceId,
      seatIds: plan.seatIds,
    });
    if (held.length < plan.seatIds.length) throw businessError("SEAT_TAKEN");
  }
}

/**
 * Gives back the places the customer's process holds for one performance (only `positionIds`
 * when given; others' places among them are left alone). A running process left without
 * places ends (CANCELLED) at once: no client shows an empty cart with a running clock.
 */
export async function releasePerformance(
  deps: CommerceDeps,
  input: {
    processId: number;
    customerId: number;
    performanceId: number;
    positionIds?: readonly number[];
  },
): Promise<ProcessRow> {
  return changeAvailability(deps, async (tx) => {
    const now = deps.now();
    const process = await lockOwnProcess(tx, input.processId, input.customerId);
    // Releasing from an expired process is harmless (its holds are free anyway).
    if (process.status !== "ACTIVE") ensureOpen(process, now);
    await releaseHolds(tx, [process.id], input.performanceId, input.positionIds);
    if (processState(process.status, process.deadline, now) !== "ACTIVE") return process;
    if ((await liveHeldPlaces(tx, process.id, now)).length > 0) return process;
    const [ended] = await tx
      .update(purchaseProcesses)
      .set({ status: "CANCELLED" })
      .where(eq(purchaseProcesses.id, process.id))
      .returning();
    return ended;
  });
}

/**
 * Changes a choice of the customer's open process in one conditional statement; when it
 * changes nothing, says why (not theirs, or no longer open).
 */
export async function updateOpenProcess(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
  change: Partial<Pick<ProcessRow, "deliveryTypeId" | "deliveryAddressId" | "paymentMethodId">>,
): Promise<ProcessRow> {
  const now = deps.now();
  const [updated] = await deps.db
    .update(purchaseProcesses)
    .set(change)
    .where(
      and(
        ownedBy(input.processId, input.customerId),
        eq(purchaseProcesses.status, "ACTIVE"),
        gt(purchaseProcesses.deadline, now),
      ),
    )
    .returning();
  if (updated) return updated;
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  ensureOpen(process, deps.now());
  // Open again by now: only a clock that went backwards gets here.
  throw businessError("PROCESS_EXPIRED");
}

export function selectPaymentMethod(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; paymentMethodId: number },
) {
  // Only a method offered now: PayPal or a wallet that is not configured cannot be chosen.
  const method = offeredPaymentMethods(deps).find(({ id }) => id === input.paymentMethodId);
  if (!method) throw fieldError("nFormaDePago", "paymentMethodRequired");
  return updateOpenProcess(deps, input, { paymentMethodId: method.id });
}
