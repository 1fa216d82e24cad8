import { eq, isNotNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  deliveryTypesResponse,
  errorData,
  invalidateResponse,
  paymentMethodsResponse,
  performanceDetailSchema,
  purchaseProcessSchema,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { performances, positions, purchaseProcesses } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  createCustomerWithToken,
  createTestApi,
  type Fixture,
  readyToPay,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;

const api = setUpApiTests({ customers: ["alice", "bob"] });
beforeEach(() => {
  ({ db, t, fx } = api);
  ({ alice, bob } = api.tokens);
});

const general = (quantity: number) => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: quantity }],
});
const seats = (...ids: number[]) => ({ idFuncion: fx.performances.main.id, listaPosiciones: ids });

async function take(token: string, body: unknown, processId = 0) {
  return t.call(`/Proceso/${processId}/Posiciones/Tomar`, { token, body });
}

async function takeOk(token: string, body: unknown, processId = 0) {
  const { status, json } = await take(token, body, processId);
  expect(status).toBe(200);
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return purchaseProcessSchema.parse(json.oData);
}

async function heldCount(processId?: number) {
  const rows = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      processId === undefined
        ? isNotNull(positions.heldByProcessId)
        : eq(positions.heldByProcessId, processId),
    );
  return rows.length;
}

async function freeIn(sector: "general" | "numbered", token?: string) {
  const detail = performanceDetailSchema.parse(
    (await t.call(`/Funcion/${fx.performances.main.id}`, { token })).json.oData,
  );
  return detail.listaSectores[sector === "general" ? 0 : 1].nDisponibles;
}

