// Purchase-process routes: take and release places, invalidate, delivery, payment method
// and the charge. Rules that matter here:
// - a hold is one conditional UPDATE (catalog/holds.ts) in a transaction that rolls back
//   when fewer places came back;
// - every statement that changes a process locks its row first (FOR UPDATE), so taking,
//   releasing, cancelling and completing a purchase never interleave on one process;
// - the acquirer is called outside any transaction, with an idempotency key stored first,
//   so a retry never charges twice and no lock is held while the card is charged.
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { invalidateShowCards } from "../catalog/card-cache.ts";
import { holdSeats, holdSectorPlaces, releaseHolds } from "../catalog/holds.ts";
import { liveHeldPlaces, loadProcessView, type ProcessRow } from "../catalog/purchases.ts";
import {
  chargeRequest,
  processStates,
  releasePerformanceRequest,
  selectDeliveryRequest,
  selectPaymentMethodRequest,
  takePlacesRequest,
} from "../contract/index.ts";
import { apiHeaders } from "../contract/paths.ts";
import type { Database } from "../db/client.ts";
import {
  orders,
  payments,
  performances,
  positions,
  purchaseProcesses,
  sectors,
  tickets,
} from "../db/schema.ts";
import {
  allowsInstallments,
  deliveryTypeById,
  deliveryTypeRules,
  paymentMethodById,
  paymentMethodRules,
} from "../domain/catalogues.ts";
import {
  type BusinessErrorCode,
  businessErrorNCodes,
  isBusinessErrorCode,
} from "../domain/errors.ts";
import { purchaseTotals } from "../domain/pricing.ts";
import { closedReason, isPastDeadline, processDeadline, processState } from "../domain/process.ts";
import { type Language, translate } from "../i18n.ts";
import type { ChargeOutcome } from "../payments/provider.ts";
import { signTicketCode } from "../tickets/code.ts";
import { idOrZero, pathId } from "./params.ts";
import {
  ApiError,
  type CommerceDeps,
  type CommerceEnv,
  customerIdFromToken,
  notFound,
  ok,
  readBody,
  requireCustomer,
  validate,
} from "./support.ts";

/** A business error: HTTP 200 with the error's nCode (see domain/errors.ts). */
export function businessError(code: BusinessErrorCode, params?: Record<string, unknown>) {
  return new ApiError(code, businessErrorNCodes[code], 200, undefined, params);
}

const fieldError = (field: string, key: string) =>
  new ApiError("VALIDATION", 400, 400, { [field]: [key] });

/** POST Proceso/{id}/invalidar answers only this: it needs no login, so it shows no cart. */
export const invalidateResponse = z.object({
  idProcesoDeCompra: z.number().int(),
  cEstado: z.enum(processStates),
});

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The caller's process, locked for the rest of the transaction; anyone else's is a 404. */
async function lockOwnProcess(tx: Tx, processId: number, customerId: number) {
  const [process] = await tx
    .select()
    .from(purchaseProcesses)
    .where(and(eq(purchaseProcesses.id, processId), eq(purchaseProcesses.customerId, customerId)))
    .for("update");
  if (!process) throw notFound();
  return process;
}

async function ownProcess(db: Database, processId: number, customerId: number) {
  const [process] = await db
    .select()
    .from(purchaseProcesses)
    .where(and(eq(purchaseProcesses.id, processId), eq(purchaseProcesses.customerId, customerId)))
    .limit(1);
  if (!process) throw notFound();
  return process;
}

function ensureOpen(process: ProcessRow, now: Date) {
  const reason = closedReason(processState(process.status, process.deadline, now));
  if (reason) throw businessError(reason);
}

/** The raw JSON body (Cobrar merges a header into it before validating). */
async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError("VALIDATION", 400, 400, { _: ["malformedBody"] });
  }
}

type TakeRequest = z.output<typeof takePlacesRequest>;

