// Payments left PENDING by a fault between the acquirer and the database: reconciliation
// settles, refunds or closes them once, and a new charge for the process never pays twice.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chargeResponse } from "../contract/index.ts";
import { orders, payments, positions } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { createTestApi, readyToPay, type TestApi, testCard } from "../testing/harness.ts";
import type { ChargeInput, ChargeOutcome } from "./provider.ts";
import {
  NOT_RECEIVED,
  pendingPaymentAction,
  reconcilePendingPayments,
  startPaymentReconciler,
} from "./reconcile.ts";
import { SandboxAcquirer } from "./sandbox/sandbox.ts";

/** The real sandbox behind a connection the test can break, before or after it answers. */
class FaultyAcquirer extends SandboxAcquirer {
  readonly sandbox = this;
  calls = 0;
  /** "after": the acquirer decides, the answer is lost; "before": it never gets the request. */
  fault: "none" | "before" | "after" = "none";
  lookupFails = false;
  override async charge(input: ChargeInput): Promise<ChargeOutcome> {
    this.calls += 1;
    if (this.fault === "before") throw new Error("connection refused");
    const outcome = await super.charge(input);
    if (this.fault === "after") throw new Error("connection reset before the answer arrived");
    return outcome;
  }
  override async lookup(key: string) {
    if (this.lookupFails) throw new Error("acquirer unreachable");
    return super.lookup(key);
  }
}

let acquirer: FaultyAcquirer;
const api = setUpApiTests({
  customers: ["ana", "bob"],
  api: (db) => {
    acquirer = new FaultyAcquirer({ db });
    return { payments: acquirer };
  },
});
let t: TestApi;

beforeEach(() => {
  t = api.t;
  // The faults are logged on purpose; keep the test output readable.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const twoPlaces = () => ({
  idFuncion: api.fx.performances.main.id,
  listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 2 }],
});

function pay(processId: number, key: string, card = testCard(), token = api.tokens.ana) {
  return t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: key, nCuotas: 1, oTarjeta: card },
  });
}

/** A payment the acquirer decided (or never received) but the database still calls PENDING. */
async function leftPending(fault: "before" | "after", card = testCard()) {
  const processId = await readyToPay(t, api.tokens.ana, twoPlaces());
  acquirer.fault = fault;
  const { json } = await pay(processId, "first-key-0001", card);
  acquirer.fault = "none";
  expect(json.oData.cCodigo).toBe("PAYMENT_FAILED");
  const [payment] = await api.db.select().from(payments);
  expect(payment.status).toBe("PENDING");
  return { processId, payment };
}

const paymentRows = () => api.db.select().from(payments).orderBy(payments.id);

describe("pendingPaymentAction", () => {
  const createdAt = new Date("2031-03-10T15:00:00Z");
  const at = (seconds: number) => ({
    createdAt,
    now: new Date(createdAt.getTime() + seconds * 1000),
    graceMs: 120_000,
  });
  const approved = { status: "APPROVED", reference: "SBX-1", last4: "4242" } as const;
  const declined = { status: "DECLINED", reason: "insufficient_funds", last4: "0002" } as const;

  it("settles an approval and records a decline at any age", () => {
    expect(pendingPaymentAction(approved, at(1))).toEqual({ do: "settle", outcome: approved });
    expect(pendingPaymentAction(declined, at(1))).toEqual({ do: "record", outcome: declined });
  });

  it("waits for an unknown payment within the grace period, then calls it failed", () => {
    expect(pendingPaymentAction(null, at(119))).toEqual({ do: "wait" });
    expect(pendingPaymentAction(null, at(120))).toEqual({ do: "mark-failed" });
  });
});

