// The other card paths on Bancard's card form, through the API and Bancard's stand-in over
// HTTP: a payment link (its buyer, without login), the payment change (the owner) and the
// box office's card sale (the clerk's BOX process, a counter sale of the walk-in buyer).
// Each opens the payment on the form, the card is typed on Bancard's page (never sent here),
// Bancard confirms server to server; another's process or link is a 404; with Bancard
// configured, the old card-data bodies are refused.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  acquirerFormResponse,
  paymentLinkResponse,
  purchaseProcessSchema,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";

import {
  type Fixture,
  grantStaffRole,
  readyToPay,
  type TestApi,
  testCard,
} from "../testing/harness.ts";
import { type HostedTestProviders, setUpHostedApiTests } from "../testing/hosted-harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
let clerk: string;
let hosted: HostedTestProviders;
const api = setUpHostedApiTests({ customers: ["alice", "bob", "clerk"] });
beforeEach(async () => {
  ({ db, t, fx } = api);
  ({ alice, bob, clerk } = api.tokens);
  await grantStaffRole(db, "clerk@example.com", "BOX_CLERK");
  hosted = api.hosted;
});

const shop = "http://127.0.0.1:4200";
const APPROVES = "4242424242424242";
const INSUFFICIENT_FUNDS = "4000000000000002";
const take = (count = 1) => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: count }],
});
const form = (key: string, back: string) => ({
  headers: { "Idempotency-Key": key },
  body: { cUrlRetorno: `${shop}${back}`, cUrlCancelacion: `${shop}${back}` },
});

/** The card typed on Bancard's page, without script: Bancard confirms, then sends back. */
async function typeCard(opened: { json: { nCode: number; oData?: unknown } }, number: string) {
  if (opened.json.nCode !== 200) throw new Error(JSON.stringify(opened.json));
  const answer = acquirerFormResponse.parse(opened.json.oData);
  expect(answer).toMatchObject({ cEstado: "FORMULARIO", idPedido: null });
  expect(answer.cUrlFormulario).toContain(hosted.bancard.origins.frame[0]);
  const paid = await fetch(new URL("/checkout/new/pay", answer.cUrlPagina ?? ""), {
    method: "POST",
    body: new URLSearchParams({
      process_id: answer.cProcesoAdquirente ?? "",
      number,
      expiry: "12/39",
      cvv: "123",
      installments: "1",
    }),
    redirect: "manual",
  });
  return paid.headers.get("location") ?? "";
}

async function stateOf(processId: number, token: string) {
  const { json } = await t.call(`/Proceso/${processId}`, { token });
  return purchaseProcessSchema.parse(json.oData);
}

async function orderOf(processId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.processId, processId));
  return order;
}

async function boxProcess() {
  const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
    token: clerk,
    body: { ...take(), ctProcess: "BOX" },
  });
  return purchaseProcessSchema.parse(json.oData).idProcesoDeCompra;
}

describe("a payment link on Bancard's form", () => {
  async function newLink() {
    const processId = await boxProcess();
    const created = await t.call(`/Proceso/${processId}/LinkDePago`, {
      token: clerk,
      body: {
        oComprador: { cNombre: "Marta Gómez", cEmail: "marta@example.com" },
        cUrlPago: `${shop}/linkPago`,
      },
    });
    return { processId, key: paymentLinkResponse.parse(created.json.oData).cClave };
  }
  const linkView = async (processId: number, key: string) =>
    (await t.call(`/LinkPago/${processId}/${key}`)).json.oData;

  it("is paid by its buyer without login: declined says why, approved is the buyer's order", async () => {
    const { processId, key } = await newLink();
    const back = `/linkPago/${processId}?clave=${key}`;
    const declined = await typeCard(
      await t.call(`/LinkPago/${processId}/${key}/card/BancardiFrame`, form("link-no-1", back)),
      INSUFFICIENT_FUNDS,
    );
    expect(declined).toContain(back);
    await expect
      .poll(async () => (await linkView(processId, key)).oPago, { timeout: 10_000 })
      .toMatchObject({ cEstado: "RECHAZADO", cMotivo: expect.any(String) });

    const approved = await typeCard(
      await t.call(`/LinkPago/${processId}/${key}/card/BancardiFrame`, form("link-ok-1", back)),
      APPROVES,
    );
    expect(approved).toContain(back);
    await expect
      .poll(async () => (await linkView(processId, key)).cEstado, { timeout: 10_000 })
      .toBe("PAID");
    expect(await orderOf(processId)).toMatchObject({
      buyerName: "Marta Gómez",
      buyerEmail: "marta@example.com",
      soldAtCounter: true,
      paymentMedium: "CARD",
    });
  });

  it("is a 404 for another process's key, and refuses the card's data", async () => {
    const first = await newLink();
    const second = await newLink();
    const wrong = await t.call(
      `/LinkPago/${first.processId}/${second.key}/card/BancardiFrame`,
      form("link-wrong-1", "/linkPago"),
    );
    expect(wrong.status).toBe(404);
    const byData = await t.call(`/LinkPago/${first.processId}/${first.key}/Cobrar`, {
      body: { cClaveIdempotencia: "link-data-1", nCuotas: 1, oTarjeta: testCard() },
    });
    expect(byData.status).toBe(400);
    expect(byData.json.oData.oErrores).toHaveProperty("oTarjeta");
  });
});

