// The caller's purchases that are owed (GET operacion/cambio/pagos), through the real sandbox
// acquirer: a refused or undecided payment lists its purchase, whatever device started it;
// one paid, cancelled or whose time ran out does not; nobody sees another customer's. And one
// order of the caller's (GET Pedido/{id}), anyone else's a 404.
import { beforeEach, describe, expect, it } from "vitest";
import { listOf, orderSchema, paymentChangeResponse } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, readyToPay, type TestApi, testCard } from "../testing/harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
const api = setUpApiTests({ customers: ["alice", "bob"] });
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
});

const awaitingResponse = listOf(paymentChangeResponse);
const placesOf = (count: number) => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: count }],
});

function pay(token: string, processId: number, cardNumber: string) {
  return t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    language: "en",
    body: {
      cClaveIdempotencia: `awaiting-${processId}-${cardNumber}`,
      nCuotas: 1,
      oTarjeta: testCard(cardNumber),
      cUrlRetorno: `http://127.0.0.1:4180/bancard/finish3ds/${processId}`,
    },
  });
}

async function awaitingOf(token: string) {
  const answer = await t.call("/operacion/cambio/pagos", { token, language: "en" });
  expect(answer.status).toBe(200);
  return awaitingResponse.parse(answer.json.oData).Lista;
}

/** A purchase of the customer's whose card was declined at once. */
async function declined(token: string, places = 2) {
  const processId = await readyToPay(t, token, placesOf(places));
  expect((await pay(token, processId, "4000000000000002")).json.oData.cCodigo).toBe(
    "PAYMENT_DECLINED",
  );
  return processId;
}

describe("the caller's purchases awaiting payment", () => {
  it("lists a purchase whose payment was refused, with what it owes, and only the owner's", async () => {
    const alices = await declined(alice);
    const bobs = await declined(bob, 1);

    const listed = await awaitingOf(alice);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      lPuedePagar: true,
      oProceso: {
        idProcesoDeCompra: alices,
        cEstado: "ACTIVE",
        oCantidadTotal: { nCantidadTotal: 2 },
        fCargoQr: 0,
        oPago: { cEstado: "RECHAZADO" },
      },
    });
    expect(listed[0].oProceso.fTotal).toBeGreaterThan(0);
    // Bob sees his own purchase only, never Alice's.
    expect((await awaitingOf(bob)).map((entry) => entry.oProceso.idProcesoDeCompra)).toEqual([
      bobs,
    ]);
  });

  it("lists a payment the bank is still deciding, not to be paid again yet", async () => {
    const processId = await readyToPay(t, alice, placesOf(1));
    await pay(alice, processId, "4000000000000077");
    expect(await awaitingOf(alice)).toMatchObject([
      {
        lPuedePagar: false,
        oProceso: { idProcesoDeCompra: processId, oPago: { cEstado: "VERIFICANDO" } },
      },
    ]);
  });

  it("leaves out a purchase never tried, one paid meanwhile and one whose time ran out", async () => {
    const untried = await readyToPay(t, alice, placesOf(1));
    expect(untried).toBeGreaterThan(0);
    expect(await awaitingOf(alice)).toEqual([]);

    // Paid on another device after the refusal: no longer owed.
    const paidLater = await declined(alice);
    expect(await awaitingOf(alice)).toHaveLength(1);
    const again = await t.call(`/operacion/cambio/${paidLater}/pagar`, {
      token: alice,
      body: {
        cClaveIdempotencia: `again-${paidLater}-4242424242424242`,
        nFormaDePago: 1,
        nCuotas: 1,
        oTarjeta: testCard("4242424242424242"),
      },
    });
    expect(again.json.oData, JSON.stringify(again.json)).toMatchObject({ cEstado: "APROBADO" });
    expect(await awaitingOf(alice)).toEqual([]);

    // Its places freed when its time ran out: nothing is owed.
    await declined(alice);
    expect(await awaitingOf(alice)).toHaveLength(1);
    t.clock.advanceMinutes(120);
    expect(await awaitingOf(alice)).toEqual([]);
  });

  it("is a customer's call only", async () => {
    expect((await t.call("/operacion/cambio/pagos")).status).toBe(401);
  });
});

describe("one of the caller's orders (Pedido/{id})", () => {
  it("answers the caller's order with its totals, and anyone else's is a 404", async () => {
    const processId = await readyToPay(t, alice, placesOf(2));
    const paid = await pay(alice, processId, "4242424242424242");
    const orderId = paid.json.oData.idPedido as number;
    const own = await t.call(`/Pedido/${orderId}`, { token: alice, language: "en" });
    expect(own.status).toBe(200);
    const order = orderSchema.parse(own.json.oData);
    expect(order).toMatchObject({ idPedido: orderId, fCargoQr: 0, fPendiente: 0 });
    expect(order.fTotalPagado).toBe(order.fTotal);

    expect((await t.call(`/Pedido/${orderId}`, { token: bob })).status).toBe(404);
    expect((await t.call(`/Pedido/${orderId + 1000}`, { token: alice })).status).toBe(404);
  });
});
