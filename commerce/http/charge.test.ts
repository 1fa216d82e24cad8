// Cobrar (charge), the order history and the e-ticket, through the real sandbox acquirer.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  chargeResponse,
  errorData,
  ordersResponse,
  performanceDetailSchema,
  purchaseProcessSchema,
  sectorPlacesSchema,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { orders, payments, positions, tickets } from "../db/schema.ts";
import type { ChargeInput, ChargeOutcome } from "../payments/provider.ts";
import { SandboxAcquirer } from "../payments/sandbox/sandbox.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  cancelProcess,
  type Fixture,
  readyToPay,
  signUp,
  TEST_TICKET_SIGNING_KEY,
  type TestApi,
  testCard,
} from "../testing/harness.ts";
import { verifyTicketCode } from "../tickets/code.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;

/** The real sandbox, counting calls and optionally doing something while "at the bank". */
class ObservedAcquirer extends SandboxAcquirer {
  readonly sandbox = this;
  calls = 0;
  duringCharge: (() => Promise<void>) | null = null;
  override async charge(input: ChargeInput): Promise<ChargeOutcome> {
    this.calls += 1;
    const outcome = await super.charge(input);
    if (this.duringCharge) await this.duringCharge();
    return outcome;
  }
}
let acquirer: ObservedAcquirer;

const api = setUpApiTests({
  customers: ["bob"],
  api: (db) => {
    acquirer = new ObservedAcquirer({ db });
    return { payments: acquirer };
  },
});
beforeEach(async () => {
  ({ db, t, fx } = api);
  bob = api.tokens.bob;
  // Alice signs up through the API: her name is printed on the e-ticket.
  alice = (await signUp(t, { cNombre: "Alicia", cApellido: "Paz" })).token;
});

const twoPlacesAndASeat = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
  listaPosiciones: [fx.seatIds[0]],
});

function pay(processId: number, token: string, extra: Record<string, unknown> = {}) {
  return t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    body: {
      cClaveIdempotencia: `key-${processId}-aaaa`,
      nCuotas: 1,
      oTarjeta: testCard(),
      ...extra,
    },
  });
}

