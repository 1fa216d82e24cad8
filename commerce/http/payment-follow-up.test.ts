// Payments that do not end at the charge, through the real sandbox acquirer: a 3-D Secure
// challenge answered on the bank's page (Bancard/Confirmar3DS, Cancelar3DS, Cobrar/Cancelar)
// and an issuer that decides later and notifies by a signed webhook (Pagos/Notificacion).
// Anchors: a return page and a notification racing, a replayed or forged notification.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { chargeResponse, paymentChangeResponse, purchaseProcessSchema } from "../contract/index.ts";
import { orders, payments } from "../db/schema.ts";
import { reconcilePendingPayments } from "../payments/reconcile.ts";
import { notificationSignatureHeader, SandboxAcquirer } from "../payments/sandbox/sandbox.ts";
import { sandboxIssuerPages } from "../payments/sandbox/sandbox-issuer-page.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, readyToPay, type TestApi, testCard } from "../testing/harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
/** The bank decides a minute after the charge; a test moves the sandbox's clock past it. */
let sandbox: SandboxAcquirer;
let bankMinutesAhead = 0;
const api = setUpApiTests({
  customers: ["alice", "bob"],
  api: (db) => {
    sandbox = new SandboxAcquirer({
      db,
      now: () => new Date(Date.now() + bankMinutesAhead * 60_000),
      decisionDelayMs: 60_000,
    });
    return { payments: sandbox };
  },
});
beforeEach(() => {
  bankMinutesAhead = 0;
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
});

const back = (processId: number) => `http://127.0.0.1:4180/bancard/finish3ds/${processId}`;
const twoPlaces = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
});

function pay(processId: number, cardNumber: string, key = `follow-${processId}-${cardNumber}`) {
  return t.call(`/Proceso/${processId}/Cobrar`, {
    token: alice,
    language: "en",
    body: {
      cClaveIdempotencia: key,
      nCuotas: 1,
      oTarjeta: testCard(cardNumber),
      cUrlRetorno: back(processId),
    },
  });
}

const processOf = async (processId: number, token = alice) =>
  purchaseProcessSchema.parse(
    (await t.call(`/Proceso/${processId}`, { token, language: "en" })).json.oData,
  );
const ordersOf = (processId: number) =>
  api.db.select().from(orders).where(eq(orders.processId, processId));

/** The bank's page, as the cardholder's browser would use it. */
const bankPage = () => sandboxIssuerPages(sandbox);
async function answerBank(challengeUrl: string, form: Record<string, string>) {
  const path = new URL(challengeUrl, "http://shop.test").pathname;
  return bankPage().request(path, { method: "POST", body: new URLSearchParams(form) });
}

/** The bank decides (its clock passes the decision) and notifies the API's webhook. */
async function deliverNotifications() {
  bankMinutesAhead = 2;
  const answers: Array<{ status: number; body: string; signature: string; json: unknown }> = [];
  await sandbox.notifyDue(async (body, signature) => {
    const { status, json } = await t.call("/Pagos/Notificacion", {
      body,
      headers: { [notificationSignatureHeader]: signature },
    });
    answers.push({ status, body, signature, json });
    return status === 200;
  });
  return answers;
}

