// Products with a performance (issue 10): ProductoAsignado/Lista/Obtener and /Seleccionar.
// A product's units are held like places, on the process's clock, never one unit twice.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { assignedProductsResponse, purchaseProcessSchema } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  createCustomersWithTokens,
  readyToPay,
  type TestApi,
  testCard,
} from "../testing/harness.ts";
import { productsFixture } from "../testing/products-fixture.ts";

let db: Database;
let t: TestApi;
let fx: Awaited<ReturnType<typeof productsFixture>>;
let alice: string;
let bob: string;

const api = setUpApiTests({ fixture: productsFixture, customers: ["alice", "bob"] });
beforeEach(() => {
  ({ db, t, fx } = api);
  ({ alice, bob } = api.tokens);
});

async function holdTicket(token: string) {
  const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    },
  });
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return json.oData.idProcesoDeCompra as number;
}

const assigned = async (token: string, processId: number) =>
  assignedProductsResponse.parse(
    (
      await t.call("/ProductoAsignado/Lista/Obtener", {
        token,
        body: { idProcesoDeCompra: processId },
      })
    ).json.oData,
  ).Lista;

const select = (token: string, processId: number, listaProductos: unknown) =>
  t.call("/ProductoAsignado/Lista/Seleccionar", {
    token,
    body: { idProcesoDeCompra: processId, listaProductos },
    language: "en",
  });

const programmeUnits = (count: number) => [{ idProducto: fx.programme.show.id, nCantidad: count }];

describe("ProductoAsignado/Lista", () => {
  it("lists what the show offers, then holds, lowers and gives back units", async () => {
    const processId = await holdTicket(alice);
    expect(await assigned(alice, processId)).toMatchObject([
      {
        idEspectaculoCartel: fx.programme.show.id,
        cEspectaculoCartelNombre: "Programa de mano",
        idFuncion: fx.programme.sale.id,
        fPrecio: 1_500,
        nDisponible: 3,
        nCantidad: 0,
      },
    ]);

    const two = await select(alice, processId, programmeUnits(2));
    expect(two.json.nCode, JSON.stringify(two.json)).toBe(200);
    const view = purchaseProcessSchema.parse(two.json.oData);
    const line = view.listaFuncion.find((l) => l.idFuncion === fx.programme.sale.id);
    expect(line).toMatchObject({ nCantidadPosiciones: 2, fPrecioTotalFinal: 3_000 });
    expect(view.fSubtotal).toBe(fx.prices.general + 3_000);
    expect(await assigned(alice, processId)).toMatchObject([{ nCantidad: 2, nDisponible: 1 }]);

    await select(alice, processId, programmeUnits(1));
    expect(await assigned(alice, processId)).toMatchObject([{ nCantidad: 1, nDisponible: 2 }]);
    await select(alice, processId, programmeUnits(0));
    expect(await assigned(alice, processId)).toMatchObject([{ nCantidad: 0, nDisponible: 3 }]);
  });

  it("holds the units on the process's clock: they are free again when it runs out", async () => {
    const processId = await holdTicket(alice);
    await select(alice, processId, programmeUnits(3));
    const bobs = await holdTicket(bob);
    expect((await select(bob, bobs, programmeUnits(1))).json.oData.cCodigo).toBe(
      "NOT_ENOUGH_PLACES",
    );
    t.clock.advanceMinutes(31);
    const again = await holdTicket(bob);
    expect((await select(bob, again, programmeUnits(3))).json.nCode).toBe(200);
  });

  it("never sells one unit twice when buyers race for the last ones", async () => {
    const tokens = await createCustomersWithTokens(db, t.clock, 6);
    const processes: number[] = [];
    for (const token of tokens) processes.push(await holdTicket(token));
    const answers = await Promise.all(
      tokens.map((token, i) => select(token, processes[i], programmeUnits(1))),
    );
    expect(answers.filter((a) => a.json.nCode === 200)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.json.nCode !== 200)) {
      expect(refused.json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
    }
    const held = await db
      .select()
      .from(schema.positions)
      .where(eq(schema.positions.performanceId, fx.programme.sale.id));
    expect(new Set(held.map((p) => p.heldByProcessId)).size).toBe(3);
  });

  it("refuses a product the show does not offer, more than the limit, and more than the stock, changing nothing", async () => {
    const processId = await holdTicket(alice);
    const notOffered = await select(alice, processId, [
      { idProducto: fx.cap.show.id, nCantidad: 1 },
    ]);
    expect(notOffered.json).toMatchObject({
      cMensaje: "That product is not offered with the tickets in your purchase",
      oData: { cCodigo: "PRODUCT_NOT_OFFERED" },
    });
    expect((await select(alice, processId, programmeUnits(11))).json.oData.cCodigo).toBe(
      "TOO_MANY_PLACES",
    );
    expect((await select(alice, processId, programmeUnits(4))).json.oData.cCodigo).toBe(
      "NOT_ENOUGH_PLACES",
    );
    expect(await assigned(alice, processId)).toMatchObject([{ nCantidad: 0, nDisponible: 3 }]);
  });

  it("lets a product whose tickets were given back be lowered, not raised", async () => {
    const processId = await holdTicket(alice);
    await t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
      token: alice,
      body: {
        idFuncion: fx.performances.later.id,
        listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
      },
    });
    await select(alice, processId, programmeUnits(2));
    await t.call(`/Proceso/${processId}/Posiciones/SoltarFuncion`, {
      token: alice,
      body: { idFuncion: fx.performances.main.id },
    });
    // Still offered through the later performance; once the show stops offering it, only held.
    await db.delete(schema.showProducts);
    expect(await assigned(alice, processId)).toMatchObject([{ nCantidad: 2 }]);
    expect((await select(alice, processId, programmeUnits(3))).json.oData.cCodigo).toBe(
      "PRODUCT_NOT_OFFERED",
    );
    expect((await select(alice, processId, programmeUnits(1))).json.nCode).toBe(200);
  });

  it("answers 404 for someone else's process and 400 for bad bodies", async () => {
    const bobs = await holdTicket(bob);
    expect((await select(alice, bobs, programmeUnits(1))).status).toBe(404);
    const listed = await t.call("/ProductoAsignado/Lista/Obtener", {
      token: alice,
      body: { idProcesoDeCompra: bobs },
    });
    expect(listed.status).toBe(404);
    const alices = await holdTicket(alice);
    for (const bad of [
      [],
      "x",
      [{ idProducto: fx.programme.show.id, nCantidad: -1 }],
      [{ idProducto: fx.programme.show.id, nCantidad: 21 }],
      [...programmeUnits(1), ...programmeUnits(2)],
      [{ idProducto: "abc", nCantidad: 1 }],
    ]) {
      expect((await select(alice, alices, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const anonymous = await t.call("/ProductoAsignado/Lista/Obtener", {
      body: { idProcesoDeCompra: alices },
    });
    expect(anonymous.status).toBe(401);
  });

  it("sells the products with the tickets, as 'Cantidad' lines of the order", async () => {
    const processId = await readyToPay(t, alice, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    });
    await select(alice, processId, programmeUnits(2));
    const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      body: { cClaveIdempotencia: "products-order-1", oTarjeta: testCard() },
    });
    expect(paid.json.nCode, JSON.stringify(paid.json)).toBe(200);
    const [order] = await db.select().from(schema.orders);
    expect(order.ticketsTotal).toBe(fx.prices.general + 3_000);
    const sold = await db
      .select()
      .from(schema.tickets)
      .where(eq(schema.tickets.performanceId, fx.programme.sale.id));
    expect(sold).toHaveLength(2);
  });
});