/** Checks what a take request names against the catalog before any place is touched. */
async function planTake(db: Database, body: TakeRequest, now: Date) {
  const [performance] = await db
    .select({ id: performances.id, status: performances.status, startsAt: performances.startsAt })
    .from(performances)
    .where(eq(performances.id, body.idFuncion))
    .limit(1);
  if (!performance) throw notFound();
  // A performance that has started is no longer sold.
  if (performance.status !== "ON_SALE" || performance.startsAt.getTime() <= now.getTime()) {
    throw businessError("PERFORMANCE_NOT_ON_SALE");
  }

  const sectorRows = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(eq(sectors.performanceId, performance.id));
  const sectorIds = new Set(sectorRows.map((s) => s.id));
  const quantities = new Map<number, number>();
  for (const [index, item] of (body.listaSectores ?? []).entries()) {
    if (!sectorIds.has(item.idSector)) {
      throw fieldError(`listaSectores.${index}.idSector`, "invalid");
    }
    quantities.set(item.idSector, (quantities.get(item.idSector) ?? 0) + item.nCantidad);
  }

  const seatIds = [...new Set(body.listaPosiciones ?? [])];
  if (seatIds.length > 0) {
    const known = await db
      .select({ id: positions.id })
      .from(positions)
      .innerJoin(sectors, eq(sectors.id, positions.sectorId))
      .where(
        and(
          inArray(positions.id, seatIds),
          eq(positions.performanceId, performance.id),
          eq(sectors.kind, "NUMBERED"),
        ),
      );
    if (known.length !== seatIds.length) throw fieldError("listaPosiciones", "invalid");
  }
  return { performanceId: performance.id, quantities, seatIds };
}