describe("POST Proceso/0/Posiciones/Tomar", () => {
  it("starts a CART process with a 30-minute clock and holds the places", async () => {
    const process = await takeOk(alice, general(3));
    expect(process).toMatchObject({
      ctProcess: "CART",
      cEstado: "ACTIVE",
      dDesde: t.clock.now().toISOString(),
      dMaxima: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
      nMinutos: 30,
      oCantidadTotal: { nCantidadTotal: 3 },
      idEntregaTipo: null,
      nFormaDePago: null,
      fSubtotal: 15_000,
      fCargoEntrega: 0,
      fCargoServicio: 1_500,
      fTotal: 16_500,
      idPedido: null,
    });
    expect(process.listaFuncion).toHaveLength(1);
    expect(process.listaFuncion[0]).toMatchObject({
      idFuncion: fx.performances.main.id,
      nCantidadPosiciones: 3,
      fPrecioTotalFinal: 15_000,
    });
    expect(process.listaFuncion[0].oEspectaculo.cSeo).toBe("obra-de-prueba");
    expect(await heldCount(process.idProcesoDeCompra)).toBe(3);
    expect(await freeIn("general")).toBe(17);
  });

  it("holds numbered seats by id, and general places and seats together", async () => {
    const [a1, a2] = fx.seatIds;
    const process = await takeOk(alice, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
      listaPosiciones: [a1, a2, a2],
    });
    const places = process.listaFuncion[0].listaPosiciones;
    expect(places.map((p) => [p.cTipo, p.cFila, p.nNumero])).toEqual([
      ["GENERAL", null, null],
      ["NUMBERED", "A", 1],
      ["NUMBERED", "A", 2],
    ]);
    expect(process.fSubtotal).toBe(5_000 + 2 * 8_000);
  });

  it("answers NOT_ENOUGH_PLACES and holds nothing when a sector lacks places", async () => {
    // Others hold 15 of the 20 general places (each within the per-customer limit).
    await takeOk(bob, general(10));
    const carol = await createCustomerWithToken(db, t.clock, "carol");
    await takeOk(carol.token, general(5));
    const { status, json } = await take(alice, {
      idFuncion: fx.performances.main.id,
      listaSectores: [
        { idSector: fx.sectors.numbered.id, nCantidad: 2 },
        { idSector: fx.sectors.general.id, nCantidad: 5 },
        { idSector: fx.sectors.general.id, nCantidad: 1 },
      ],
    });
    expect(status).toBe(200);
    expect(json.nCode).toBe(409);
    expect(errorData.parse(json.oData).cCodigo).toBe("NOT_ENOUGH_PLACES");
    // The whole request rolled back: no process for alice, nothing more held.
    expect(await heldCount()).toBe(15);
    expect(await db.select().from(purchaseProcesses)).toHaveLength(2);
  });

  it("answers SEAT_TAKEN for a seat someone else holds, keeping the caller's other holds", async () => {
    const [a1, a2, a3] = fx.seatIds;
    await takeOk(bob, seats(a2));
    const mine = await takeOk(alice, seats(a1));
    const { json } = await take(alice, seats(a3, a2), mine.idProcesoDeCompra);
    expect(json).toMatchObject({ nCode: 409, oData: { cCodigo: "SEAT_TAKEN" } });
    expect(await heldCount(mine.idProcesoDeCompra)).toBe(1);
  });

  it("adds to an existing process on its same clock; taking a held seat again is harmless", async () => {
    const [a1, a2] = fx.seatIds;
    const first = await takeOk(alice, seats(a1));
    t.clock.advanceMinutes(10);
    const second = await takeOk(alice, seats(a1, a2), first.idProcesoDeCompra);
    expect(second.idProcesoDeCompra).toBe(first.idProcesoDeCompra);
    expect(second.dMaxima).toBe(first.dMaxima);
    expect(second.oCantidadTotal.nCantidadTotal).toBe(2);
    const [deadline] = await db
      .selectDistinct({ heldUntil: positions.heldUntil })
      .from(positions)
      .where(eq(positions.heldByProcessId, first.idProcesoDeCompra));
    expect(deadline.heldUntil?.toISOString()).toBe(first.dMaxima);
  });

  it("a new process gives back the places of the caller's previous one", async () => {
    const first = await takeOk(alice, general(4));
    const second = await takeOk(alice, general(1));
    expect(second.idProcesoDeCompra).not.toBe(first.idProcesoDeCompra);
    const old = await t.call(`/Proceso/${first.idProcesoDeCompra}`, { token: alice });
    expect(old.json.oData.cEstado).toBe("CANCELLED");
    expect(await freeIn("general")).toBe(19);
  });

  it("a new process leaves the caller's expired one expired, not cancelled (§4)", async () => {
    const first = await takeOk(alice, general(1));
    t.clock.advanceMinutes(31);
    await takeOk(alice, general(1));
    const old = await t.call(`/Proceso/${first.idProcesoDeCompra}`, { token: alice });
    expect(old.json.oData.cEstado).toBe("EXPIRED");
  });

  it("refuses performances that are past or cancelled", async () => {
    const past = await take(alice, {
      idFuncion: fx.performances.past.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    });
    expect(past.json).toMatchObject({ nCode: 409, oData: { cCodigo: "PERFORMANCE_NOT_ON_SALE" } });
    await db
      .update(performances)
      .set({ status: "CANCELLED" })
      .where(eq(performances.id, fx.performances.main.id));
    const cancelled = await take(alice, general(1));
    expect(cancelled.json.oData.cCodigo).toBe("PERFORMANCE_NOT_ON_SALE");
  });

  it("answers 404 for an unknown performance and 400 for places of another one", async () => {
    const unknown = await take(alice, { idFuncion: 9999, listaPosiciones: [1] });
    expect(unknown.status).toBe(404);
    const otherSector = await take(alice, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
    });
    expect(otherSector.status).toBe(400);
    expect(otherSector.json.oData.oErrores).toEqual({ "listaSectores.0.idSector": ["invalid"] });
    const notASeat = await take(alice, seats(1)); // position 1 is a general-admission place
    expect(notASeat.status).toBe(400);
    expect(notASeat.json.oData.oErrores).toEqual({ listaPosiciones: ["invalid"] });
  });

  it("answers 400 for every kind of bad body, and 401 without a session", async () => {
    const bad: unknown[] = [
      {},
      { idFuncion: fx.performances.main.id },
      { idFuncion: fx.performances.main.id, listaSectores: [] },
      { idFuncion: "abc", listaPosiciones: [1] },
      { idFuncion: -1, listaPosiciones: [1] },
      { idFuncion: 1e12, listaPosiciones: [1] },
      { ...general(0) },
      { ...general(21) },
      { ...general(1.5) },
      { idFuncion: fx.performances.main.id, listaPosiciones: ["x"] },
      {
        idFuncion: fx.performances.main.id,
        listaPosiciones: Array.from({ length: 21 }, (_, i) => i + 1),
      },
      "{broken",
      [],
    ];
    for (const body of bad) {
      const { status, json } = await take(alice, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
    }
    expect((await take(alice, general(1), -1)).status).toBe(400);
    expect((await take(alice, general(1), 99_999_999_999)).status).toBe(400);
    const anonymous = await t.call("/Proceso/0/Posiciones/Tomar", { body: general(1) });
    expect(anonymous.status).toBe(401);
    expect(await heldCount()).toBe(0);
  });
});

