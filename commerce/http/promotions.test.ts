// Promotions through the API (issue 10): what a performance offers, choosing per place
// (Funcion/{id}/Promociones/Grupo and Reserva/{id}/Promociones), every kind, codes, dates,
// customer attributes, quotas, and the price that is charged and kept on the tickets.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ordersResponse,
  performancePromotionsResponse,
  purchaseProcessSchema,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { customerAttributes, customers, tickets } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, readyToPay, type TestApi, testCard } from "../testing/harness.ts";
import { addPromotion as addShowPromotion } from "../testing/promotions.ts";

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

const text = (es: string) => ({ es, en: es, pt: es });
const DAY = 24 * 60 * 60_000;

const addPromotion = (values: Parameters<typeof addShowPromotion>[2] = {}) =>
  addShowPromotion(db, fx.show.id, values);

async function grant(email: string, attribute: string) {
  const [customer] = await db.select().from(customers).where(eq(customers.email, email));
  await db.insert(customerAttributes).values({ customerId: customer.id, attribute });
}

/** Holds `count` general-admission places of the main performance in a new process. */
async function holdGeneral(token: string, count: number) {
  const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: count }],
    },
  });
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return purchaseProcessSchema.parse(json.oData);
}

const placeIds = (process: { listaFuncion: { listaPosiciones: { idPosicion: number }[] }[] }) =>
  process.listaFuncion.flatMap((line) => line.listaPosiciones.map((place) => place.idPosicion));

const listPromotions = (
  token: string,
  body: Record<string, unknown> = {},
  performanceId = fx.performances.main.id,
) => t.call(`/Funcion/${performanceId}/Promociones`, { token, body, language: "en" });

const chooseGroup = (
  token: string,
  processId: number,
  listaPosiciones: unknown[],
  performanceId = fx.performances.main.id,
) =>
  t.call(`/Funcion/${performanceId}/Promociones/Grupo`, {
    token,
    body: { idProcesoDeCompra: processId, listaPosiciones },
    language: "en",
  });

const chooseForProcess = (token: string, processId: number, listaPosiciones: unknown[]) =>
  t.call(`/Reserva/${processId}/Promociones`, { token, body: { listaPosiciones }, language: "en" });

describe("POST Funcion/{id}/Promociones", () => {
  it("lists the performance's promotions with their rule, quota left and whether the caller may have them", async () => {
    const twoForOne = await addPromotion({
      name: text("2x1"),
      rule: { kind: "N_FOR_M", take: 2, pay: 1 },
      quota: 10,
    });
    const residents = await addPromotion({ name: text("Residentes"), forAttribute: "RESIDENT" });
    await addPromotion({ name: text("Con código"), code: "CULTURA" });
    await addPromotion({
      name: text("Terminada"),
      validUntil: new Date(t.clock.now().getTime() - DAY),
    });
    await addPromotion({ name: text("De otra función"), performanceId: fx.performances.later.id });
    await addPromotion({ name: text("De otro espectáculo"), showId: fx.quietShow.id });
    await addPromotion({ name: text("Inactiva"), active: false });

    const { status, json } = await listPromotions(alice);
    expect(status).toBe(200);
    const answer = performancePromotionsResponse.parse(json.oData);
    expect(answer.lCodigoValido).toBeNull();
    expect(answer.Lista.map((p) => p.cNombre)).toEqual(["2x1", "Residentes"]);
    expect(answer.Lista[0]).toMatchObject({
      idPromocion: twoForOne.id,
      oRegla: { cTipo: "N_FOR_M", nLleva: 2, nPaga: 1 },
      nCupoRestante: 10,
      lDisponible: true,
      cMotivo: null,
    });
    expect(answer.Lista[1]).toMatchObject({
      idPromocion: residents.id,
      cParaAtributo: "RESIDENT",
      lDisponible: false,
      cMotivo: "NOT_ELIGIBLE",
      cMotivoTexto: "The promotion Residentes is not available for your account",
    });

    await grant("alice@example.com", "RESIDENT");
    const granted = performancePromotionsResponse.parse((await listPromotions(alice)).json.oData);
    expect(granted.Lista[1]).toMatchObject({ lDisponible: true, cMotivo: null });
  });

  it("lists a promotion with a code only to whoever types it, in any case and spacing", async () => {
    await addPromotion({ name: text("Con código"), code: "CULTURA25" });
    const right = performancePromotionsResponse.parse(
      (await listPromotions(alice, { cCodigo: " cultura 25 " })).json.oData,
    );
    expect(right.lCodigoValido).toBe(true);
    expect(right.Lista).toMatchObject([
      { cNombre: "Con código", lRequiereCodigo: true, lDisponible: true },
    ]);
    const wrong = performancePromotionsResponse.parse(
      (await listPromotions(alice, { cCodigo: "NOPE" })).json.oData,
    );
    expect(wrong).toEqual({ lCodigoValido: false, Lista: [] });
  });

  it("counts wrong codes against a rate limit, like passwords", async () => {
    await addPromotion({ code: "CULTURA25" });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await listPromotions(alice, { cCodigo: `WRONG${attempt}` })).status).toBe(200);
    }
    const limited = await listPromotions(alice, { cCodigo: "WRONG10" });
    expect(limited.status).toBe(429);
    expect(limited.json.oData.cCodigo).toBe("RATE_LIMITED");
    // Bob is not slowed down by Alice's guesses.
    expect((await listPromotions(bob, { cCodigo: "CULTURA25" })).json.oData.lCodigoValido).toBe(
      true,
    );
  });

  it("answers 404 for an unknown performance or someone else's process, 400 for bad input", async () => {
    expect((await listPromotions(alice, {}, 999_999)).status).toBe(404);
    const bobs = await holdGeneral(bob, 1);
    expect(
      (await listPromotions(alice, { idProcesoDeCompra: bobs.idProcesoDeCompra })).status,
    ).toBe(404);
    expect((await listPromotions(alice, { cCodigo: "x".repeat(41) })).status).toBe(400);
    expect((await listPromotions(alice, { idProcesoDeCompra: "abc" })).status).toBe(400);
    const anonymous = await t.call(`/Funcion/${fx.performances.main.id}/Promociones`, { body: {} });
    expect(anonymous.status).toBe(401);
  });
});