describe("a 3-D Secure challenge", () => {
  it("sends the buyer to the bank; back with the right code, the places are sold once", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const charged = chargeResponse.parse((await pay(processId, "4000000000003220")).json.oData);
    expect(charged).toMatchObject({ cEstado: "DESAFIO_3DS", idPedido: null });
    const challengeUrl = charged.cUrlDesafio ?? "";
    expect(challengeUrl).toMatch(/^\/sandbox\/3ds\/[\w-]{20,}$/);
    expect((await processOf(processId)).oPago).toEqual({
      cEstado: "DESAFIO_3DS",
      cMotivo: null,
      cUrlDesafio: challengeUrl,
      cBilletera: null,
    });

    // The bank's page works without JavaScript: a form, then a 303 back to the shop.
    const page = await bankPage().request(new URL(challengeUrl, "http://shop.test").pathname, {
      headers: { "Accept-Language": "en" },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("ending in 3220");
    const answered = await answerBank(challengeUrl, { code: "1234", decision: "authenticate" });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("Location")).toBe(back(processId));

    // The return page and a reconciliation pass race: one order.
    const [confirmed] = await Promise.all([
      t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, { token: alice, method: "POST" }),
      reconcilePendingPayments({ ...t.deps, pendingPaymentGraceMs: 0 }),
    ]);
    expect(chargeResponse.parse(confirmed.json.oData).cEstado).toBe("APROBADO");
    expect(await ordersOf(processId)).toHaveLength(1);
    const again = await t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, {
      token: alice,
      method: "POST",
    });
    expect(chargeResponse.parse(again.json.oData).idPedido).toBe(
      chargeResponse.parse(confirmed.json.oData).idPedido,
    );
    expect((await sandbox.charges()).filter((c) => !c.refunded)).toHaveLength(1);
  });

  it("declines a wrong code, and the buyer may pay again with another card", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const charged = chargeResponse.parse((await pay(processId, "4000000000003220")).json.oData);
    await answerBank(charged.cUrlDesafio ?? "", { code: "9999", decision: "authenticate" });
    const confirmed = await t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, {
      token: alice,
      method: "POST",
      language: "en",
    });
    expect(confirmed.json).toMatchObject({
      nCode: 402,
      cMensaje: "Payment failed: the bank could not confirm it was you (3-D Secure)",
    });
    expect((await processOf(processId)).oPago?.cEstado).toBe("RECHAZADO");
    const paid = chargeResponse.parse((await pay(processId, "4242424242424242")).json.oData);
    expect(paid.cEstado).toBe("APROBADO");
  });

  it("is called off by the buyer (no money moves), and paying again calls off a forgotten one", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    await pay(processId, "4000000000003220", "first-challenge-key");
    const cancelled = await t.call(`/Proceso/${processId}/Bancard/Cancelar3DS`, {
      token: alice,
      method: "POST",
    });
    expect(chargeResponse.parse(cancelled.json.oData).cEstado).toBe("CANCELADO");
    expect((await processOf(processId)).oPago?.cEstado).toBe("CANCELADO");

    // A second challenge left open: paying with another card calls it off first.
    await pay(processId, "4000000000003220", "second-challenge-key");
    const paid = chargeResponse.parse((await pay(processId, "5555555555554444")).json.oData);
    expect(paid.cEstado).toBe("APROBADO");
    const statuses = await api.db
      .select({ status: payments.status, reason: payments.declineReason })
      .from(payments)
      .where(eq(payments.processId, processId))
      .orderBy(payments.id);
    expect(statuses).toEqual([
      { status: "DECLINED", reason: "authentication_cancelled" },
      { status: "DECLINED", reason: "authentication_cancelled" },
      { status: "APPROVED", reason: null },
    ]);
    expect(await sandbox.charges()).toHaveLength(1);
  });

  it("is the owner's only", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    await pay(processId, "4000000000003220");
    for (const path of ["Bancard/Confirmar3DS", "Bancard/Cancelar3DS", "Cobrar/Cancelar"]) {
      const bobs = await t.call(`/Proceso/${processId}/${path}`, { token: bob, method: "POST" });
      expect(bobs.status, path).toBe(404);
    }
    expect((await processOf(processId)).oPago?.cEstado).toBe("DESAFIO_3DS");
  });
});