describe("the payment change on Bancard's form", () => {
  const payAgain = (processId: number, key: string, token = alice) =>
    t.call(`/operacion/cambio/${processId}/card/BancardiFrame`, {
      token,
      headers: { "Idempotency-Key": key },
      body: {
        nFormaDePago: 1,
        cUrlRetorno: `${shop}/bancard/finish/${processId}`,
        cUrlCancelacion: `${shop}/pagoCambio/${processId}`,
      },
    });

  it("pays the owner's purchase again: declined says why, approved is the order", async () => {
    const processId = await readyToPay(t, alice, take());
    await typeCard(await payAgain(processId, "change-no-1"), INSUFFICIENT_FUNDS);
    await expect
      .poll(async () => (await stateOf(processId, alice)).oPago, { timeout: 10_000 })
      .toMatchObject({ cEstado: "RECHAZADO", cMotivo: expect.any(String) });
    const change = await t.call(`/operacion/cambio/pago/${processId}`, { token: alice });
    expect(change.json.oData.lPuedePagar).toBe(true);

    const back = await typeCard(await payAgain(processId, "change-ok-1"), APPROVES);
    expect(back).toContain(`/bancard/finish/${processId}`);
    await expect
      .poll(async () => (await stateOf(processId, alice)).cEstado, { timeout: 10_000 })
      .toBe("PAID");
    expect(await orderOf(processId)).toMatchObject({ soldAtCounter: false });
  });

  it("is a 404 for another's purchase, and refuses the card's data", async () => {
    const processId = await readyToPay(t, alice, take());
    expect((await payAgain(processId, "change-bob-1", bob)).status).toBe(404);
    const byData = await t.call(`/operacion/cambio/${processId}/pagar`, {
      token: alice,
      body: { cClaveIdempotencia: "change-data-1", nFormaDePago: 1, oTarjeta: testCard() },
    });
    expect(byData.status).toBe(400);
    expect(byData.json.oData.oErrores).toHaveProperty("oTarjeta");
  });
});

describe("the box office's card sale on Bancard's form", () => {
  const sell = (processId: number, key: string, token = clerk) =>
    t.call(`/Proceso/${processId}/CobrarBoleteria/card/BancardiFrame`, {
      token,
      headers: { "Idempotency-Key": key },
      body: {
        oComprador: { cNombre: "Juan Pérez", cEmail: "" },
        cUrlRetorno: `${shop}/boleteria/${processId}`,
        cUrlCancelacion: `${shop}/boleteria/${processId}`,
      },
    });

  it("is the walk-in buyer's card sale when Bancard confirms; declined says why", async () => {
    const processId = await boxProcess();
    await typeCard(await sell(processId, "box-no-1"), INSUFFICIENT_FUNDS);
    await expect
      .poll(async () => (await stateOf(processId, clerk)).oPago, { timeout: 10_000 })
      .toMatchObject({ cEstado: "RECHAZADO", cMotivo: expect.any(String) });

    const back = await typeCard(await sell(processId, "box-ok-1"), APPROVES);
    expect(back).toContain(`/boleteria/${processId}`);
    await expect
      .poll(async () => (await stateOf(processId, clerk)).cEstado, { timeout: 10_000 })
      .toBe("PAID");
    expect(await orderOf(processId)).toMatchObject({
      buyerName: "Juan Pérez",
      buyerEmail: null,
      soldAtCounter: true,
      paymentMedium: "CARD",
    });
  });

  it("is a 404 for another clerk's process, and refuses a card's data at the counter", async () => {
    const processId = await boxProcess();
    await grantStaffRole(db, "bob@example.com", "BOX_CLERK");
    expect((await sell(processId, "box-bob-1", bob)).status).toBe(404);
    const byData = await t.call(`/Proceso/${processId}/CobrarBoleteria`, {
      token: clerk,
      body: {
        cClaveIdempotencia: "box-data-1",
        cMedioDePago: "TARJETA_PRESENTE",
        oComprador: { cNombre: "Juan Pérez" },
        oTarjeta: testCard(),
      },
    });
    expect(byData.status).toBe(400);
    expect(byData.json.oData.oErrores).toHaveProperty("oTarjeta");
  });
});