describe("choosing promotions per place", () => {
  it("gives different tickets different promotions and prices each under its own", async () => {
    const quarterOff = await addPromotion({
      name: text("25%"),
      rule: { kind: "PERCENT_OFF", percent: 25 },
    });
    const twoForOne = await addPromotion({
      name: text("2x1"),
      rule: { kind: "N_FOR_M", take: 2, pay: 1 },
    });
    const process = await holdGeneral(alice, 3);
    const [first, second, third] = placeIds(process);
    const { json } = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: first, idPromocion: quarterOff.id },
      { idPosicion: second, idPromocion: twoForOne.id },
      { idPosicion: third, idPromocion: twoForOne.id },
    ]);
    expect(json.nCode, JSON.stringify(json)).toBe(200);
    const chosen = purchaseProcessSchema.parse(json.oData);
    expect(chosen.listaFuncion[0].listaPosiciones).toMatchObject([
      {
        idPosicion: first,
        idPromocion: quarterOff.id,
        cPromocionNombre: "25%",
        fPrecio: 5_000,
        fDescuento: 1_250,
        fPrecioFinal: 3_750,
      },
      {
        idPosicion: second,
        idPromocion: twoForOne.id,
        cPromocionNombre: "2x1",
        fDescuento: 0,
        fPrecioFinal: 5_000,
      },
      { idPosicion: third, idPromocion: twoForOne.id, fDescuento: 5_000, fPrecioFinal: 0 },
    ]);
    expect(chosen).toMatchObject({
      fSubtotal: 15_000,
      fDescuento: 6_250,
      fCargoServicio: 875,
      fTotal: 9_625,
    });
    expect(chosen.listaFuncion[0].fPrecioTotalFinal).toBe(8_750);
    // Read again, the process keeps them.
    const again = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice })).json.oData,
    );
    expect(again.fTotal).toBe(9_625);
  });

  it("charges the discounted total and keeps each ticket's promotion on the order", async () => {
    const fixed = await addPromotion({
      name: text("Precio fijo"),
      rule: { kind: "FIXED_PRICE", price: 3_000 },
    });
    const processId = await readyToPay(t, alice, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
    });
    const view = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${processId}`, { token: alice })).json.oData,
    );
    const [withPromotion, without] = placeIds(view);
    await chooseForProcess(alice, processId, [
      { idPosicion: withPromotion, idPromocion: fixed.id },
    ]);
    const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      body: { cClaveIdempotencia: "promo-order-1", oTarjeta: testCard() },
    });
    expect(paid.json.nCode, JSON.stringify(paid.json)).toBe(200);
    // 3,000 + 5,000, 10% service, e-ticket delivery free.
    const [charged] = await db.select().from(tickets).orderBy(tickets.positionId);
    expect(charged).toMatchObject({
      positionId: withPromotion,
      price: 3_000,
      discount: 2_000,
      promotionId: fixed.id,
    });
    const history = ordersResponse.parse(
      (await t.call("/Historial2", { token: alice, language: "en" })).json.oData,
    );
    expect(history.Lista[0]).toMatchObject({
      fTotalTickets: 10_000,
      fDescuento: 2_000,
      fTotalPagado: 8_800,
    });
    const sold = history.Lista[0].listaFunciones[0].listaTickets;
    expect(
      sold.map((ticket) => [ticket.cPromocionNombre, ticket.fPrecio, ticket.fDescuento]),
    ).toEqual([
      ["Precio fijo", 3_000, 2_000],
      [null, 5_000, 0],
    ]);
    expect(without).not.toBe(withPromotion);
    expect(t.sandbox).toBeDefined();
    const paidView = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${processId}`, { token: alice })).json.oData,
    );
    expect(paidView).toMatchObject({ cEstado: "PAID", fDescuento: 2_000, fTotal: 8_800 });
    expect(
      paidView.listaFuncion[0].listaPosiciones.map((place) => place.cPromocionNombre).sort(),
    ).toEqual(["Precio fijo", null].sort());
  });

  it("takes a promotion off a place with null, and drops it when the place is given back", async () => {
    const promo = await addPromotion();
    const process = await holdGeneral(alice, 2);
    const [first, second] = placeIds(process);
    await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: first, idPromocion: promo.id },
      { idPosicion: second, idPromocion: promo.id },
    ]);
    const removed = purchaseProcessSchema.parse(
      (
        await chooseGroup(alice, process.idProcesoDeCompra, [
          { idPosicion: first, idPromocion: null },
        ])
      ).json.oData,
    );
    expect(removed.listaFuncion[0].listaPosiciones.map((place) => place.idPromocion)).toEqual([
      null,
      promo.id,
    ]);
    // Given back and taken again, the seat starts without a promotion.
    const seat = await t.call(`/Proceso/${process.idProcesoDeCompra}/Posiciones/Tomar`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
    });
    await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: fx.seatIds[0], idPromocion: promo.id },
    ]);
    expect(seat.json.nCode).toBe(200);
    await t.call(`/Proceso/${process.idProcesoDeCompra}/Posiciones/SoltarFuncion`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id },
    });
    const again = await holdGeneral(alice, 1);
    const retaken = await t.call(`/Proceso/${again.idProcesoDeCompra}/Posiciones/Tomar`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
    });
    const places = purchaseProcessSchema.parse(retaken.json.oData).listaFuncion[0].listaPosiciones;
    expect(places.map((place) => place.idPromocion)).toEqual([null, null]);
  });

  it("asks for the code, refuses a wrong one and accepts the right one", async () => {
    const coded = await addPromotion({ name: text("Cultura"), code: "CULTURA25" });
    const process = await holdGeneral(alice, 1);
    const [place] = placeIds(process);
    const missing = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: place, idPromocion: coded.id },
    ]);
    expect(missing.json).toMatchObject({
      nCode: 422,
      cMensaje: "Enter the code of the promotion Cultura",
      oData: { cCodigo: "PROMOTION_CODE_REQUIRED" },
    });
    const wrong = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: place, idPromocion: coded.id, cCodigo: "CULTURA26" },
    ]);
    expect(wrong.json).toMatchObject({
      cMensaje: "The code is not valid for the promotion Cultura",
      oData: { cCodigo: "PROMOTION_CODE_WRONG" },
    });
    const right = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: place, idPromocion: coded.id, cCodigo: "cultura25" },
    ]);
    expect(purchaseProcessSchema.parse(right.json.oData).fDescuento).toBe(1_000);
  });

  it("gives a promotion for residents only to a customer granted that attribute", async () => {
    const residents = await addPromotion({ name: text("Residentes"), forAttribute: "RESIDENT" });
    const process = await holdGeneral(alice, 1);
    const choice = [{ idPosicion: placeIds(process)[0], idPromocion: residents.id }];
    const refused = await chooseGroup(alice, process.idProcesoDeCompra, choice);
    expect(refused.json.oData.cCodigo).toBe("PROMOTION_NOT_ELIGIBLE");
    await grant("alice@example.com", "RESIDENT");
    expect((await chooseGroup(alice, process.idProcesoDeCompra, choice)).json.nCode).toBe(200);
  });

  it("gives a promotion only between its dates", async () => {
    const now = t.clock.now().getTime();
    const later = await addPromotion({ name: text("Pronto"), validFrom: new Date(now + DAY) });
    const ended = await addPromotion({ name: text("Ayer"), validUntil: new Date(now - 1) });
    const process = await holdGeneral(alice, 1);
    const [place] = placeIds(process);
    const early = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: place, idPromocion: later.id },
    ]);
    expect(early.json.oData.cCodigo).toBe("PROMOTION_NOT_STARTED");
    const late = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: place, idPromocion: ended.id },
    ]);
    expect(late.json.oData.cCodigo).toBe("PROMOTION_ENDED");
  });

  it("refuses someone else's places and processes, other shows' promotions, and bad bodies, changing nothing", async () => {
    const promo = await addPromotion();
    const elsewhere = await addPromotion({ showId: fx.quietShow.id });
    const alices = await holdGeneral(alice, 1);
    const bobs = await holdGeneral(bob, 1);
    const [alicePlace] = placeIds(alices);
    const [bobPlace] = placeIds(bobs);

    const othersPlace = await chooseGroup(alice, alices.idProcesoDeCompra, [
      { idPosicion: bobPlace, idPromocion: promo.id },
    ]);
    expect(othersPlace.status).toBe(400);
    expect(othersPlace.json.oData.oErrores).toEqual({ listaPosiciones: ["placeNotHeld"] });
    const othersProcess = await chooseForProcess(alice, bobs.idProcesoDeCompra, [
      { idPosicion: bobPlace, idPromocion: promo.id },
    ]);
    expect(othersProcess.status).toBe(404);
    const otherShow = await chooseGroup(alice, alices.idProcesoDeCompra, [
      { idPosicion: alicePlace, idPromocion: elsewhere.id },
    ]);
    expect(otherShow.json.oData.cCodigo).toBe("PROMOTION_UNAVAILABLE");
    const unknown = await chooseGroup(alice, alices.idProcesoDeCompra, [
      { idPosicion: alicePlace, idPromocion: 999_999 },
    ]);
    expect(unknown.json.oData.cCodigo).toBe("PROMOTION_UNAVAILABLE");
    const wrongPerformance = await chooseGroup(
      alice,
      alices.idProcesoDeCompra,
      [{ idPosicion: alicePlace, idPromocion: promo.id }],
      fx.performances.later.id,
    );
    expect(wrongPerformance.json.oData.oErrores).toEqual({ listaPosiciones: ["placeNotHeld"] });
    for (const listaPosiciones of [
      [],
      "x",
      [
        { idPosicion: alicePlace, idPromocion: promo.id },
        { idPosicion: alicePlace, idPromocion: null },
      ],
      [{ idPosicion: -1, idPromocion: promo.id }],
      [{ idPosicion: alicePlace, idPromocion: "1; drop table" }],
    ]) {
      const bad = await chooseForProcess(
        alice,
        alices.idProcesoDeCompra,
        listaPosiciones as unknown[],
      );
      expect(bad.status, JSON.stringify(listaPosiciones)).toBe(400);
    }
    const after = purchaseProcessSchema.parse(
      (await t.call(`/Proceso/${alices.idProcesoDeCompra}`, { token: alice })).json.oData,
    );
    expect(after.fDescuento).toBe(0);
  });

  it("refuses a change once the process has ended", async () => {
    const promo = await addPromotion();
    const process = await holdGeneral(alice, 1);
    t.clock.advanceMinutes(31);
    const late = await chooseGroup(alice, process.idProcesoDeCompra, [
      { idPosicion: placeIds(process)[0], idPromocion: promo.id },
    ]);
    expect(late.json.oData.cCodigo).toBe("PROCESS_EXPIRED");
  });
});

