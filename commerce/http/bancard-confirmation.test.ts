// Bancard's confirmation when it never comes, comes twice, comes after the process expired,
// or is forged; a declined card paid again; another customer's process (issue 32). Through
// the API and Bancard's stand-in over HTTP (testing/hosted-harness.ts): the card is typed on
// the stand-in's page, its test cards choose the fault (bancard/stand-in-cards.ts).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { acquirerFormResponse } from "../contract/index.ts";
import { acquirerNotifications, orders, payments, tickets } from "../db/schema.ts";
import { reconcilePendingPayments } from "../payments/reconcile.ts";

import { type Fixture, readyToPay, type TestApi } from "../testing/harness.ts";
import { type HostedTestProviders, setUpHostedApiTests } from "../testing/hosted-harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
let hosted: HostedTestProviders;
const api = setUpHostedApiTests({ customers: ["alice", "bob"] });
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
  hosted = api.hosted;
});

const shop = "http://127.0.0.1:4200";
const cards = {
  approved: "4242424242424242",
  insufficientFunds: "4000000000000002",
  late: "4000000000000077",
  never: "4000000000000135",
  twice: "4000000000000143",
};
const aSeat = () => ({ idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] });

async function openForm(processId: number, key: string, token = alice) {
  const opened = await t.call(`/Proceso/${processId}/card/BancardiFrame`, {
    token,
    headers: { "Idempotency-Key": key },
    body: {
      cUrlRetorno: `${shop}/bancard/finish/${processId}`,
      cUrlCancelacion: `${shop}/BuyTicket/${processId}`,
    },
  });
  if (opened.json.nCode !== 200) throw new Error(JSON.stringify(opened.json));
  return acquirerFormResponse.parse(opened.json.oData);
}

/** The buyer types the card on the stand-in's page (without script); it answers a redirect. */
function payOnForm(
  form: { cUrlPagina: string | null; cProcesoAdquirente: string | null },
  number: string,
) {
  return fetch(new URL("/checkout/new/pay", form.cUrlPagina ?? ""), {
    method: "POST",
    body: new URLSearchParams({
      process_id: form.cProcesoAdquirente ?? "",
      number,
      expiry: "12/39",
      cvv: "123",
      installments: "1",
    }),
    redirect: "manual",
  });
}

const buyerReturns = (processId: number, token = alice, language = "en") =>
  t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, { token, method: "POST", language });

/** A confirmation as Bancard posts it, to the API in-process. */
const confirm = (body: string) => t.request("/bancard/confirmacion", { method: "POST", body });

const ordersOf = (processId: number) =>
  t.deps.db.select().from(orders).where(eq(orders.processId, processId));
const paymentsOf = (processId: number) =>
  t.deps.db.select().from(payments).where(eq(payments.processId, processId));
const processState = async (processId: number, token = alice) =>
  (await t.call(`/Proceso/${processId}`, { token })).json.oData?.cEstado as string;

describe("a confirmation that never comes", () => {
  it("the return says verifying before Bancard has one, then asks get_confirmation and settles", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "never-return-1");
    // Back before paying (or before Bancard has it): verifying, never approved.
    const early = await buyerReturns(processId);
    expect(early.json.oData).toMatchObject({ cEstado: "PENDIENTE", idPedido: null });
    t.clock.advanceMinutes(3);
    await reconcilePendingPayments(t.deps);
    expect((await paymentsOf(processId))[0].status).toBe("PENDING");

    await payOnForm(form, cards.never);
    expect(hosted.bancardConfirmations.received).toHaveLength(0);
    const back = await buyerReturns(processId);
    expect(back.json.oData).toMatchObject({ cEstado: "APROBADO" });
    const [order] = await ordersOf(processId);
    expect(back.json.oData.idPedido).toBe(order.id);
    // A reconciliation pass after it finds nothing more to do.
    await reconcilePendingPayments(t.deps);
    expect(await ordersOf(processId)).toHaveLength(1);
  });

  it("a reconciliation pass asks get_confirmation and settles; the return then finds the order", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "never-reconcile-1");
    await payOnForm(form, cards.never);
    expect(await processState(processId)).toBe("ACTIVE");
    t.clock.advanceMinutes(3);
    const resolutions = await reconcilePendingPayments(t.deps);
    expect(resolutions).toEqual([{ kind: "settled", orderId: expect.any(Number) }]);
    expect(await processState(processId)).toBe("PAID");
    const [order] = await ordersOf(processId);
    const back = await buyerReturns(processId);
    expect(back.json.oData).toMatchObject({ cEstado: "APROBADO", idPedido: order.id });
  });

  it("a new key after paying the first form settles that payment instead of opening another", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    await payOnForm(await openForm(processId, "never-again-1"), cards.never);
    const again = await t.call(`/Proceso/${processId}/card/BancardiFrame`, {
      token: alice,
      headers: { "Idempotency-Key": "never-again-2" },
      body: { cUrlRetorno: `${shop}/bancard/finish/${processId}`, cUrlCancelacion: `${shop}/` },
    });
    const [order] = await ordersOf(processId);
    expect(again.json.oData).toMatchObject({ cEstado: "APROBADO", idPedido: order.id });
    expect(await paymentsOf(processId)).toHaveLength(1);
  });
});