describe("places per customer and performance", () => {
  const tooMany = { nCode: 422, oData: { cCodigo: "TOO_MANY_PLACES" } };

  it("refuses one request for a whole sector (20 × 20 of one sector) and holds nothing", async () => {
    const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
      token: alice,
      language: "en",
      body: {
        idFuncion: fx.performances.main.id,
        listaSectores: Array.from({ length: 20 }, () => ({
          idSector: fx.sectors.general.id,
          nCantidad: 20,
        })),
      },
    });
    expect(json).toEqual({
      ...tooMany,
      cMensaje: "You can take 10 more places for this performance.",
    });
    expect(await heldCount()).toBe(0);
    expect(await db.select().from(purchaseProcesses)).toHaveLength(0);
  });

  it("counts what the open process already holds, and the seats asked for again once", async () => {
    const [a1, a2, a3] = fx.seatIds;
    const process = await takeOk(alice, { ...general(6), listaPosiciones: [a1, a2] });
    const id = process.idProcesoDeCompra;
    expect((await take(alice, general(3), id)).json).toMatchObject(tooMany);
    expect((await take(alice, seats(a3), id)).json.nCode).toBe(200);
    expect(await heldCount(id)).toBe(9);
    // Asking again for seats it holds adds nothing.
    expect((await take(alice, seats(a1, a2, a3), id)).json.nCode).toBe(200);
    expect((await take(alice, general(1), id)).json.nCode).toBe(200);
    expect((await take(alice, general(1), id)).json).toMatchObject(tooMany);
    expect(await heldCount(id)).toBe(10);
    // Another customer, another performance, or starting over: each counted on its own.
    expect((await take(bob, general(10))).json.nCode).toBe(200);
    const later = {
      idFuncion: fx.performances.later.id,
      listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 2 }],
    };
    expect((await take(alice, later, id)).json.nCode).toBe(200);
    const fresh = await takeOk(alice, seats(a1, a2, a3));
    expect(await heldCount(fresh.idProcesoDeCompra)).toBe(3);
  });

  it("is configurable", async () => {
    const strict = createTestApi(db, { clock: t.clock, maxPlacesPerPerformance: 3 });
    const attempt = (quantity: number) =>
      strict.call("/Proceso/0/Posiciones/Tomar", { token: alice, body: general(quantity) });
    expect((await attempt(4)).json).toMatchObject(tooMany);
    expect((await attempt(3)).json.nCode).toBe(200);
  });
});

