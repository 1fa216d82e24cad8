// The wallet (Apay, Tigo Money) through the real sandbox wallet and its hosted page: Cobrar2,
// Billetera/Confirmar and the wallet's signed notification (the rest of the second payment
// calls: payments-v2.test.ts). Anchors: a double submit opens one payment; the return page
// and the notification racing settle once; a replayed or forged notification changes nothing;
// a payment approved after the process expired is honoured while its places are free, else
// given back.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { charge2Response, purchaseProcessSchema } from "../contract/index.ts";
import { orders, payments } from "../db/schema.ts";
import { notificationSignatureHeader } from "../payments/sandbox/sandbox.ts";
import { signNotification } from "../payments/sandbox/sandbox-signature.ts";
import { SandboxWallet, walletSignatureHeader } from "../payments/sandbox-wallet/sandbox-wallet.ts";
import { sandboxWalletPages } from "../payments/sandbox-wallet/sandbox-wallet-page.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, readyToPay, type TestApi } from "../testing/harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
/** "Decide later" waits a minute; a test moves the wallet's clock past it. */
let wallet: SandboxWallet;
let walletMinutesAhead = 0;
const api = setUpApiTests({
  customers: ["alice", "bob"],
  api: (db) => {
    wallet = new SandboxWallet({
      db,
      now: () => new Date(Date.now() + walletMinutesAhead * 60_000),
      decisionDelayMs: 60_000,
    });
    return { wallet };
  },
});
beforeEach(() => {
  walletMinutesAhead = 0;
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
});

const APAY = 3;
const TIGO_MONEY = 4;
const back = (processId: number) =>
  `http://127.0.0.1:4200/apay/cobro/finalizar?idProcesoDeCompra=${processId}`;
const twoPlaces = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
});

async function readyForWallet(
  token: string,
  take: Parameters<typeof readyToPay>[2] = twoPlaces(),
  method = APAY,
) {
  const processId = await readyToPay(t, token, take);
  await t.call(`/Proceso/${processId}/FormaDePago/Seleccionar`, {
    token,
    body: { nFormaDePago: method },
  });
  return processId;
}

function payWallet(processId: number, key = `wallet-${processId}`, token = alice) {
  return t.call(`/Proceso/${processId}/Cobrar2`, {
    token,
    language: "en",
    body: { cTipo: "BILLETERA", cClaveIdempotencia: key, cUrlRetorno: back(processId) },
  });
}

async function redirectOf(processId: number, key?: string) {
  const answer = charge2Response.parse((await payWallet(processId, key)).json.oData);
  expect(answer.cEstado).toBe("REDIRECCION_BILLETERA");
  return answer.cUrlRedireccion ?? "";
}

const confirm = (processId: number, token = alice) =>
  t.call(`/Proceso/${processId}/Billetera/Confirmar`, { token, method: "POST", language: "en" });

const processOf = async (processId: number) =>
  purchaseProcessSchema.parse(
    (await t.call(`/Proceso/${processId}`, { token: alice, language: "en" })).json.oData,
  );
const ordersOf = (processId: number) =>
  api.db.select().from(orders).where(eq(orders.processId, processId));

/** The wallet's page, as the payer's browser uses it (a form posted, then a 303). */
async function choose(pageUrl: string, choice: string) {
  const path = new URL(pageUrl, "http://shop.test").pathname;
  return sandboxWalletPages(wallet).request(path, {
    method: "POST",
    body: new URLSearchParams({ choice }),
  });
}

const notify = (body: string, signature: string) =>
  t.call("/Billetera/Notificacion", { body, headers: { [walletSignatureHeader]: signature } });

/** The wallet sends what it owes (its clock past any "later"); each answer is kept. */
async function deliverNotifications() {
  walletMinutesAhead = 2;
  const sent: Array<{ status: number; body: string; signature: string; processed: unknown }> = [];
  await wallet.notifyDue(async (body, signature) => {
    const { status, json } = await notify(body, signature);
    sent.push({ status, body, signature, processed: json.oData?.lProcesada });
    return status === 200;
  });
  return sent;
}

