// PayPal's failure cases through the API, against PayPal's stand-in over HTTP (decision 0079):
// the webhook before the buyer's return, a webhook twice, forged or altered ones, a buyer who
// cancels at PayPal, a declined capture, a capture after the places were lost, and another
// customer's process. Whatever order things arrive in, one approved payment is one order.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { charge2Response, payPalOrderResponse } from "../contract/index.ts";
import { orders, payments } from "../db/schema.ts";

import { type Fixture, readyToPay, type TestApi } from "../testing/harness.ts";
import {
  type HostedTestProviders,
  type PayPalWebhooks,
  setUpHostedApiTests,
} from "../testing/hosted-harness.ts";

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

const PAYPAL = 5;
const shop = "http://127.0.0.1:4200";
const aSeat = () => ({ idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] });

/** Alice's process, paid with PayPal: its order, waiting for her on PayPal's page. */
async function payPalOrder() {
  const processId = await readyToPay(t, alice, aSeat());
  await t.call(`/Proceso/${processId}/FormaDePago/Seleccionar`, {
    token: alice,
    body: { nFormaDePago: PAYPAL },
  });
  const created = await createOrder(processId, alice);
  return { processId, order: payPalOrderResponse.parse(created.json.oData) };
}

function createOrder(processId: number, token: string) {
  const query = new URLSearchParams({
    cUrlRetorno: `${shop}/paypal/finish/${processId}`,
    cUrlCancelacion: `${shop}/BuyTicket/${processId}?paypal=cancelado`,
  });
  return t.call(`/Proceso/${processId}/PayPalOrderCreate?${query}`, { token });
}