describe("someone else's process", () => {
  it("is a 404 on every endpoint, exactly like an unknown id", async () => {
    const process = await takeOk(alice, general(1));
    const id = process.idProcesoDeCompra;
    const calls: Array<[string, unknown]> = [
      [`/Proceso/${id}`, undefined],
      [`/Proceso/${id}/Posiciones/Tomar`, general(1)],
      [`/Proceso/${id}/Posiciones/SoltarFuncion`, { idFuncion: fx.performances.main.id }],
      [`/Proceso/${id}/TiposDeEntrega`, undefined],
      [`/Proceso/${id}/EntregaTipo/Seleccionar`, { idEntregaTipo: 1 }],
      [`/Proceso/${id}/FormasDePago`, undefined],
      [`/Proceso/${id}/FormaDePago/Seleccionar`, { nFormaDePago: 1 }],
      [`/Proceso/${id}/invalidar`, { cClaveInvalidar: "not-the-key" }],
      [`/Proceso/${id}/Extender`, {}],
    ];
    for (const [path, body] of calls) {
      for (const target of [path, path.replace(`/${id}`, "/777")]) {
        const { status, json } = await t.call(target, { token: bob, body });
        expect(status, target).toBe(404);
        expect(json).toMatchObject({ nCode: 404, oData: { cCodigo: "NOT_FOUND" } });
      }
    }
    expect(await heldCount(id)).toBe(1);
    const stillMine = await t.call(`/Proceso/${id}`, { token: alice });
    expect(stillMine.json.oData.cEstado).toBe("ACTIVE");
  });
});

describe("expiry", () => {
  it("frees the places for others at the deadline and closes the process", async () => {
    // Two customers hold the whole sector (each within the per-customer limit).
    const process = await takeOk(alice, general(10));
    const carol = await createCustomerWithToken(db, t.clock, "carol");
    await takeOk(carol.token, general(10));
    expect(await freeIn("general")).toBe(0);
    expect((await take(bob, general(1))).json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");

    t.clock.advanceMinutes(30);
    const view = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice })).json.oData,
    );
    expect(view.cEstado).toBe("EXPIRED");
    expect(view.oCantidadTotal.nCantidadTotal).toBe(0);
    expect(view.fTotal).toBe(0);
    expect(await freeIn("general")).toBe(20);

    const bobs = await takeOk(bob, general(10));
    expect(bobs.oCantidadTotal.nCantidadTotal).toBe(10);

    for (const [path, body] of [
      [`/Proceso/${process.idProcesoDeCompra}/Posiciones/Tomar`, seats(fx.seatIds[0])],
      [`/Proceso/${process.idProcesoDeCompra}/EntregaTipo/Seleccionar`, { idEntregaTipo: 1 }],
      [`/Proceso/${process.idProcesoDeCompra}/FormaDePago/Seleccionar`, { nFormaDePago: 1 }],
    ] as const) {
      const { status, json } = await t.call(path, { token: alice, body, language: "en" });
      expect(status).toBe(200);
      expect(json).toEqual({
        nCode: 410,
        cMensaje: "Your purchase time limit has expired",
        oData: { cCodigo: "PROCESS_EXPIRED" },
      });
    }
  });
});

describe("POST Proceso/{id}/Posiciones/SoltarFuncion", () => {
  it("gives back the process's places of one performance", async () => {
    const process = await takeOk(alice, general(2));
    await takeOk(
      alice,
      {
        idFuncion: fx.performances.later.id,
        listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
      },
      process.idProcesoDeCompra,
    );
    const { json } = await t.call(
      `/Proceso/${process.idProcesoDeCompra}/Posiciones/SoltarFuncion`,
      {
        token: alice,
        body: { idFuncion: fx.performances.main.id },
      },
    );
    const after = purchaseProcessSchema.parse(json.oData);
    expect(after.listaFuncion.map((f) => f.idFuncion)).toEqual([fx.performances.later.id]);
    expect(after.fSubtotal).toBe(4_000);
    expect(await freeIn("general")).toBe(20);
  });

  it("validates its body", async () => {
    const process = await takeOk(alice, general(1));
    for (const body of [{}, { idFuncion: "x" }, { idFuncion: 0 }, "nope"]) {
      const { status } = await t.call(
        `/Proceso/${process.idProcesoDeCompra}/Posiciones/SoltarFuncion`,
        { token: alice, body },
      );
      expect(status).toBe(400);
    }
  });
});