export function processRoutes(deps: CommerceDeps) {
  const app = new Hono<CommerceEnv>();
  const auth = requireCustomer(deps);
  const { db } = deps;

  const view = async (c: Context<CommerceEnv>, processId: number) => {
    const [process] = await db
      .select()
      .from(purchaseProcesses)
      .where(eq(purchaseProcesses.id, processId))
      .limit(1);
    if (!process) throw notFound();
    return ok(c, await loadProcessView(db, process, deps.now(), c.get("language")));
  };

  // Proceso/0 starts a new CART process (clock = now + purchaseMinutes); Proceso/{id} adds
  // places to the caller's open process, on its same clock.
  app.post("/Proceso/:id/Posiciones/Tomar", auth, async (c) => {
    const requestedId = pathId(c, "id", idOrZero);
    const body = await readBody(c, takePlacesRequest);
    const customerId = c.get("customerId");
    const now = deps.now();
    const plan = await planTake(db, body, now);

    const processId = await db.transaction(async (tx) => {
      let process: ProcessRow;
      if (requestedId === 0) {
        // One open cart per customer: a new one gives back the places of the previous ones.
        const previous = await tx
          .update(purchaseProcesses)
          .set({ status: "CANCELLED" })
          .where(
            and(
              eq(purchaseProcesses.customerId, customerId),
              eq(purchaseProcesses.status, "ACTIVE"),
            ),
          )
          .returning({ id: purchaseProcesses.id });
        await releaseHolds(
          tx,
          previous.map((p) => p.id),
        );
        [process] = await tx
          .insert(purchaseProcesses)
          .values({
            customerId,
            kind: "CART",
            status: "ACTIVE",
            startedAt: now,
            deadline: processDeadline(now, deps.purchaseMinutes),
          })
          .returning();
      } else {
        process = await lockOwnProcess(tx, requestedId, customerId);
        ensureOpen(process, now);
      }
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
      return process.id;
    });
    invalidateShowCards(deps);
    return view(c, processId);
  });

  app.get("/Proceso/:id", auth, async (c) => {
    const process = await ownProcess(db, pathId(c), c.get("customerId"));
    return ok(c, await loadProcessView(db, process, deps.now(), c.get("language")));
  });

  app.post("/Proceso/:id/Posiciones/SoltarFuncion", auth, async (c) => {
    const processId = pathId(c);
    const body = await readBody(c, releasePerformanceRequest);
    await db.transaction(async (tx) => {
      const process = await lockOwnProcess(tx, processId, c.get("customerId"));
      // Releasing from an expired process is harmless (its holds are free anyway).
      if (process.status !== "ACTIVE") ensureOpen(process, deps.now());
      await releaseHolds(tx, [process.id], body.idFuncion);
    });
    invalidateShowCards(deps);
    return view(c, processId);
  });

  // No login needed (spec §7): the storefront invalidates an abandoned cart on cancel. With
  // a token of another customer it is a 404 like every other foreign process.
  app.post("/Proceso/:id/invalidar", async (c) => {
    const processId = pathId(c);
    const callerId = await customerIdFromToken(deps, c);
    const state = await db.transaction(async (tx) => {
      const [process] = await tx
        .select()
        .from(purchaseProcesses)
        .where(eq(purchaseProcesses.id, processId))
        .for("update");
      if (!process || (callerId !== null && process.customerId !== callerId)) throw notFound();
      if (process.status === "PAID") throw businessError("PROCESS_PAID");
      if (process.status === "ACTIVE") {
        await tx
          .update(purchaseProcesses)
          .set({ status: "CANCELLED" })
          .where(eq(purchaseProcesses.id, process.id));
        await releaseHolds(tx, [process.id]);
      }
      return "CANCELLED" as const;
    });
    invalidateShowCards(deps);
    return ok(c, { idProcesoDeCompra: processId, cEstado: state });
  });

  app.get("/Proceso/:id/TiposDeEntrega", auth, async (c) => {
    await ownProcess(db, pathId(c), c.get("customerId"));
    const t = translate(c.get("language"));
    return ok(c, {
      Lista: deliveryTypeRules.map((type) => ({
        idEntregaTipo: type.id,
        cCodigo: type.code,
        cNombre: t(`commerce:deliveryTypes.${type.code}.name`),
        cDescripcion: t(`commerce:deliveryTypes.${type.code}.description`),
        fPrecio: type.fee,
      })),
    });
  });

  app.post("/Proceso/:id/EntregaTipo/Seleccionar", auth, async (c) => {
    const processId = pathId(c);
    const body = await readBody(c, selectDeliveryRequest);
    const delivery = deliveryTypeById(body.idEntregaTipo);
    if (!delivery) throw fieldError("idEntregaTipo", "deliveryRequired");
    await db.transaction(async (tx) => {
      const process = await lockOwnProcess(tx, processId, c.get("customerId"));
      ensureOpen(process, deps.now());
      await tx
        .update(purchaseProcesses)
        .set({ deliveryTypeId: delivery.id })
        .where(eq(purchaseProcesses.id, process.id));
    });
    return view(c, processId);
  });

  app.get("/Proceso/:id/FormasDePago", auth, async (c) => {
    await ownProcess(db, pathId(c), c.get("customerId"));
    const t = translate(c.get("language"));
    return ok(c, {
      Lista: paymentMethodRules.map((method) => ({
        nFormaDePago: method.id,
        cCodigo: method.code,
        cNombre: t(`commerce:paymentMethods.${method.code}`),
        listaCuotas: [...method.installments],
      })),
    });
  });

  app.post("/Proceso/:id/FormaDePago/Seleccionar", auth, async (c) => {
    const processId = pathId(c);
    const body = await readBody(c, selectPaymentMethodRequest);
    const method = paymentMethodById(body.nFormaDePago);
    if (!method) throw fieldError("nFormaDePago", "paymentMethodRequired");
    await db.transaction(async (tx) => {
      const process = await lockOwnProcess(tx, processId, c.get("customerId"));
      ensureOpen(process, deps.now());
      await tx
        .update(purchaseProcesses)
        .set({ paymentMethodId: method.id })
        .where(eq(purchaseProcesses.id, process.id));
    });
    return view(c, processId);
  });

  app.post("/Proceso/:id/Cobrar", auth, async (c) => {
    const processId = pathId(c);
    let raw = await jsonBody(c);
    // The key may come in the body or as the Idempotency-Key header; the body wins.
    const headerKey = c.req.header(apiHeaders.idempotencyKey);
    if (headerKey && raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
      const record = raw as Record<string, unknown>;
      if (record.cClaveIdempotencia === undefined) {
        raw = { ...record, cClaveIdempotencia: headerKey };
      }
    }
    const body = validate(chargeRequest, raw);
    const result = await charge(deps, {
      processId,
      customerId: c.get("customerId"),
      key: body.cClaveIdempotencia,
      installments: body.nCuotas,
      card: body.oTarjeta,
      language: c.get("language"),
    });
    return ok(c, { idPedido: result.orderId, cEstado: "APROBADO", idProcesoDeCompra: processId });
  });

  return app;
}

// ---------------------------------------------------------------- the charge

type PaymentRow = typeof payments.$inferSelect;
type ChargeInput = {
  processId: number;
  customerId: number;
  key: string;
  installments: number;
  card: z.output<typeof chargeRequest>["oTarjeta"];
  language: Language;
};

/** Why an approved payment was given back (kept in declineReason), as an error code. */
function lostReason(stored: string | null): BusinessErrorCode {
  return stored !== null && isBusinessErrorCode(stored) ? stored : "PAYMENT_FAILED";
}

