// Bookings (contract/bookings.ts): a purchase process that holds its places until the
// booking's own deadline (contract/booking-rule.ts) and is paid later through the usual checkout.
// Holding is the same one conditional statement per place as Tomar (holds.ts), so a place
// is never sold twice; an expired booking's places are free the moment it ends (lazily, like
// any hold), and the charge refuses it (settlement checks the deadline). The per-customer
// maximum of places counts what the customer has of the performance in bookings, carts and
// orders alike, under the lock of customer-places.ts: a booking and a cart racing cannot
// both take the maximum.
import { and, asc, eq, gt } from "drizzle-orm";
import {
  type BookByPerformanceRequest,
  type BookByPositionRequest,
  type Booking,
  bookingDeadline,
  deadlineFitsPerformance,
} from "../contract/index.ts";
import { requireBoxClerk } from "../customers/staff.ts";
import type { Executor } from "../db/client.ts";
import { bookings, performances, purchaseProcesses } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError, notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { shopMetrics } from "../operations/metrics.ts";
import { processState } from "./clock.ts";
import { ensureProcessMayTake, ensureTakeFitsAlone } from "./customer-places.ts";
import { releaseHolds } from "./holds.ts";
import { changeAvailability } from "./inventory.ts";
import { askedBy, ensureOpen, holdPlanned, type ProcessRow, planTake } from "./process.ts";
import { loadProcessView } from "./view.ts";

type BookingRow = typeof bookings.$inferSelect;
type BookingRequest = BookByPerformanceRequest | BookByPositionRequest;

/** The caller's booking, locked for the transaction; anything else is a 404. */
async function lockOwnBooking(tx: Executor, processId: number, customerId: number) {
  const [row] = await tx
    .select({ process: purchaseProcesses, booking: bookings })
    .from(purchaseProcesses)
    .innerJoin(bookings, eq(bookings.processId, purchaseProcesses.id))
    .where(and(eq(purchaseProcesses.id, processId), eq(purchaseProcesses.customerId, customerId)))
    .for("update", { of: purchaseProcesses });
  if (!row) throw notFound();
  return row;
}

async function performanceStart(db: Executor, performanceId: number): Promise<Date> {
  const [row] = await db
    .select({ startsAt: performances.startsAt })
    .from(performances)
    .where(eq(performances.id, performanceId));
  if (!row) throw notFound();
  return row.startsAt;
}

/**
 * Books places (TomarReservaPorFuncion / TomarReservaPorPosicion): process 0 starts a new
 * booking, another id adds to the caller's open booking on its same deadline. All or nothing.
 */
export async function takeBooking(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; request: BookingRequest },
): Promise<ProcessRow> {
  const { request, customerId } = input;
  if (request.lAceptaCondiciones !== true) throw businessError("BOOKING_CONDITIONS_NOT_ACCEPTED");
  const now = deps.now();
  const plan = await planTake(deps.db, request, now);
  const { performanceId } = plan;
  await ensureTakeFitsAlone(deps, { customerId, performanceId, now }, askedBy(plan));
  const startsAt = await performanceStart(deps.db, plan.performanceId);
  const kind = request.ctProcess ?? "CART";

  const taken = await changeAvailability(deps, async (tx) => {
    if (kind === "BOX") await requireBoxClerk(tx, customerId);

    let process: ProcessRow;
    if (input.processId === 0) {
      const deadline = bookingDeadline(now, startsAt);
      if (!deadline) throw businessError("BOOKING_TOO_LATE");
      [process] = await tx
        .insert(purchaseProcesses)
        // extendedAt: a booking's clock is its own rule, never extended like a cart's.
        .values({ customerId, kind, status: "ACTIVE", startedAt: now, deadline, extendedAt: now })
        .returning();
      const buyer = kind === "BOX" ? request.oComprador : undefined;
      await tx.insert(bookings).values({
        processId: process.id,
        conditionsAcceptedAt: now,
        buyerName: buyer?.cNombre ?? null,
        buyerEmail: buyer?.cEmail ?? null,
      });
    } else {
      ({ process } = await lockOwnBooking(tx, input.processId, customerId));
      ensureOpen(process, now);
      if (request.ctProcess !== undefined && request.ctProcess !== process.kind) {
        throw fieldError("ctProcess", "invalid");
      }
      if (!deadlineFitsPerformance(process.deadline, startsAt)) {
        throw businessError("BOOKING_TOO_LATE");
      }
    }

    // A customer's bookings share the maximum with their cart; a clerk's are each for
    // another buyer.
    await ensureProcessMayTake(tx, deps, process, { performanceId, now }, askedBy(plan));
    await holdPlanned(tx, plan, process, now);
    return process;
  });
  if (input.processId === 0) shopMetrics.bookingOpened();
  return taken;
}

function bookingView(
  process: ProcessRow,
  booking: BookingRow,
  view: Awaited<ReturnType<typeof loadProcessView>>,
): Booking {
  return {
    idReserva: process.id,
    ctProcess: process.kind,
    cEstado: view.cEstado,
    dReservada: booking.conditionsAcceptedAt.toISOString(),
    dVence: process.deadline.toISOString(),
    oComprador: booking.buyerName
      ? { cNombre: booking.buyerName, cEmail: booking.buyerEmail }
      : null,
    listaFuncion: view.listaFuncion,
    nCantidadTotal: view.oCantidadTotal.nCantidadTotal,
    fTotal: view.fTotal,
  };
}

/** The caller's open bookings, the one ending soonest first. */
export async function listBookings(
  deps: CommerceDeps,
  input: { customerId: number; language: Language },
): Promise<Booking[]> {
  const now = deps.now();
  const rows = await deps.db
    .select({ process: purchaseProcesses, booking: bookings })
    .from(bookings)
    .innerJoin(purchaseProcesses, eq(purchaseProcesses.id, bookings.processId))
    .where(
      and(
        eq(purchaseProcesses.customerId, input.customerId),
        eq(purchaseProcesses.status, "ACTIVE"),
        gt(purchaseProcesses.deadline, now),
      ),
    )
    .orderBy(asc(purchaseProcesses.deadline), asc(purchaseProcesses.id))
    .limit(100);
  return Promise.all(
    rows.map(async ({ process, booking }) =>
      bookingView(process, booking, await loadProcessView(deps, process, input.language)),
    ),
  );
}

/**
 * Resumes a booking's payment: the open booking's process, to pay through the usual calls.
 * It only reads, so repeating it is harmless; an ended booking says why (expired, paid…).
 */
export async function resumeBooking(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
): Promise<ProcessRow> {
  const { process } = await lockOwnBooking(deps.db, input.processId, input.customerId);
  ensureOpen(process, deps.now());
  return process;
}

/** Releases the caller's booking at once; releasing it again answers the same. */
export async function releaseBooking(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
): Promise<{ idReserva: number; cEstado: "CANCELLED" }> {
  return changeAvailability(deps, async (tx) => {
    const { process } = await lockOwnBooking(tx, input.processId, input.customerId);
    const state = processState(process.status, process.deadline, deps.now());
    if (state === "PAID") throw businessError("PROCESS_PAID");
    if (process.status === "ACTIVE") {
      await tx
        .update(purchaseProcesses)
        .set({ status: "CANCELLED" })
        .where(eq(purchaseProcesses.id, process.id));
      await releaseHolds(tx, [process.id]);
    }
    return { idReserva: process.id, cEstado: "CANCELLED" as const };
  });
}