describe("a wallet payment", () => {
  it("sends the payer to the wallet's page; a double submit opens one payment", async () => {
    const processId = await readyForWallet(alice);
    const [first, second] = await Promise.all([
      payWallet(processId, "double-submit-key"),
      payWallet(processId, "double-submit-key"),
    ]);
    const one = charge2Response.parse(first.json.oData);
    expect(one).toMatchObject({ cEstado: "REDIRECCION_BILLETERA", idPedido: null });
    expect(one.cUrlRedireccion).toMatch(/^\/sandbox\/wallet\/[\w-]{20,}$/);
    expect(charge2Response.parse(second.json.oData)).toEqual(one);
    expect(await api.db.select().from(payments)).toHaveLength(1);
    expect((await processOf(processId)).oPago?.cEstado).toBe("DESAFIO_3DS");

    // The wallet's page works without JavaScript: a form of four buttons.
    const page = await sandboxWalletPages(wallet).request(one.cUrlRedireccion ?? "", {
      headers: { "Accept-Language": "en" },
    });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("<h1>Apay: pay (test)</h1>");
    expect(text).toContain('<form method="post">');
    expect(text.match(/<button type="submit" name="choice"/g)).toHaveLength(4);
    // An online purchase, not one at the box office.
    const es = await (
      await sandboxWalletPages(wallet).request(one.cUrlRedireccion ?? "", {
        headers: { "Accept-Language": "es" },
      })
    ).text();
    expect(es).toMatch(/Compra en línea por \$\s?[\d.]+ en la tienda de entradas de la ciudad\./);
    expect(es).not.toContain("boletería");
  });

  it("is approved on the page; the return page and the notification racing sell the places once", async () => {
    const processId = await readyForWallet(alice);
    const pageUrl = await redirectOf(processId);
    const answered = await choose(pageUrl, "approve");
    expect(answered.status).toBe(303);
    expect(answered.headers.get("Location")).toBe(back(processId));

    const [returned, notified] = await Promise.all([confirm(processId), deliverNotifications()]);
    const order = charge2Response.parse(returned.json.oData);
    expect(order.cEstado).toBe("APROBADO");
    expect(notified).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await ordersOf(processId)).toEqual([expect.objectContaining({ id: order.idPedido })]);
    const again = charge2Response.parse((await confirm(processId)).json.oData);
    expect(again.idPedido).toBe(order.idPedido);
    // The same key again answers the order; nothing is paid twice.
    const repeated = charge2Response.parse((await payWallet(processId)).json.oData);
    expect(repeated).toMatchObject({ cEstado: "APROBADO", idPedido: order.idPedido });
    expect(await wallet.approved()).toEqual([expect.objectContaining({ refunded: false })]);
    expect((await processOf(processId)).cEstado).toBe("PAID");
    // My orders names the wallet the payment was made with.
    const history = await t.call("/Historial2", { token: alice, language: "en" });
    expect(history.json.oData.Lista[0].cMedioDePago).toBe("WALLET");
    expect(history.json.oData.Lista[0].listaPagos).toEqual([
      expect.objectContaining({
        cEstado: "APROBADO",
        cBilletera: "Apay (wallet)",
        cUltimos4: null,
      }),
    ]);

    // Its answered page is gone: a second answer changes nothing.
    expect((await choose(pageUrl, "cancel")).status).toBe(404);
  });

  it("changes nothing for a replayed or forged notification", async () => {
    const processId = await readyForWallet(alice);
    await choose(await redirectOf(processId), "later");
    const [delivered] = await deliverNotifications();
    expect(delivered).toMatchObject({ status: 200, processed: true });
    const [order] = await ordersOf(processId);
    expect(order).toBeDefined();

    // The same notification again: known by its id.
    const replayed = await notify(delivered.body, delivered.signature);
    expect(replayed.json.oData).toEqual({ lProcesada: false });

    // Forged: another secret, a changed body, no signature, or the acquirer's header.
    const other = await readyForWallet(alice, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    });
    await choose(await redirectOf(other), "later");
    walletMinutesAhead = 2;
    const body = JSON.stringify({ id: "forged-1", idempotencyKey: `wallet-${other}` });
    const now = new Date(Date.now() + 2 * 60_000);
    const forged = [
      await notify(body, signNotification("not-the-wallets-secret", body, now)),
      await notify(body.replace("forged-1", "forged-2"), delivered.signature),
      await t.call("/Billetera/Notificacion", { body }),
    ];
    for (const answer of forged) expect(answer.status).toBe(401);
    // Signed as the card acquirer signs, at the acquirer's webhook: a wallet payment is not its.
    const viaAcquirer = await t.call("/Pagos/Notificacion", {
      body,
      headers: {
        [notificationSignatureHeader]: signNotification(
          "sandbox-notifications-for-development-only",
          body,
          new Date(),
        ),
      },
    });
    expect(viaAcquirer.json.oData).toEqual({ lProcesada: false });
    expect(await ordersOf(other)).toEqual([]);
    expect((await processOf(other)).cEstado).toBe("ACTIVE");
  });

  it("is called off on the wallet's page; the buyer may pay again", async () => {
    const processId = await readyForWallet(alice);
    await choose(await redirectOf(processId, "cancelled-key"), "cancel");
    const returned = await confirm(processId);
    expect(returned.json.nCode).toBe(402);
    expect(returned.json.cMensaje).toBe("Payment failed: the wallet payment was cancelled");
    expect((await processOf(processId)).oPago?.cEstado).toBe("CANCELADO");
    expect(await ordersOf(processId)).toEqual([]);

    await choose(await redirectOf(processId, "second-key"), "approve");
    expect(charge2Response.parse((await confirm(processId)).json.oData).cEstado).toBe("APROBADO");
    expect(await wallet.approved()).toHaveLength(1);
  });

  it("is declined for insufficient balance", async () => {
    const processId = await readyForWallet(alice, twoPlaces(), TIGO_MONEY);
    await choose(await redirectOf(processId), "insufficient");
    const returned = await confirm(processId);
    expect(returned.json).toMatchObject({
      nCode: 402,
      cMensaje: "Payment failed: insufficient funds",
    });
    expect((await processOf(processId)).oPago).toMatchObject({
      cEstado: "RECHAZADO",
      cMotivo: "insufficient funds",
    });
  });

  it("left to decide later is pending, refuses another payment meanwhile, then is notified", async () => {
    const processId = await readyForWallet(alice);
    await choose(await redirectOf(processId), "later");
    expect(charge2Response.parse((await confirm(processId)).json.oData).cEstado).toBe("PENDIENTE");
    expect((await processOf(processId)).oPago?.cEstado).toBe("VERIFICANDO");
    const another = await payWallet(processId, "another-key");
    expect(another.json.oData.cCodigo).toBe("PAYMENT_IN_PROGRESS");
    const cancel = await t.call(`/Proceso/${processId}/Cobrar/Cancelar`, {
      token: alice,
      method: "POST",
    });
    expect(cancel.json.oData.cCodigo).toBe("PAYMENT_IN_PROGRESS");

    expect(await deliverNotifications()).toEqual([
      expect.objectContaining({ status: 200, processed: true }),
    ]);
    expect(await ordersOf(processId)).toHaveLength(1);
    expect(charge2Response.parse((await confirm(processId)).json.oData).cEstado).toBe("APROBADO");
  });

  it("approved after the process expired is honoured while its places are still free", async () => {
    const processId = await readyForWallet(alice);
    await choose(await redirectOf(processId), "later");
    t.clock.advanceMinutes(31);
    await deliverNotifications();
    expect(await ordersOf(processId)).toHaveLength(1);
    expect(await wallet.approved()).toEqual([expect.objectContaining({ refunded: false })]);
  });

  it("approved after the process expired and its places were taken is given back", async () => {
    const seat = { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] };
    const processId = await readyForWallet(alice, seat);
    await choose(await redirectOf(processId), "later");
    t.clock.advanceMinutes(31);
    const bobs = await t.call("/Proceso/0/Posiciones/Tomar", { token: bob, body: seat });
    expect(bobs.json.nCode).toBe(200);
    await deliverNotifications();
    expect(await ordersOf(processId)).toEqual([]);
    expect(await wallet.approved()).toEqual([expect.objectContaining({ refunded: true })]);
    expect((await processOf(processId)).oPago?.cEstado).toBe("DEVUELTO");
    const [payment] = await api.db.select().from(payments);
    expect(payment).toMatchObject({ status: "REFUNDED", declineReason: "PROCESS_EXPIRED" });
  });

  it("needs a wallet method chosen, and its hosted page refuses unknown pages and answers", async () => {
    const processId = await readyToPay(t, alice, twoPlaces()); // credit card chosen
    const onCard = await payWallet(processId);
    expect(onCard.status).toBe(400);
    expect(onCard.json.oData.oErrores).toEqual({ nFormaDePago: ["walletMethodRequired"] });
    expect(await api.db.select().from(payments)).toEqual([]);

    expect((await choose("/sandbox/wallet/unknown-token", "approve")).status).toBe(404);
    const ready = await readyForWallet(bob);
    const pageUrl = charge2Response.parse(
      (await payWallet(ready, "bob-wallet-key", bob)).json.oData,
    ).cUrlRedireccion;
    expect((await choose(pageUrl ?? "", "pay-twice")).status).toBe(400);
    const missing = await sandboxWalletPages(wallet).request("/sandbox/wallet/unknown-token");
    expect(missing.status).toBe(404);
  });
});
