// Payments a provider's own page takes, end to end through the API and the providers'
// stand-ins over HTTP (decision 0077): Bancard's card form confirms to the API server to
// server and the buyer's return finds the order; a PayPal order approved on PayPal's page is
// captured on the buyer's return. No card data ever goes to the API.
import { beforeEach, describe, expect, it } from "vitest";
import { acquirerFormResponse, charge2Response, payPalOrderResponse } from "../contract/index.ts";

import { type Fixture, readyToPay, type TestApi, testCard } from "../testing/harness.ts";
import { type HostedTestProviders, setUpHostedApiTests } from "../testing/hosted-harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let hosted: HostedTestProviders;
const api = setUpHostedApiTests({ customers: ["alice"] });
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice } = api.tokens);
  hosted = api.hosted;
});

const PAYPAL = 5;
const shop = "http://127.0.0.1:4200";
const onePlace = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
});

async function paidState(processId: number) {
  const { json } = await t.call(`/Proceso/${processId}`, { token: alice });
  return json.oData.cEstado as string;
}

describe("Bancard's card form", () => {
  it("is where the card is typed: Bancard confirms to the API and the return finds the order", async () => {
    const processId = await readyToPay(t, alice, onePlace());
    const methods = await t.call(`/Proceso/${processId}/FormasDePago2`, { token: alice });
    expect(methods.json.oData.Lista[0]).toMatchObject({ lFormularioAdquirente: true });

    const opened = await t.call(`/Proceso/${processId}/card/BancardiFrame`, {
      token: alice,
      headers: { "Idempotency-Key": "bancard-form-1" },
      body: {
        cUrlRetorno: `${shop}/bancard/finish/${processId}`,
        cUrlCancelacion: `${shop}/BuyTicket/${processId}`,
      },
    });
    if (opened.json.nCode !== 200) throw new Error(JSON.stringify(opened.json));
    const form = acquirerFormResponse.parse(opened.json.oData);
    expect(form).toMatchObject({ cEstado: "FORMULARIO", idPedido: null });
    expect(form.cUrlFormulario).toContain(hosted.bancard.origins.frame[0]);
    // The same key again: the same form, Bancard is not asked twice.
    const again = await t.call(`/Proceso/${processId}/card/BancardiFrame`, {
      token: alice,
      headers: { "Idempotency-Key": "bancard-form-1" },
      body: {
        cUrlRetorno: `${shop}/bancard/finish/${processId}`,
        cUrlCancelacion: `${shop}/BuyTicket/${processId}`,
      },
    });
    expect(again.json.oData.cProcesoAdquirente).toBe(form.cProcesoAdquirente);

    // The buyer types the card on Bancard's page, without script; Bancard confirms to the API.
    const paid = await fetch(new URL("/checkout/new/pay", form.cUrlPagina ?? ""), {
      method: "POST",
      body: new URLSearchParams({
        process_id: form.cProcesoAdquirente ?? "",
        number: "4242424242424242",
        expiry: "12/39",
        cvv: "123",
        installments: "1",
      }),
      redirect: "manual",
    });
    expect(paid.status).toBeGreaterThanOrEqual(300);
    expect(paid.headers.get("location")).toContain(`/bancard/finish/${processId}`);
    await expect.poll(() => paidState(processId), { timeout: 10_000 }).toBe("PAID");

    const back = await t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, {
      token: alice,
      method: "POST",
    });
    expect(back.json.oData).toMatchObject({ cEstado: "APROBADO" });
    expect(back.json.oData.idPedido).toEqual(expect.any(Number));
  });
});

describe("a card's data", () => {
  it("is refused while Bancard takes the cards: a 400, and nothing is paid", async () => {
    const processId = await readyToPay(t, alice, onePlace());
    for (const path of ["Cobrar", "PreValidacion"]) {
      const sent = await t.call(`/Proceso/${processId}/${path}`, {
        token: alice,
        body: { cClaveIdempotencia: `card-data-${path}`, nCuotas: 1, oTarjeta: testCard() },
      });
      expect(sent.status, path).toBe(400);
      expect(sent.json.oData.oErrores, path).toHaveProperty("oTarjeta");
    }
    expect(await paidState(processId)).toBe("ACTIVE");
  });
});

describe("PayPal", () => {
  it("is offered, and an order approved on PayPal's page is captured on the return", async () => {
    const processId = await readyToPay(t, alice, onePlace());
    await t.call(`/Proceso/${processId}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: PAYPAL },
    });
    const query = new URLSearchParams({
      cUrlRetorno: `${shop}/paypal/finish/${processId}`,
      cUrlCancelacion: `${shop}/BuyTicket/${processId}`,
    });
    const created = await t.call(`/Proceso/${processId}/PayPalOrderCreate?${query}`, {
      token: alice,
    });
    const order = payPalOrderResponse.parse(created.json.oData);
    // Asked again before approval: the same order.
    const same = await t.call(`/Proceso/${processId}/PayPalOrderCreate?${query}`, { token: alice });
    expect(same.json.oData.cOrdenPayPal).toBe(order.cOrdenPayPal);

    const page = await (await fetch(order.cUrlAprobacion)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
    const approved = await fetch(new URL(action ?? "", order.cUrlAprobacion), {
      method: "POST",
      body: new URLSearchParams({ buyer: "approves", action: "approve" }),
      redirect: "manual",
    });
    expect(approved.headers.get("location")).toContain(`/paypal/finish/${processId}`);

    const confirmed = await t.call(`/proceso/confirmacion/${processId}`, {
      token: alice,
      method: "POST",
    });
    expect(charge2Response.parse(confirmed.json.oData)).toMatchObject({ cEstado: "APROBADO" });
    expect(await paidState(processId)).toBe("PAID");
  });
});