/** Raised inside the completing transaction to roll it back when the places were lost. */
class PurchaseLost extends Error {
  constructor(readonly code: BusinessErrorCode) {
    super(code);
  }
}

function declineMessage(language: Language, reason: string | null) {
  const t = translate(language);
  return {
    reason: t(`errors:paymentReasons.${reason ?? "unknown"}`, {
      defaultValue: t("errors:paymentReasons.unknown"),
    }),
  };
}

/** What a payment already decided, answered again for a repeated idempotency key. */
async function storedOutcome(
  db: Database,
  payment: PaymentRow,
  language: Language,
): Promise<{ orderId: number }> {
  switch (payment.status) {
    case "APPROVED": {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentId, payment.id))
        .limit(1);
      if (order) return { orderId: order.id };
      throw businessError("PAYMENT_FAILED");
    }
    case "DECLINED":
      throw businessError("PAYMENT_DECLINED", declineMessage(language, payment.declineReason));
    case "REFUNDED":
    case "REFUND_FAILED":
      // The card was approved but the places were lost; declineReason keeps why.
      throw businessError(lostReason(payment.declineReason));
    default:
      throw businessError("PAYMENT_FAILED");
  }
}

async function paymentByKey(db: Database, key: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.idempotencyKey, key))
    .limit(1);
  return payment;
}