describe("POST Proceso/{id}/Cobrar", () => {
  it("charges the total once, sells the places and writes the order with signed tickets", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const { status, json } = await pay(processId, alice, { nCuotas: 3 });
    expect(status).toBe(200);
    const charged = chargeResponse.parse(json.oData);
    expect(charged.idProcesoDeCompra).toBe(processId);

    const total = 2 * 5_000 + 8_000 + 1_800;
    expect(await acquirer.sandbox.charges()).toEqual([
      expect.objectContaining({ amount: total, installments: 3, last4: "4242", refunded: false }),
    ]);
    const process = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${processId}`, { token: alice })).json.oData,
    );
    expect(process).toMatchObject({ cEstado: "PAID", idPedido: charged.idPedido, fTotal: total });
    expect(process.oCantidadTotal.nCantidadTotal).toBe(3);

    const sold = await db.select().from(positions).where(eq(positions.sold, true));
    expect(sold).toHaveLength(3);
    expect(charged.cEstado).toBe("APROBADO");
    const issued = await db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, Number(charged.idPedido)));
    expect(issued).toHaveLength(3);
    for (const ticket of issued) {
      expect(verifyTicketCode(TEST_TICKET_SIGNING_KEY.publicKey, ticket.code)).toEqual({
        ticketId: ticket.id,
        performanceId: ticket.performanceId,
      });
    }
    const [payment] = await db.select().from(payments);
    expect(payment).toMatchObject({ status: "APPROVED", amount: total, cardLast4: "4242" });

    // Sold stays sold when the clock passes the old deadline.
    t.clock.advanceMinutes(60);
    const detail = performanceDetailSchema.parse(
      (await t.call(`/Funcion/${fx.performances.main.id}`)).json.oData,
    );
    expect(detail.listaSectores[0].nDisponibles).toBe(18);
    const seats = sectorPlacesSchema.parse(
      (
        await t.call(
          `/Funcion/${fx.performances.main.id}/Sector/${fx.sectors.numbered.id}/Posiciones`,
        )
      ).json.oData,
    ).listaPosiciones;
    expect(seats.find((s) => s.idPosicion === fx.seatIds[0])?.cEstado).toBe("TAKEN");
  });

  it("is idempotent: the same key again (body or header) gives the same order, one charge", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const first = await pay(processId, alice);
    const again = await pay(processId, alice);
    const viaHeader = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      headers: { "Idempotency-Key": `key-${processId}-aaaa` },
      body: { oTarjeta: testCard() },
    });
    const orderIds = [first, again, viaHeader].map(
      (r) => chargeResponse.parse(r.json.oData).idPedido,
    );
    expect(new Set(orderIds).size).toBe(1);
    expect(acquirer.calls).toBe(1);
    expect(await db.select().from(payments)).toHaveLength(1);
    expect(await db.select().from(orders)).toHaveLength(1);

    // A new key on a paid process is refused without charging.
    const newKey = await pay(processId, alice, { cClaveIdempotencia: "another-key-123" });
    expect(newKey.json).toMatchObject({ nCode: 409, oData: { cCodigo: "PROCESS_PAID" } });
    expect(acquirer.calls).toBe(1);
  });

  it("two simultaneous requests with one key still make one payment and one order", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const answers = await Promise.all([pay(processId, alice), pay(processId, alice)]);
    const ids = answers.map((a) => chargeResponse.parse(a.json.oData).idPedido);
    expect(ids[0]).toBe(ids[1]);
    expect(await acquirer.sandbox.charges()).toHaveLength(1);
    expect(await db.select().from(orders)).toHaveLength(1);
  });

  it("two simultaneous charges with different keys (a double submit) charge once", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const answers = await Promise.all([
      pay(processId, alice, { cClaveIdempotencia: "double-click-1" }),
      pay(processId, alice, { cClaveIdempotencia: "double-click-2" }),
    ]);
    // The second finds the first one PENDING: it follows it (the acquirer has approved it)
    // or says it is still in progress; it never charges the card again.
    const codes = answers.map((a) => (a.json.nCode === 200 ? "OK" : a.json.oData.cCodigo));
    expect(codes).toContain("OK");
    for (const code of codes) expect(["OK", "PAYMENT_IN_PROGRESS"]).toContain(code);
    const orderIds = answers
      .filter((a) => a.json.nCode === 200)
      .map((a) => chargeResponse.parse(a.json.oData).idPedido);
    expect(new Set(orderIds).size).toBe(1);
    expect(acquirer.calls).toBe(1);
    expect(await acquirer.sandbox.charges()).toEqual([
      expect.objectContaining({ refunded: false }),
    ]);
    expect(await db.select().from(orders)).toHaveLength(1);
    expect((await db.select().from(payments)).map((p) => p.status)).toEqual(["APPROVED"]);
  });

  it("answers IDEMPOTENCY_CONFLICT when a key comes back for another process", async () => {
    const first = await readyToPay(t, alice, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[0]],
    });
    await pay(first, alice, { cClaveIdempotencia: "shared-key-1" });
    const second = await readyToPay(t, alice, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[1]],
    });
    const { json } = await pay(second, alice, { cClaveIdempotencia: "shared-key-1" });
    expect(json).toMatchObject({ nCode: 409, oData: { cCodigo: "IDEMPOTENCY_CONFLICT" } });
    expect(acquirer.calls).toBe(1);
  });

  it("answers PAYMENT_DECLINED with the reason, keeps the places, and allows a new attempt", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const declined = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      language: "en",
      body: { cClaveIdempotencia: "attempt-1-xx", oTarjeta: testCard("4000000000000002") },
    });
    expect(declined.status).toBe(200);
    expect(declined.json).toEqual({
      nCode: 402,
      cMensaje: "Payment failed: insufficient funds",
      oData: { cCodigo: "PAYMENT_DECLINED" },
    });
    // Repeating the declined key answers the stored outcome, in the caller's language.
    const repeated = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      language: "es",
      body: { cClaveIdempotencia: "attempt-1-xx", oTarjeta: testCard() },
    });
    expect(repeated.json.cMensaje).toBe("El pago falló: fondos insuficientes");
    expect(acquirer.calls).toBe(1);

    const view = await t.call(`/Proceso/${processId}`, { token: alice });
    expect(view.json.oData).toMatchObject({
      cEstado: "ACTIVE",
      oCantidadTotal: { nCantidadTotal: 3 },
    });
    const retry = await pay(processId, alice, { cClaveIdempotencia: "attempt-2-xx" });
    expect(retry.json.nCode).toBe(200);
    expect((await db.select().from(payments)).map((p) => p.status).sort()).toEqual([
      "APPROVED",
      "DECLINED",
    ]);
  });

  it("answers PAYMENT_FAILED when the acquirer cannot process the card", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const { json } = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      language: "en",
      body: { cClaveIdempotencia: "failing-key", oTarjeta: testCard("4000000000000119") },
    });
    expect(json).toEqual({
      nCode: 502,
      cMensaje: "There was a problem making the payment",
      oData: { cCodigo: "PAYMENT_FAILED" },
    });
    expect(await db.select().from(orders)).toHaveLength(0);
  });

  it("requires places, a delivery type, a payment method and allowed installments", async () => {
    const taken = await t.call("/Proceso/0/Posiciones/Tomar", {
      token: alice,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
    });
    const id = taken.json.oData.idProcesoDeCompra;
    expect((await pay(id, alice)).json.oData.cCodigo).toBe("DELIVERY_REQUIRED");
    await t.call(`/Proceso/${id}/EntregaTipo/Seleccionar`, {
      token: alice,
      body: { idEntregaTipo: 2 },
    });
    expect((await pay(id, alice)).json.oData.cCodigo).toBe("PAYMENT_METHOD_REQUIRED");
    await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 2 },
    });
    // A debit card pays at once; a credit card is refused under the debit method.
    const debitCard = testCard("4517650000000000");
    const installments = await pay(id, alice, { nCuotas: 3, oTarjeta: debitCard });
    expect(installments.status).toBe(400);
    expect(installments.json.oData.oErrores).toEqual({ nCuotas: ["installmentsInvalid"] });
    const credit = await pay(id, alice);
    expect(credit.status).toBe(400);
    expect(credit.json.oData.oErrores).toEqual({ "oTarjeta.cNumero": ["cardIsCredit"] });
    await t.call(`/Proceso/${id}/Posiciones/SoltarFuncion`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id },
    });
    // Releasing the last places ended the process.
    expect((await pay(id, alice)).json).toMatchObject({
      nCode: 410,
      oData: { cCodigo: "PROCESS_CANCELLED" },
    });
    expect(acquirer.calls).toBe(0);
  });

  it("answers PROCESS_EXPIRED after the deadline and PROCESS_CANCELLED after invalidar", async () => {
    const expired = await readyToPay(t, alice, twoPlacesAndASeat());
    t.clock.advanceMinutes(31);
    expect((await pay(expired, alice)).json.oData.cCodigo).toBe("PROCESS_EXPIRED");

    const cancelled = await readyToPay(t, alice, twoPlacesAndASeat());
    await cancelProcess(t, alice, cancelled);
    expect((await pay(cancelled, alice)).json.oData.cCodigo).toBe("PROCESS_CANCELLED");
    expect(acquirer.calls).toBe(0);
  });

  it("refunds and says so when the process is cancelled while the card is charged", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    acquirer.duringCharge = async () => {
      await cancelProcess(t, alice, processId);
    };
    const { json } = await pay(processId, alice);
    expect(json).toMatchObject({ nCode: 410, oData: { cCodigo: "PROCESS_CANCELLED" } });
    expect(await acquirer.sandbox.charges()).toEqual([expect.objectContaining({ refunded: true })]);
    expect(await db.select().from(orders)).toHaveLength(0);
    const [payment] = await db.select().from(payments);
    expect(payment.status).toBe("REFUNDED");
    expect(await db.select().from(positions).where(eq(positions.sold, true))).toHaveLength(0);
  });

  it("sells places still held when the clock ran out during the payment", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    acquirer.duringCharge = async () => t.clock.advanceMinutes(45);
    const { json } = await pay(processId, alice);
    expect(chargeResponse.parse(json.oData).idProcesoDeCompra).toBe(processId);
    expect(await db.select().from(positions).where(eq(positions.sold, true))).toHaveLength(3);
  });

  it("refunds when the clock ran out during the payment and someone took the places", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    acquirer.duringCharge = async () => {
      t.clock.advanceMinutes(45);
      const stolen = await t.call("/Proceso/0/Posiciones/Tomar", {
        token: bob,
        body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
      });
      expect(stolen.json.nCode).toBe(200);
    };
    const { json } = await pay(processId, alice);
    expect(json.oData.cCodigo).toBe("PROCESS_EXPIRED");
    expect((await acquirer.sandbox.charges())[0].refunded).toBe(true);
    expect(await db.select().from(tickets)).toHaveLength(0);
  });

  it("answers 400 for bad bodies, 404 for others' or unknown processes, 401 without a session", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const bad: Array<[unknown, string]> = [
      [{ oTarjeta: testCard() }, "cClaveIdempotencia"],
      [{ cClaveIdempotencia: "short", oTarjeta: testCard() }, "cClaveIdempotencia"],
      [{ cClaveIdempotencia: "long-enough" }, "oTarjeta"],
      [
        { cClaveIdempotencia: "long-enough", oTarjeta: testCard("4242424242424241") },
        "oTarjeta.cNumero",
      ],
      [
        { cClaveIdempotencia: "long-enough", oTarjeta: { ...testCard(), cCodigoSeguridad: "12" } },
        "oTarjeta.cCodigoSeguridad",
      ],
      [
        { cClaveIdempotencia: "long-enough", oTarjeta: { ...testCard(), nAnioVencimiento: 2001 } },
        "oTarjeta.nMesVencimiento",
      ],
      [{ cClaveIdempotencia: "long-enough", nCuotas: "many", oTarjeta: testCard() }, "nCuotas"],
      ["{oops", "_"],
    ];
    for (const [body, field] of bad) {
      const { status, json } = await t.call(`/Proceso/${processId}/Cobrar`, { token: alice, body });
      expect(status, field).toBe(400);
      expect(Object.keys(errorData.parse(json.oData).oErrores ?? {}), field).toContain(field);
    }
    expect((await pay(processId, bob)).status).toBe(404);
    expect((await pay(424242, alice)).status).toBe(404);
    expect((await t.call(`/Proceso/${processId}/Cobrar`, { body: {} })).status).toBe(401);
    expect(acquirer.calls).toBe(0);
  });

  it("closes a paid process to every change", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    await pay(processId, alice);
    const attempts = [
      t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
        token: alice,
        body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[1]] },
      }),
      t.call(`/Proceso/${processId}/Posiciones/SoltarFuncion`, {
        token: alice,
        body: { idFuncion: fx.performances.main.id },
      }),
      t.call(`/Proceso/${processId}/EntregaTipo/Seleccionar`, {
        token: alice,
        body: { idEntregaTipo: 2 },
      }),
    ];
    for (const { json } of await Promise.all(attempts)) {
      expect(json).toMatchObject({ nCode: 409, oData: { cCodigo: "PROCESS_PAID" } });
    }
    // Cancelling it without a login answers like an unknown process (it tells nothing).
    expect((await cancelProcess(t, alice, processId)).status).toBe(404);
    expect(await db.select().from(positions).where(eq(positions.sold, true))).toHaveLength(3);
  });
});

describe("GET Historial2", () => {
  it("lists the caller's orders, newest first, with tickets and totals", async () => {
    const first = await readyToPay(t, alice, twoPlacesAndASeat());
    // A declined attempt first: the order lists both of its purchase's payments.
    await pay(first, alice, {
      cClaveIdempotencia: `declined-${first}`,
      oTarjeta: testCard("4000000000000002"),
    });
    await pay(first, alice, { nCuotas: 6 });
    t.clock.advanceMinutes(5);
    const second = await readyToPay(t, alice, {
      idFuncion: fx.performances.later.id,
      listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
    });
    await pay(second, alice);

    const { json } = await t.call("/Historial2", { token: alice, language: "en" });
    const list = ordersResponse.parse(json.oData).Lista;
    expect(list.map((o) => o.idProcesoDeCompra)).toEqual([second, first]);
    const older = list[1];
    expect(older).toMatchObject({
      cEstado: "PAID",
      cEntrega: "E-ticket",
      fTotalTickets: 18_000,
      fCargoEntrega: 0,
      fCargoServicio: 1_800,
      fTotalPagado: 19_800,
      fPendiente: 0,
      nCuotas: 6,
      cUltimos4: "4242",
      nPagos: 2,
    });
    // 19,800 in 6 without interest at Banco de la Ciudad (sandbox-issuers.ts).
    expect(older.listaPagos).toEqual([
      expect.objectContaining({
        cEstado: "RECHAZADO",
        cMarca: "VISA",
        cUltimos4: "0002",
        cMotivo: "insufficient funds",
      }),
      expect.objectContaining({
        cEstado: "APROBADO",
        fMonto: 19_800,
        nCuotas: 6,
        fTotalCuotas: 19_800,
        cMarca: "VISA",
        cUltimos4: "4242",
        cMotivo: null,
      }),
    ]);
    expect(older.listaFunciones).toHaveLength(1);
    expect(older.listaFunciones[0].cEstablecimientoNombre).toBe("Teatro de Prueba");
    expect(
      older.listaFunciones[0].listaTickets.map((x) => [x.cSectorNombre, x.cFila, x.nNumero]),
    ).toEqual([
      ["Campo", null, null],
      ["Campo", null, null],
      ["Platea", "A", 1],
    ]);

    const bobs = await t.call("/Historial2", { token: bob });
    expect(ordersResponse.parse(bobs.json.oData).Lista).toEqual([]);
    expect((await t.call("/Historial2")).status).toBe(401);
  });
});

describe("GET Pedido/{id}/ETicket", () => {
  it("sends the owner a PDF attachment and nobody else", async () => {
    const processId = await readyToPay(t, alice, twoPlacesAndASeat());
    const orderId = Number(chargeResponse.parse((await pay(processId, alice)).json.oData).idPedido);

    const response = await t.request(`/Pedido/${orderId}/ETicket`, {
      token: alice,
      language: "pt",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="eticket-${orderId}.pdf"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1_000);

    for (const [path, token, status] of [
      [`/Pedido/${orderId}/ETicket`, bob, 404],
      [`/Pedido/${orderId + 1}/ETicket`, alice, 404],
      ["/Pedido/abc/ETicket", alice, 400],
      ["/Pedido/-2/ETicket", alice, 400],
      [`/Pedido/${orderId}/ETicket`, undefined, 401],
    ] as const) {
      const { status: got, json } = await t.call(path, { token });
      expect(got, path).toBe(status);
      expect(json.nCode).toBe(status);
    }
  });
});