describe("a form the buyer left", () => {
  it("is called off (rolled back) by a reconciliation pass once its purchase could no longer last", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "abandoned-1");
    // Within the purchase's time (30 minutes, 10 more once) the buyer may still pay there.
    t.clock.advanceMinutes(39);
    await reconcilePendingPayments(t.deps);
    expect((await paymentsOf(processId))[0]).toMatchObject({ status: "PENDING" });
    t.clock.advanceMinutes(4);
    const resolutions = await reconcilePendingPayments(t.deps);
    expect(resolutions).toEqual([expect.objectContaining({ kind: "unpaid", status: "DECLINED" })]);
    expect((await paymentsOf(processId))[0]).toMatchObject({ status: "DECLINED" });
    // Bancard's process is gone: paying on the old form is refused, nothing is charged.
    expect((await payOnForm(form, cards.approved)).status).toBeGreaterThanOrEqual(400);
    expect(await ordersOf(processId)).toHaveLength(0);
  });
});

describe("a confirmation that comes twice", () => {
  it("makes one order; each is answered 200 success and the repeat changes nothing", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "twice-key-1");
    await payOnForm(form, cards.twice);
    const received = hosted.bancardConfirmations.received;
    expect(received).toHaveLength(2);
    for (const { status, answer } of received) {
      expect(status).toBe(200);
      expect(JSON.parse(answer ?? "")).toEqual({ status: "success" });
    }
    expect(await ordersOf(processId)).toHaveLength(1);
    // Replayed later (a retry, or someone who saw it): still 200, still one order and one id.
    const replayed = await confirm(received[0].body);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({ status: "success" });
    expect(await ordersOf(processId)).toHaveLength(1);
    expect(await t.deps.db.select().from(acquirerNotifications)).toHaveLength(1);
    expect((await buyerReturns(processId)).json.oData).toMatchObject({ cEstado: "APROBADO" });
  });
});

describe("a confirmation that comes after the process expired", () => {
  it("is honoured when nobody took the places meanwhile", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "late-held-1");
    t.clock.advanceMinutes(45);
    await payOnForm(form, cards.late);
    // Bancard's late confirmation settles it; the buyer's return finds the order.
    await expect
      .poll(() => hosted.bancardConfirmations.received[0]?.status ?? null, { timeout: 15_000 })
      .toBe(200);
    const [order] = await ordersOf(processId);
    expect(order).toBeDefined();
    expect((await buyerReturns(processId)).json.oData).toMatchObject({
      cEstado: "APROBADO",
      idPedido: order.id,
    });
    expect(await t.deps.db.select().from(tickets)).toHaveLength(1);
  });

  it("is rolled back when another buyer took the places, and the buyer is told why", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "late-lost-1");
    t.clock.advanceMinutes(45);
    const taken = await t.call("/Proceso/0/Posiciones/Tomar", { token: bob, body: aSeat() });
    expect(taken.json.nCode).toBe(200);
    hosted.bancardConfirmations.hold = true;
    await payOnForm(form, cards.approved);

    // The return comes first: approved at Bancard, the seat gone, so the money goes back.
    const back = await buyerReturns(processId);
    expect(back.json).toMatchObject({ nCode: 410, oData: { cCodigo: "PROCESS_EXPIRED" } });
    const [payment] = await paymentsOf(processId);
    expect(payment.status).toBe("REFUNDED");
    // Bancard rolled it back: its confirmation is gone.
    expect(await hosted.bancard.lookup(payment)).toMatchObject({ status: "DECLINED" });
    // The confirmation, delivered after all, changes nothing.
    const late = await confirm(hosted.bancardConfirmations.received[0].body);
    expect(late.status).toBe(200);
    expect(await ordersOf(processId)).toHaveLength(0);
    expect((await paymentsOf(processId))[0].status).toBe("REFUNDED");
    const view = await t.call(`/Proceso/${processId}`, { token: alice, language: "en" });
    expect(view.json.oData.oPago).toMatchObject({ cEstado: "DEVUELTO" });
  });
});