async function charge(deps: CommerceDeps, input: ChargeInput): Promise<{ orderId: number }> {
  const { db } = deps;
  const now = deps.now();
  const process = await ownProcess(db, input.processId, input.customerId);

  let payment = await paymentByKey(db, input.key);
  if (!payment) {
    ensureOpen(process, now);
    const places = await liveHeldPlaces(db, process.id, now);
    if (places.length === 0) throw businessError("PROCESS_EMPTY");
    const delivery = deliveryTypeById(process.deliveryTypeId);
    if (!delivery) throw businessError("DELIVERY_REQUIRED");
    const method = paymentMethodById(process.paymentMethodId);
    if (!method) throw businessError("PAYMENT_METHOD_REQUIRED");
    if (!allowsInstallments(method, input.installments)) {
      throw fieldError("nCuotas", "installmentsInvalid");
    }
    const totals = purchaseTotals(
      places.map((p) => p.price),
      delivery.fee,
    );
    // The key is stored before the acquirer is called: a repeat finds it, never charges anew.
    [payment] = await db
      .insert(payments)
      .values({
        processId: process.id,
        idempotencyKey: input.key,
        amount: totals.total,
        status: "PENDING",
        installments: input.installments,
        cardLast4: input.card.cNumero.slice(-4),
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    // Lost the race to a simultaneous request with the same key: follow that one.
    payment ??= await paymentByKey(db, input.key);
    if (!payment) throw businessError("PAYMENT_FAILED");
  }
  if (payment.processId !== process.id) throw businessError("IDEMPOTENCY_CONFLICT");
  // PENDING means a previous attempt did not finish: asking the acquirer again with the
  // same key is safe (it answers the first outcome and never charges twice).
  if (payment.status !== "PENDING") return storedOutcome(db, payment, input.language);

  let outcome: ChargeOutcome;
  try {
    // Outside any transaction: no lock is held while the card is being charged.
    outcome = await deps.payments.charge({
      idempotencyKey: payment.idempotencyKey,
      amount: payment.amount,
      installments: payment.installments,
      card: {
        number: input.card.cNumero,
        expiryMonth: input.card.nMesVencimiento,
        expiryYear: input.card.nAnioVencimiento,
        securityCode: input.card.cCodigoSeguridad,
        holder: input.card.cTitular,
        document: input.card.cDocumento,
      },
    });
  } catch (error) {
    console.error("payment provider error", error);
    throw businessError("PAYMENT_FAILED");
  }

  if (outcome.status !== "APPROVED") {
    await db
      .update(payments)
      .set({ status: outcome.status, declineReason: outcome.reason, cardLast4: outcome.last4 })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
    if (outcome.status === "DECLINED") {
      throw businessError("PAYMENT_DECLINED", declineMessage(input.language, outcome.reason));
    }
    throw businessError("PAYMENT_FAILED");
  }

  try {
    const completed = await completePurchase(deps, payment.id, outcome);
    invalidateShowCards(deps);
    return completed;
  } catch (error) {
    if (!(error instanceof PurchaseLost)) throw error;
    // Approved but the places are gone (cancelled, expired and retaken, or the cart changed
    // meanwhile): give the money back and say why.
    let refunded = true;
    try {
      await deps.payments.refund(outcome.reference);
    } catch (refundError) {
      refunded = false;
      console.error("refund failed", outcome.reference, refundError);
    }
    await db
      .update(payments)
      .set({
        status: refunded ? "REFUNDED" : "REFUND_FAILED",
        providerReference: outcome.reference,
        declineReason: error.code,
        cardLast4: outcome.last4,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
    throw businessError(error.code);
  }
}

/** One transaction: sell the still-held places, write order and tickets, close the process. */
async function completePurchase(
  deps: CommerceDeps,
  paymentId: number,
  outcome: Extract<ChargeOutcome, { status: "APPROVED" }>,
): Promise<{ orderId: number }> {
  // Read the clock again: the payment call may have taken a while.
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for("update");
    if (payment.status === "APPROVED") {
      // A simultaneous request with the same key completed it first.
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentId, payment.id));
      return { orderId: order.id };
    }
    if (payment.status !== "PENDING") {
      throw new PurchaseLost(lostReason(payment.declineReason));
    }
    const [process] = await tx
      .select()
      .from(purchaseProcesses)
      .where(eq(purchaseProcesses.id, payment.processId))
      .for("update");
    if (process.status === "PAID") throw new PurchaseLost("PROCESS_PAID");
    if (process.status === "CANCELLED") throw new PurchaseLost("PROCESS_CANCELLED");

    // Places still held by this process, even if the clock ran out during the payment
    // (nobody else took them); places someone else took after expiry are lost.
    const sold = await tx
      .update(positions)
      .set({ sold: true })
      .where(and(eq(positions.heldByProcessId, process.id), eq(positions.sold, false)))
      .returning({
        id: positions.id,
        sectorId: positions.sectorId,
        performanceId: positions.performanceId,
      });
    const priceRows =
      sold.length === 0
        ? []
        : await tx
            .select({ id: sectors.id, price: sectors.price })
            .from(sectors)
            .where(inArray(sectors.id, [...new Set(sold.map((s) => s.sectorId))]));
    const priceOf = new Map(priceRows.map((s) => [s.id, s.price]));
    const delivery = deliveryTypeById(process.deliveryTypeId);
    const totals = purchaseTotals(
      sold.map((s) => priceOf.get(s.sectorId) ?? 0),
      delivery?.fee ?? 0,
    );
    if (sold.length === 0 || !delivery || totals.total !== payment.amount) {
      throw new PurchaseLost(
        isPastDeadline(process.deadline, now) ? "PROCESS_EXPIRED" : "PAYMENT_FAILED",
      );
    }

    const [order] = await tx
      .insert(orders)
      .values({
        customerId: process.customerId,
        processId: process.id,
        paymentId: payment.id,
        ticketsTotal: totals.subtotal,
        deliveryFee: totals.deliveryFee,
        serviceCharge: totals.serviceCharge,
        total: totals.total,
        deliveryTypeId: delivery.id,
        status: "PAID",
        createdAt: now,
      })
      .returning({ id: orders.id });
    // Ticket ids are drawn first so each row is written once with its signed code.
    const ids = await tx.select({ id: sqlNextTicketId }).from(sqlSeries(sold.length));
    await tx.insert(tickets).values(
      sold.map((place, index) => ({
        id: ids[index].id,
        orderId: order.id,
        performanceId: place.performanceId,
        sectorId: place.sectorId,
        positionId: place.id,
        price: priceOf.get(place.sectorId) ?? 0,
        code: signTicketCode(deps.ticketSecret, ids[index].id),
      })),
    );
    await tx
      .update(purchaseProcesses)
      .set({ status: "PAID" })
      .where(eq(purchaseProcesses.id, process.id));
    await tx
      .update(payments)
      .set({ status: "APPROVED", providerReference: outcome.reference, cardLast4: outcome.last4 })
      .where(eq(payments.id, payment.id));
    return { orderId: order.id };
  });
}

const sqlNextTicketId = sql<number>`nextval(pg_get_serial_sequence('tickets', 'id'))`.mapWith(
  Number,
);
const sqlSeries = (count: number) => sql`generate_series(1, ${count})`;
