// The order history lists tickets in the order a buyer reads them (performance, sector, row,
// seat), however the seats were picked; the e-ticket prints its pages from the same list.
import { beforeEach, describe, expect, it } from "vitest";
import { ordersResponse } from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { buildFixture, readyToPay, testCard } from "../testing/harness.ts";
import { loadOrders } from "./history.ts";

const api = setUpApiTests({
  customers: ["alice"],
  fixture: (db, clock) => buildFixture(db, clock, { seatsPerRow: 12 }),
});

let processId: number;

/** Seat ids of the fixture: row A 1…12, then row B 1…12. */
const seat = (row: "A" | "B", number: number) =>
  api.fx.seatIds[(row === "A" ? 0 : 12) + number - 1];

beforeEach(async () => {
  const { t, fx, tokens } = api;
  const token = tokens.alice;
  // Picked one at a time, out of order, with a general-admission place last.
  processId = await readyToPay(t, token, {
    idFuncion: fx.performances.main.id,
    listaPosiciones: [seat("A", 3)],
  });
  for (const take of [
    { listaPosiciones: [seat("B", 1)] },
    { listaPosiciones: [seat("A", 10)] },
    { listaPosiciones: [seat("A", 2)] },
    { listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }] },
  ]) {
    const taken = await t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
      token,
      body: { idFuncion: fx.performances.main.id, ...take },
    });
    expect(taken.json.nCode).toBe(200);
  }
  const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
    token,
    body: { cClaveIdempotencia: `order-${processId}-key`, nCuotas: 1, oTarjeta: testCard() },
  });
  expect(paid.json.nCode).toBe(200);
});

const expected = [
  ["Campo", null, null],
  ["Platea", "A", 2],
  ["Platea", "A", 3],
  ["Platea", "A", 10],
  ["Platea", "B", 1],
];

describe("order of the tickets", () => {
  it("Historial2 lists them by sector, row and seat number", async () => {
    const { json } = await api.t.call("/Historial2", { token: api.tokens.alice });
    const [order] = ordersResponse.parse(json.oData).Lista;
    const tickets = order.listaFunciones.flatMap((line) => line.listaTickets);
    expect(tickets.map((x) => [x.cSectorNombre, x.cFila, x.nNumero])).toEqual(expected);
  });

  it("the e-ticket's pages come in the same order", async () => {
    // Alice is the test's only customer (id 1), with one order.
    const [found] = await loadOrders({ db: api.db }, 1, { now: api.t.clock.now(), language: "es" });
    expect(found.tickets.map((x) => [x.sectorName, x.row, x.number])).toEqual(expected);
  });
});