/** The buyer on PayPal's page: a test buyer approves, or cancels. Where PayPal sends them. */
async function onPayPalPage(approvalUrl: string, choice: { buyer: string } | "cancel") {
  const page = await (await fetch(approvalUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
  const body: Record<string, string> =
    choice === "cancel" ? { action: "cancel" } : { buyer: choice.buyer, action: "approve" };
  const answer = await fetch(new URL(action ?? "", approvalUrl), {
    method: "POST",
    body: new URLSearchParams(body),
    redirect: "manual",
  });
  return answer.headers.get("location") ?? "";
}

const confirm = (processId: number, token = alice) =>
  t.call(`/proceso/confirmacion/${processId}`, { token, method: "POST", language: "es" });

async function processView(processId: number) {
  return (await t.call(`/Proceso/${processId}`, { token: alice })).json.oData;
}

const ordersOf = (processId: number) =>
  api.db.select().from(orders).where(eq(orders.processId, processId));

type Webhook = PayPalWebhooks["received"][number];
const webhooks = () => hosted.payPalWebhooks.received;
const eventType = (webhook: Webhook) => JSON.parse(webhook.body).event_type as string;

/** Posts a webhook to the API as PayPal would. */
function postWebhook(body: string, headers: Headers) {
  return fetch(`${hosted.apiUrl}/v2/paypal/webhook`, {
    method: "POST",
    headers: Object.fromEntries(
      [...headers].filter(([name]) => name.startsWith("paypal-") || name === "content-type"),
    ),
    body,
  });
}

describe("PayPal's webhook", () => {
  it("arriving before the buyer's return settles the order once; the return then answers it", async () => {
    const { processId, order } = await payPalOrder();
    await onPayPalPage(order.cUrlAprobacion, { buyer: "approves" });
    // The buyer has not come back yet: the webhook alone has the order captured and settled.
    await expect
      .poll(async () => (await processView(processId)).cEstado, { timeout: 10_000 })
      .toBe("PAID");
    const [approved] = webhooks().filter((w) => eventType(w) === "CHECKOUT.ORDER.APPROVED");
    expect(JSON.parse(approved.answer).oData).toEqual({ lProcesada: true });

    const back = charge2Response.parse((await confirm(processId)).json.oData);
    const [only] = await ordersOf(processId);
    expect(back).toMatchObject({ cEstado: "APROBADO", idPedido: only.id });
    expect(await ordersOf(processId)).toHaveLength(1);
  });

  it("sent twice is processed once (lProcesada false the second time), one order", async () => {
    const { processId, order } = await payPalOrder();
    await onPayPalPage(order.cUrlAprobacion, { buyer: "twice" });
    await expect
      .poll(() => webhooks().filter((w) => eventType(w) === "CHECKOUT.ORDER.APPROVED").length, {
        timeout: 10_000,
      })
      .toBe(2);
    const answers = webhooks()
      .filter((w) => eventType(w) === "CHECKOUT.ORDER.APPROVED")
      .map((w) => JSON.parse(w.answer).oData.lProcesada);
    expect(answers.sort()).toEqual([false, true]);

    expect((await confirm(processId)).json.oData).toMatchObject({ cEstado: "APROBADO" });
    expect(await ordersOf(processId)).toHaveLength(1);
  });

  it("forged or altered is a 401 and changes nothing", async () => {
    // Alice approved, but her buyer's webhook never comes: only a forged one could settle it.
    const { processId, order } = await payPalOrder();
    await onPayPalPage(order.cUrlAprobacion, { buyer: "silent" });
    // A genuine transmission, of another order, captured as the API received it.
    const other = await readyToPay(t, bob, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    });
    await t.call(`/Proceso/${other}/FormaDePago/Seleccionar`, {
      token: bob,
      body: { nFormaDePago: PAYPAL },
    });
    const bobsOrder = payPalOrderResponse.parse((await createOrder(other, bob)).json.oData);
    await onPayPalPage(bobsOrder.cUrlAprobacion, { buyer: "approves" });
    await expect.poll(() => webhooks().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const genuine = webhooks()[0];

    // The same event made to name alice's order: the signature no longer holds.
    const altered = genuine.body.replaceAll(bobsOrder.cOrdenPayPal, order.cOrdenPayPal);
    expect(altered).not.toBe(genuine.body);
    expect((await postWebhook(altered, genuine.headers)).status).toBe(401);
    // A signature made up, and none at all.
    const forged = new Headers(genuine.headers);
    forged.set("paypal-transmission-sig", Buffer.from("forged").toString("base64"));
    expect((await postWebhook(altered, forged)).status).toBe(401);
    expect((await postWebhook(altered, new Headers())).status).toBe(401);

    expect((await processView(processId)).oPago.cEstado).toBe("DESAFIO_3DS");
    expect(await ordersOf(processId)).toHaveLength(0);
  });
});

describe("the buyer's return from PayPal", () => {
  it("cancelled at PayPal keeps the places held and the order open; paying again works", async () => {
    const { processId, order } = await payPalOrder();
    const back = await onPayPalPage(order.cUrlAprobacion, "cancel");
    expect(back).toContain(`/BuyTicket/${processId}?paypal=cancelado`);

    const view = await processView(processId);
    expect(view.cEstado).toBe("ACTIVE");
    expect(view.oPago.cEstado).toBe("DESAFIO_3DS");
    // Back on the return route without approving: nothing captured, PayPal's page again.
    const unapproved = charge2Response.parse((await confirm(processId)).json.oData);
    expect(unapproved.cEstado).not.toBe("APROBADO");
    expect(unapproved.cUrlRedireccion).toBe(order.cUrlAprobacion);
    expect(await ordersOf(processId)).toHaveLength(0);

    // Paying again: the same order, approved this time.
    const again = payPalOrderResponse.parse((await createOrder(processId, alice)).json.oData);
    expect(again.cOrdenPayPal).toBe(order.cOrdenPayPal);
    await onPayPalPage(again.cUrlAprobacion, { buyer: "silent" });
    expect((await confirm(processId)).json.oData).toMatchObject({ cEstado: "APROBADO" });
    expect(await ordersOf(processId)).toHaveLength(1);
  });

  it("with a declined capture is PAYMENT_DECLINED with the reason in the buyer's language", async () => {
    const { processId, order } = await payPalOrder();
    await onPayPalPage(order.cUrlAprobacion, { buyer: "declined" });
    const { json } = await confirm(processId);
    expect(json.oData.cCodigo).toBe("PAYMENT_DECLINED");
    expect(json.cMensaje).toContain("PayPal rechazó el medio de pago que elegiste");
    const view = await processView(processId);
    expect(view).toMatchObject({ cEstado: "ACTIVE", oPago: { cEstado: "RECHAZADO" } });
    expect(await ordersOf(processId)).toHaveLength(0);
  });

  it("after the places were lost (time ran out, someone took them) refunds and says so", async () => {
    const { processId, order } = await payPalOrder();
    // Approved by a buyer whose webhook never comes: nothing settles before the return.
    await onPayPalPage(order.cUrlAprobacion, { buyer: "silent" });
    t.clock.advanceMinutes(45);
    const taken = await t.call("/Proceso/0/Posiciones/Tomar", { token: bob, body: aSeat() });
    expect(taken.json.nCode).toBe(200);

    const { json } = await confirm(processId);
    expect(json.oData.cCodigo).toBe("PROCESS_EXPIRED");
    const [payment] = await api.db.select().from(payments).where(eq(payments.processId, processId));
    expect(payment.status).toBe("REFUNDED");
    expect((await processView(processId)).oPago.cEstado).toBe("DEVUELTO");
    expect(await ordersOf(processId)).toHaveLength(0);
  });

  it("of another customer's process is a 404, and so is its order", async () => {
    const { processId, order } = await payPalOrder();
    await onPayPalPage(order.cUrlAprobacion, { buyer: "silent" });
    expect((await confirm(processId, bob)).json.nCode).toBe(404);
    expect((await createOrder(processId, bob)).json.nCode).toBe(404);
    expect((await processView(processId)).oPago.cEstado).toBe("DESAFIO_3DS");
    expect(await ordersOf(processId)).toHaveLength(0);
  });
});