describe("a payment the bank decides later", () => {
  it("is PENDIENTE, then its signed notification sells the places", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const charged = chargeResponse.parse((await pay(processId, "4000000000000077")).json.oData);
    expect(charged.cEstado).toBe("PENDIENTE");
    expect((await processOf(processId)).oPago?.cEstado).toBe("VERIFICANDO");
    // Paying again meanwhile is refused: the bank has the first one.
    const again = await pay(processId, "4242424242424242");
    expect(again.json.oData.cCodigo).toBe("PAYMENT_IN_PROGRESS");
    const cancel = await t.call(`/Proceso/${processId}/Cobrar/Cancelar`, {
      token: alice,
      method: "POST",
    });
    expect(cancel.json.oData.cCodigo).toBe("PAYMENT_IN_PROGRESS");

    const [delivered] = await deliverNotifications();
    expect(delivered).toMatchObject({ status: 200, json: { oData: { lProcesada: true } } });
    const view = await processOf(processId);
    expect(view.cEstado).toBe("PAID");
    expect(view.oPago?.cEstado).toBe("APROBADO");
    expect(await ordersOf(processId)).toHaveLength(1);

    // Replayed: known by its id, nothing changes.
    const replay = await t.call("/Pagos/Notificacion", {
      body: delivered.body,
      headers: { [notificationSignatureHeader]: delivered.signature },
    });
    expect(replay.json.oData).toEqual({ lProcesada: false });
    expect(await ordersOf(processId)).toHaveLength(1);
  });

  it("rejected later: the notification records the decline and the buyer may pay again", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    await pay(processId, "4000000000000093");
    await deliverNotifications();
    const view = await processOf(processId);
    expect(view.oPago).toMatchObject({
      cEstado: "RECHAZADO",
      cMotivo: "the card issuer rejected the payment after reviewing it",
    });
    expect(view.cEstado).toBe("ACTIVE");
    expect(
      chargeResponse.parse((await pay(processId, "4242424242424242")).json.oData).cEstado,
    ).toBe("APROBADO");
  });

  it("a forged or altered notification is a 401 and changes nothing", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    await pay(processId, "4000000000000077");
    const [key] = (await api.db.select().from(payments)).map((p) => p.idempotencyKey);
    const body = JSON.stringify({ id: "ntf-forged", idempotencyKey: key });
    const forged = await t.call("/Pagos/Notificacion", {
      body,
      headers: {
        [notificationSignatureHeader]: `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`,
      },
    });
    expect(forged.status).toBe(401);
    const unsigned = await t.call("/Pagos/Notificacion", { body });
    expect(unsigned.status).toBe(401);
    expect((await processOf(processId)).oPago?.cEstado).toBe("VERIFICANDO");
    expect(await ordersOf(processId)).toHaveLength(0);
  });

  it("a notification and the reconciliation racing settle it once", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    await pay(processId, "4000000000000077");
    await Promise.all([
      deliverNotifications(),
      reconcilePendingPayments({ ...t.deps, pendingPaymentGraceMs: 0 }),
      t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, { token: alice, method: "POST" }),
    ]);
    expect(await ordersOf(processId)).toHaveLength(1);
    expect((await sandbox.charges()).filter((c) => c.refunded)).toHaveLength(0);
  });
});

describe("payment change (operacion/cambio)", () => {
  const change = (processId: number, token = alice) =>
    t.call(`/operacion/cambio/pago/${processId}`, { token, language: "en" });
  const payAgain = (processId: number, cardNumber: string, token = alice) =>
    t.call(`/operacion/cambio/${processId}/pagar`, {
      token,
      body: {
        cClaveIdempotencia: `again-${processId}-${cardNumber}`,
        nFormaDePago: 1,
        nCuotas: 1,
        oTarjeta: testCard(cardNumber),
      },
    });

  it("pays again a purchase whose payment the bank rejected, and not one it is deciding", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    await pay(processId, "4000000000000093");
    const deciding = paymentChangeResponse.parse((await change(processId)).json.oData);
    expect(deciding).toMatchObject({
      lPuedePagar: false,
      oProceso: { oPago: { cEstado: "VERIFICANDO" } },
    });
    expect((await payAgain(processId, "4242424242424242")).json.oData.cCodigo).toBe(
      "PAYMENT_IN_PROGRESS",
    );

    await deliverNotifications();
    const rejected = paymentChangeResponse.parse((await change(processId)).json.oData);
    expect(rejected).toMatchObject({
      lPuedePagar: true,
      oProceso: { oPago: { cEstado: "RECHAZADO" } },
    });
    const paid = chargeResponse.parse((await payAgain(processId, "4242424242424242")).json.oData);
    expect(paid.cEstado).toBe("APROBADO");
    const after = paymentChangeResponse.parse((await change(processId)).json.oData);
    expect(after).toMatchObject({ lPuedePagar: false, oProceso: { cEstado: "PAID" } });
  });

  it("is the owner's only", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    expect((await change(processId, bob)).status).toBe(404);
    expect((await payAgain(processId, "4242424242424242", bob)).status).toBe(404);
    expect(await ordersOf(processId)).toHaveLength(0);
  });
});