describe("quotas", () => {
  it("never gives a promotion past its quota, and a hold that runs out gives its share back", async () => {
    const promo = await addPromotion({ name: text("Cupo"), quota: 3 });
    const alices = await holdGeneral(alice, 2);
    const bobs = await holdGeneral(bob, 2);
    const all = (process: typeof alices) =>
      placeIds(process).map((idPosicion) => ({ idPosicion, idPromocion: promo.id }));
    expect((await chooseGroup(alice, alices.idProcesoDeCompra, all(alices))).json.nCode).toBe(200);
    const over = await chooseGroup(bob, bobs.idProcesoDeCompra, all(bobs));
    expect(over.json).toMatchObject({
      cMensaje: "The promotion Cupo has no tickets left for that many places",
      oData: { cCodigo: "PROMOTION_QUOTA_EXHAUSTED" },
    });
    expect((await chooseGroup(bob, bobs.idProcesoDeCompra, all(bobs).slice(0, 1))).json.nCode).toBe(
      200,
    );
    const listed = performancePromotionsResponse.parse((await listPromotions(bob)).json.oData);
    expect(listed.Lista[0]).toMatchObject({
      nCupoRestante: 0,
      lDisponible: false,
      cMotivo: "QUOTA_EXHAUSTED",
    });

    // Alice's clock runs out: her two no longer count (Bob holds his 31 minutes from now).
    t.clock.advanceMinutes(29);
    const fresh = await holdGeneral(bob, 1);
    t.clock.advanceMinutes(2);
    const freed = performancePromotionsResponse.parse((await listPromotions(bob)).json.oData);
    expect(freed.Lista[0].nCupoRestante).toBe(3);
    expect((await chooseGroup(bob, fresh.idProcesoDeCompra, all(fresh))).json.nCode).toBe(200);
  });
});