describe("a forged or altered confirmation", () => {
  it("is a 401 and changes nothing; Bancard's empty monitoring ping is answered 200", async () => {
    // A genuine confirmation of one payment, to alter.
    const paidId = await readyToPay(t, alice, aSeat());
    await payOnForm(await openForm(paidId, "forged-genuine-1"), cards.approved);
    const genuine = hosted.bancardConfirmations.received[0].body;
    const { operation } = JSON.parse(genuine);
    // Another payment Bancard approved but whose confirmation never came: a forged
    // confirmation accepted for it would settle it now.
    const otherId = await readyToPay(t, bob, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[1]],
    });
    await payOnForm(await openForm(otherId, "forged-target-1", bob), cards.never);
    const [target] = await paymentsOf(otherId);
    const altered = (change: Record<string, unknown>) =>
      JSON.stringify({ operation: { ...operation, ...change } });

    const forged = [
      altered({ shop_process_id: target.id }),
      altered({ token: "0".repeat(32) }),
      altered({ amount: "1.00" }),
      altered({ shop_process_id: 999_999 }),
      altered({ currency: "USD" }),
      "{not json",
      JSON.stringify({ operation: "x" }),
    ];
    for (const body of forged) {
      const answer = await confirm(body);
      expect(answer.status, body).toBe(401);
      expect(await answer.text()).not.toContain(String(target.id));
    }
    const ping = await confirm("");
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ status: "success" });

    expect((await paymentsOf(otherId))[0].status).toBe("PENDING");
    expect(await ordersOf(otherId)).toHaveLength(0);
    expect(await t.deps.db.select().from(acquirerNotifications)).toHaveLength(1);
  });

  it("signed by Bancard for a payment the shop does not know: answered success, nothing changes", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    await openForm(processId, "unknown-mine-1");
    // A process opened on Bancard for a shop_process_id no payment of the shop has.
    const stray = await hosted.bancard.start({
      payment: { id: 999_999, idempotencyKey: "not-ours", providerReference: null, amount: 5000 },
      description: "stray",
      returnUrl: `${shop}/bancard/finish/0`,
      cancelUrl: `${shop}/`,
      language: "es",
    });
    await payOnForm(
      { cUrlPagina: stray.redirectUrl, cProcesoAdquirente: stray.providerReference },
      cards.approved,
    );
    const [seen] = hosted.bancardConfirmations.received;
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.answer ?? "")).toEqual({ status: "success" });
    expect(await t.deps.db.select().from(orders)).toHaveLength(0);
    expect((await paymentsOf(processId)).map((p) => p.status)).toEqual(["PENDING"]);
  });
});

describe("a declined card", () => {
  it("answers PAYMENT_DECLINED with the reason, keeps the process open, and may be paid again", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const first = await openForm(processId, "declined-1");
    await payOnForm(first, cards.insufficientFunds);
    const back = await buyerReturns(processId);
    expect(back.json).toMatchObject({
      nCode: 402,
      cMensaje: "Payment failed: insufficient funds",
      oData: { cCodigo: "PAYMENT_DECLINED" },
    });
    expect(await processState(processId)).toBe("ACTIVE");

    const second = await openForm(processId, "declined-2");
    expect(second.cProcesoAdquirente).not.toBe(first.cProcesoAdquirente);
    await payOnForm(second, cards.approved);
    expect((await buyerReturns(processId)).json.oData).toMatchObject({ cEstado: "APROBADO" });
    expect(await ordersOf(processId)).toHaveLength(1);
  });

  it("a new key while the first form is still open rolls that Bancard process back", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const first = await openForm(processId, "abandoned-1");
    const second = await openForm(processId, "abandoned-2");
    expect(second.cProcesoAdquirente).not.toBe(first.cProcesoAdquirente);
    const [old] = (await paymentsOf(processId)).filter((p) => p.idempotencyKey === "abandoned-1");
    expect(old.status).toBe("DECLINED");
    // The old form takes no card any more: it cannot be paid alongside the new one.
    expect((await payOnForm(first, cards.approved)).status).toBe(404);
    await payOnForm(second, cards.approved);
    expect((await buyerReturns(processId)).json.oData).toMatchObject({ cEstado: "APROBADO" });
    expect(await ordersOf(processId)).toHaveLength(1);
  });
});

describe("another customer", () => {
  it("can neither read, open, nor confirm someone else's process", async () => {
    const processId = await readyToPay(t, alice, aSeat());
    const form = await openForm(processId, "others-1");
    await payOnForm(form, cards.never);
    expect((await t.call(`/Proceso/${processId}`, { token: bob })).json.nCode).toBe(404);
    expect((await buyerReturns(processId, bob)).json.nCode).toBe(404);
    const opened = await t.call(`/Proceso/${processId}/card/BancardiFrame`, {
      token: bob,
      headers: { "Idempotency-Key": "others-2" },
      body: { cUrlRetorno: `${shop}/x`, cUrlCancelacion: `${shop}/y` },
    });
    expect(opened.json.nCode).toBe(404);
    // Nothing of it was settled by those calls.
    expect(await ordersOf(processId)).toHaveLength(0);
    expect(await processState(processId)).toBe("ACTIVE");
  });
});
