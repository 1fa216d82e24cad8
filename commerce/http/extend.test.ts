// POST Proceso/{id}/Extender: the buyer adds the configured minutes to the clock once
// (WCAG 2.2.1). The places held move with the clock; a second try, a race of two, an ended
// process and an API configured without extensions are all refused, changing nothing.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { purchaseProcessSchema } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { positions } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { createTestApi, type Fixture, type TestApi } from "../testing/harness.ts";

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

async function holdOneSeat(token: string, seatIndex = 0) {
  const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[seatIndex]] },
  });
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return purchaseProcessSchema.parse(json.oData);
}

const extend = (token: string, processId: number, on: TestApi = t) =>
  on.call(`/Proceso/${processId}/Extender`, { token, body: {}, language: "en" });

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe("POST Proceso/{id}/Extender", () => {
  it("offers 10 minutes, adds them once to the clock, and says so in the process", async () => {
    const process = await holdOneSeat(alice);
    expect(process).toMatchObject({ lExtendido: false, nMinutosExtension: 10, nMinutos: 30 });
    t.clock.advanceMinutes(25);
    const { status, json } = await extend(alice, process.idProcesoDeCompra);
    expect(status).toBe(200);
    const extended = purchaseProcessSchema.parse(json.oData);
    expect(minutesBetween(process.dMaxima, extended.dMaxima)).toBe(10);
    expect(extended).toMatchObject({ lExtendido: true, nMinutosExtension: 0, nMinutos: 40 });

    const again = await extend(alice, process.idProcesoDeCompra);
    expect(again.json).toEqual({
      nCode: 409,
      cMensaje: "The purchase time can be extended only once, while the purchase is running",
      oData: { cCodigo: "EXTENSION_REFUSED" },
    });
    const view = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(view.json.oData.dMaxima).toBe(extended.dMaxima);
  });

  it("keeps the places held past the first deadline, and frees them at the new one", async () => {
    const process = await holdOneSeat(alice);
    await extend(alice, process.idProcesoDeCompra);
    t.clock.advanceMinutes(35);
    const taken = await t.call("/Proceso/0/Posiciones/Tomar", {
      token: bob,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[0]] },
    });
    expect(taken.json.oData.cCodigo).toBe("SEAT_TAKEN");
    const [place] = await db
      .select({ heldUntil: positions.heldUntil })
      .from(positions)
      .where(eq(positions.id, fx.seatIds[0]));
    expect(place.heldUntil?.toISOString()).toBe(
      new Date(Date.parse(process.dMaxima) + 10 * 60_000).toISOString(),
    );
    t.clock.advanceMinutes(5);
    expect((await holdOneSeat(bob)).cEstado).toBe("ACTIVE");
  });

  it("extends once when two requests race for it", async () => {
    const process = await holdOneSeat(alice);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => extend(alice, process.idProcesoDeCompra)),
    );
    const codes = answers.map((answer) => answer.json.nCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const view = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(minutesBetween(process.dMaxima, view.json.oData.dMaxima)).toBe(10);
  });

  it("refuses an ended process with its own error, and moves nothing", async () => {
    const process = await holdOneSeat(alice);
    t.clock.advanceMinutes(31);
    const { json } = await extend(alice, process.idProcesoDeCompra);
    expect(json).toMatchObject({ nCode: 410, oData: { cCodigo: "PROCESS_EXPIRED" } });
    const view = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(view.json.oData).toMatchObject({ cEstado: "EXPIRED", nMinutosExtension: 0 });
  });

  it("is not offered by an API configured without extensions", async () => {
    const strict = createTestApi(db, { clock: t.clock, extensionMinutes: 0 });
    const { json } = await strict.call("/Proceso/0/Posiciones/Tomar", {
      token: alice,
      body: { idFuncion: fx.performances.main.id, listaPosiciones: [fx.seatIds[1]] },
    });
    expect(json.oData.nMinutosExtension).toBe(0);
    const refused = await extend(alice, json.oData.idProcesoDeCompra, strict);
    expect(refused.json.oData.cCodigo).toBe("EXTENSION_REFUSED");
  });

  it("needs a session and answers another customer's process as unknown", async () => {
    const process = await holdOneSeat(alice);
    const anonymous = await t.call(`/Proceso/${process.idProcesoDeCompra}/Extender`, { body: {} });
    expect(anonymous.status).toBe(401);
    const foreign = await extend(bob, process.idProcesoDeCompra);
    expect(foreign.status).toBe(404);
    const view = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(view.json.oData.lExtendido).toBe(false);
  });
});