describe("POST Proceso/{id}/invalidar", () => {
  const invalidate = (id: number, body?: unknown) =>
    t.call(`/Proceso/${id}/invalidar`, { method: "POST", body });

  it("cancels without a login given the process's key, frees the places, can be repeated", async () => {
    const process = await takeOk(alice, general(5));
    const key = process.cClaveInvalidar;
    expect(key).toMatch(/^[\w-]{43}$/);
    for (let i = 0; i < 2; i++) {
      const { status, json } = await invalidate(process.idProcesoDeCompra, {
        cClaveInvalidar: key,
      });
      expect(status).toBe(200);
      expect(invalidateResponse.parse(json.oData)).toEqual({
        idProcesoDeCompra: process.idProcesoDeCompra,
        cEstado: "CANCELLED",
      });
    }
    expect(await freeIn("general")).toBe(20);
    const view = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(view.json.oData.cEstado).toBe("CANCELLED");
    const again = await take(alice, general(1), process.idProcesoDeCompra);
    expect(again.json).toMatchObject({ nCode: 410, oData: { cCodigo: "PROCESS_CANCELLED" } });
  });

  it("leaves a process whose time ran out expired, not cancelled (§4)", async () => {
    const process = await takeOk(alice, general(1));
    t.clock.advanceMinutes(31);
    const { json } = await invalidate(process.idProcesoDeCompra, {
      cClaveInvalidar: process.cClaveInvalidar,
    });
    expect(invalidateResponse.parse(json.oData).cEstado).toBe("EXPIRED");
    const view = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(view.json.oData.cEstado).toBe("EXPIRED");
  });

  it("answers unknown, foreign and paid processes alike, and cancels none of them", async () => {
    const alices = await takeOk(alice, general(2));
    const bobs = await takeOk(bob, general(1));
    expect(bobs.cClaveInvalidar).not.toBe(alices.cClaveInvalidar);
    const paidId = await readyToPay(t, bob, general(1));
    const paidKey = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${paidId}`, { token: bob })).json.oData,
    ).cClaveInvalidar;
    const charged = await t.call(`/Proceso/${paidId}/Cobrar`, {
      token: bob,
      body: { cClaveIdempotencia: "pay-once-0001", oTarjeta: testCard() },
    });
    expect(charged.json.nCode).toBe(200);

    const answers = [
      // someone else's process, with another process's key or a guess
      await invalidate(alices.idProcesoDeCompra, { cClaveInvalidar: bobs.cClaveInvalidar }),
      await invalidate(alices.idProcesoDeCompra, { cClaveInvalidar: "x".repeat(43) }),
      // an unknown one
      await invalidate(12_345, { cClaveInvalidar: alices.cClaveInvalidar }),
      // a paid one, even with its own key, and with a wrong one
      await invalidate(paidId, { cClaveInvalidar: paidKey }),
      await invalidate(paidId, { cClaveInvalidar: bobs.cClaveInvalidar }),
    ];
    const [first, ...rest] = answers.map(({ status, json }) => ({ status, json }));
    expect(first).toEqual({
      status: 404,
      json: {
        nCode: 404,
        cMensaje: "No encontramos lo que estás buscando",
        oData: { cCodigo: "NOT_FOUND" },
      },
    });
    for (const answer of rest) expect(answer).toEqual(first);

    // Walking the ids with guessed keys cancels nothing.
    for (let id = 1; id <= paidId + 2; id++) {
      await invalidate(id, { cClaveInvalidar: "guess-guess-guess" });
    }
    expect(await heldCount(alices.idProcesoDeCompra)).toBe(2);
    const view = await t.call(`/Proceso/${alices.idProcesoDeCompra}`, { token: alice });
    expect(view.json.oData.cEstado).toBe("ACTIVE");
  });

  it("keeps no copy of the key that would let a database reader cancel", async () => {
    const process = await takeOk(alice, general(1));
    const [row] = await db
      .select()
      .from(purchaseProcesses)
      .where(eq(purchaseProcesses.id, process.idProcesoDeCompra));
    expect(JSON.stringify(row)).not.toContain(process.cClaveInvalidar);
  });

  it("answers 400 without a key and for malformed ids", async () => {
    const process = await takeOk(alice, general(1));
    for (const body of [undefined, {}, { cClaveInvalidar: "" }, { cClaveInvalidar: 42 }]) {
      const { status, json } = await invalidate(process.idProcesoDeCompra, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
    }
    const key = { cClaveInvalidar: process.cClaveInvalidar };
    expect((await t.call("/Proceso/abc/invalidar", { body: key })).status).toBe(400);
    expect((await t.call("/Proceso/0/invalidar", { body: key })).status).toBe(400);
    expect(await heldCount(process.idProcesoDeCompra)).toBe(1);
  });
});

describe("delivery types and payment methods", () => {
  it("lists the delivery types translated and records the choice", async () => {
    const process = await takeOk(alice, general(1));
    const id = process.idProcesoDeCompra;
    const list = deliveryTypesResponse.parse(
      (await t.call(`/Proceso/${id}/TiposDeEntrega`, { token: alice, language: "en" })).json.oData,
    ).Lista;
    expect(list.map((d) => [d.idEntregaTipo, d.cCodigo, d.cNombre, d.fPrecio])).toEqual([
      [1, "ETICKET", "E-ticket", 0],
      [2, "BOX_OFFICE", "Box-office pickup", 0],
      [3, "HOME", "Home delivery", 2_500],
    ]);
    const es = deliveryTypesResponse.parse(
      (await t.call(`/Proceso/${id}/TiposDeEntrega`, { token: alice })).json.oData,
    ).Lista;
    expect(es[1].cNombre).toBe("Retiro en boletería");

    const chosen = await t.call(`/Proceso/${id}/EntregaTipo/Seleccionar`, {
      token: alice,
      body: { idEntregaTipo: "2" },
    });
    expect(purchaseProcessSchema.parse(chosen.json.oData).idEntregaTipo).toBe(2);

    for (const body of [{ idEntregaTipo: 9 }, { idEntregaTipo: "x" }, {}, { idEntregaTipo: -1 }]) {
      const { status, json } = await t.call(`/Proceso/${id}/EntregaTipo/Seleccionar`, {
        token: alice,
        body,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
    }
  });

  it("lists the payment methods with their installments and records the choice", async () => {
    const process = await takeOk(alice, general(1));
    const id = process.idProcesoDeCompra;
    const list = paymentMethodsResponse.parse(
      (await t.call(`/Proceso/${id}/FormasDePago`, { token: alice, language: "pt" })).json.oData,
    ).Lista;
    expect(list).toEqual([
      {
        nFormaDePago: 1,
        cCodigo: "CREDIT_CARD",
        cNombre: "Cartão de crédito",
        listaCuotas: [1, 3, 6, 12],
      },
      { nFormaDePago: 2, cCodigo: "DEBIT_CARD", cNombre: "Cartão de débito", listaCuotas: [1] },
    ]);
    const chosen = await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 2 },
    });
    expect(purchaseProcessSchema.parse(chosen.json.oData).nFormaDePago).toBe(2);
    const unknown = await t.call(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 9 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.oData.oErrores).toEqual({ nFormaDePago: ["paymentMethodRequired"] });
  });

  it("requires a session", async () => {
    expect((await t.call("/Proceso/1/TiposDeEntrega")).status).toBe(401);
    expect((await t.call("/Proceso/1/FormasDePago")).status).toBe(401);
    expect((await t.call("/Proceso/1")).status).toBe(401);
  });
});