describe("reconcilePendingPayments", () => {
  it("settles an approved payment once it is past the grace period, exactly once", async () => {
    const { processId } = await leftPending("after");
    expect(await acquirer.sandbox.charges()).toHaveLength(1);

    // Within the grace period it may still be in flight: left alone.
    t.clock.advanceMinutes(1);
    expect(await reconcilePendingPayments(t.deps)).toEqual([]);
    expect((await paymentRows())[0].status).toBe("PENDING");

    // Two API processes reconciling at the same moment settle it once.
    t.clock.advanceMinutes(2);
    const other = createTestApi(api.db, { clock: t.clock, payments: acquirer });
    const passes = await Promise.all([
      reconcilePendingPayments(t.deps),
      reconcilePendingPayments(other.deps),
    ]);
    const settled = passes.flat().filter((r) => r.kind === "settled");
    expect(settled.length).toBeGreaterThan(0);
    expect(await api.db.select().from(orders)).toHaveLength(1);
    expect(await paymentRows()).toEqual([expect.objectContaining({ status: "APPROVED" })]);
    expect(await acquirer.sandbox.charges()).toEqual([
      expect.objectContaining({ refunded: false }),
    ]);
    const view = await t.call(`/Proceso/${processId}`, { token: api.tokens.ana });
    expect(view.json.oData).toMatchObject({ cEstado: "PAID" });
    expect(await api.db.select().from(positions).where(eq(positions.sold, true))).toHaveLength(2);

    expect(await reconcilePendingPayments(t.deps)).toEqual([]);
  });

  it("refunds an approved payment whose places are gone", async () => {
    await leftPending("after");
    // Ana starts another purchase: her open one (and its places) is given up.
    await t.call("/Proceso/0/Posiciones/Tomar", {
      token: api.tokens.ana,
      body: { idFuncion: api.fx.performances.main.id, listaPosiciones: [api.fx.seatIds[0]] },
    });
    t.clock.advanceMinutes(3);
    expect(await reconcilePendingPayments(t.deps)).toEqual([
      { kind: "refunded", reason: "PROCESS_CANCELLED" },
    ]);
    expect(await acquirer.sandbox.charges()).toEqual([expect.objectContaining({ refunded: true })]);
    expect(await paymentRows()).toEqual([
      expect.objectContaining({ status: "REFUNDED", declineReason: "PROCESS_CANCELLED" }),
    ]);
    expect(await api.db.select().from(orders)).toHaveLength(0);
  });

  it("records a decline the answer of which was lost", async () => {
    await leftPending("after", testCard("4000000000000002"));
    t.clock.advanceMinutes(3);
    expect(await reconcilePendingPayments(t.deps)).toEqual([
      { kind: "unpaid", status: "DECLINED", reason: "insufficient_funds" },
    ]);
    expect(await paymentRows()).toEqual([
      expect.objectContaining({ status: "DECLINED", declineReason: "insufficient_funds" }),
    ]);
  });

  it("marks FAILED a payment the acquirer never received, once past the grace period", async () => {
    await leftPending("before");
    t.clock.advanceMinutes(3);
    expect(await reconcilePendingPayments(t.deps)).toEqual([
      { kind: "unpaid", status: "FAILED", reason: "not_received" },
    ]);
    expect(await paymentRows()).toEqual([
      expect.objectContaining({ status: "FAILED", declineReason: NOT_RECEIVED }),
    ]);
    expect(await acquirer.sandbox.charges()).toEqual([]);
  });

  it("leaves the payment PENDING while the acquirer cannot be asked", async () => {
    await leftPending("after");
    t.clock.advanceMinutes(3);
    acquirer.lookupFails = true;
    expect(await reconcilePendingPayments(t.deps)).toEqual([{ kind: "unreachable" }]);
    expect((await paymentRows())[0].status).toBe("PENDING");
    acquirer.lookupFails = false;
    expect(await reconcilePendingPayments(t.deps)).toEqual([
      expect.objectContaining({ kind: "settled" }),
    ]);
  });

  it("runs a pass before the reconciler starts, and stops", async () => {
    await leftPending("after");
    t.clock.advanceMinutes(3);
    const reconciler = await startPaymentReconciler(t.deps, { intervalMs: 60_000 });
    await reconciler.stop();
    expect(await paymentRows()).toEqual([expect.objectContaining({ status: "APPROVED" })]);
  });
});

describe("a new charge while an earlier payment of the process is PENDING", () => {
  it("answers the earlier payment's order when the acquirer approved it, without charging again", async () => {
    const { processId } = await leftPending("after");
    const retry = await pay(processId, "reload-key-0002");
    expect(retry.json.nCode).toBe(200);
    const [order] = await api.db.select().from(orders);
    expect(chargeResponse.parse(retry.json.oData).idPedido).toBe(order.id);
    expect(acquirer.calls).toBe(1);
    expect(await acquirer.sandbox.charges()).toEqual([
      expect.objectContaining({ idempotencyKey: "first-key-0001", refunded: false }),
    ]);
    expect(await paymentRows()).toEqual([expect.objectContaining({ status: "APPROVED" })]);
  });

  it("settles the earlier approved payment even when the clock ran out since, if the places are still held", async () => {
    const { processId } = await leftPending("after");
    t.clock.advanceMinutes(45);
    const retry = await pay(processId, "reload-key-0002");
    expect(retry.json).toMatchObject({ nCode: 200, oData: { idProcesoDeCompra: processId } });
    expect(await acquirer.sandbox.charges()).toHaveLength(1);
    expect(await paymentRows()).toEqual([expect.objectContaining({ status: "APPROVED" })]);
  });

  it("says the payment is in progress while the earlier one may be in flight, then goes ahead", async () => {
    const { processId } = await leftPending("before");
    const early = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: api.tokens.ana,
      language: "en",
      body: { cClaveIdempotencia: "reload-key-0002", oTarjeta: testCard() },
    });
    expect(early.json).toMatchObject({
      nCode: 409,
      cMensaje: expect.stringContaining("still being processed"),
      oData: { cCodigo: "PAYMENT_IN_PROGRESS" },
    });
    expect(acquirer.calls).toBe(1);

    // Past the grace period the earlier one was never received: a new attempt may charge.
    t.clock.advanceMinutes(3);
    const later = await pay(processId, "reload-key-0002");
    expect(later.json.nCode).toBe(200);
    expect((await paymentRows()).map((p) => p.status)).toEqual(["FAILED", "APPROVED"]);
    expect(await acquirer.sandbox.charges()).toHaveLength(1);
  });

  it("charges anew when the earlier one was declined", async () => {
    const { processId } = await leftPending("after", testCard("4000000000000002"));
    const retry = await pay(processId, "good-card-key-2");
    expect(retry.json.nCode).toBe(200);
    expect((await paymentRows()).map((p) => p.status)).toEqual(["DECLINED", "APPROVED"]);
    expect(await acquirer.sandbox.charges()).toHaveLength(1);
  });
});
