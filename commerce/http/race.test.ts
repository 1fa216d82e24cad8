// Many buyers at once for the last places. Always on PGlite; also on a real PostgreSQL
// server (a pool of 10 connections, so the transactions truly overlap) when
// TEST_DATABASE_URL is set, e.g. postgres://shop:shop@127.0.0.1:5432/shop_test.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chargeResponse, performanceDetailSchema } from "../contract/index.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { positions, purchaseProcesses, tickets } from "../db/schema.ts";
import {
  buildFixture,
  createCustomersWithTokens,
  createTestApi,
  type Fixture,
  raceBackends,
  readyToPay,
  resetDatabase,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

const BUYERS = 50;
const LAST_PLACES = 10;

const backends = raceBackends();

describe.each(backends)("races on $name", ({ open, shared, name }) => {
  let handle: DatabaseHandle;
  let t: TestApi;
  let fx: Fixture;
  let tokens: string[];

  beforeAll(async () => {
    handle = await open();
    expect(handle.kind).toBe(name === "PGlite" ? "pglite" : "postgres");
  });

  afterAll(async () => {
    if (!shared) await handle?.close();
  });

  beforeEach(async () => {
    await resetDatabase(handle.db);
    t = createTestApi(handle.db);
    // 30 general places of which 20 are already sold: the race is for the last 10.
    fx = await buildFixture(handle.db, t.clock, { generalPlaces: 30 });
    const general = await handle.db
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.sectorId, fx.sectors.general.id))
      .orderBy(positions.id)
      .limit(30 - LAST_PLACES);
    await handle.db
      .update(positions)
      .set({ sold: true })
      .where(
        inArray(
          positions.id,
          general.map((p) => p.id),
        ),
      );
    tokens = await createCustomersWithTokens(handle.db, t.clock, BUYERS);
  });

  const takeAll = (body: (i: number) => unknown) =>
    Promise.all(
      tokens.map((token, i) => t.call("/Proceso/0/Posiciones/Tomar", { token, body: body(i) })),
    );

  const codes = (answers: Awaited<ReturnType<typeof takeAll>>) => {
    const count: Record<string, number> = {};
    for (const { status, json } of answers) {
      expect(status).toBe(200);
      const key = json.nCode === 200 ? "OK" : json.oData.cCodigo;
      count[key] = (count[key] ?? 0) + 1;
    }
    return count;
  };

  it(`${BUYERS} buyers for the last ${LAST_PLACES} general places: exactly ${LAST_PLACES} win`, async () => {
    const answers = await takeAll(() => ({
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    }));
    expect(codes(answers)).toEqual({ OK: LAST_PLACES, NOT_ENOUGH_PLACES: BUYERS - LAST_PLACES });

    const held = await handle.db
      .select({ id: positions.id, processId: positions.heldByProcessId })
      .from(positions)
      .where(
        and(eq(positions.sectorId, fx.sectors.general.id), isNotNull(positions.heldByProcessId)),
      );
    expect(held).toHaveLength(LAST_PLACES);
    expect(new Set(held.map((h) => h.processId)).size).toBe(LAST_PLACES);
    // Losers leave no process behind.
    expect(await handle.db.select().from(purchaseProcesses)).toHaveLength(LAST_PLACES);
    const detail = performanceDetailSchema.parse(
      (await t.call(`/Funcion/${fx.performances.main.id}`)).json.oData,
    );
    expect(detail.listaSectores[0].nDisponibles).toBe(0);
  });

  it(`${BUYERS} buyers for one numbered seat: exactly one wins`, async () => {
    const seat = fx.seatIds[3];
    const answers = await takeAll(() => ({
      idFuncion: fx.performances.main.id,
      listaPosiciones: [seat],
    }));
    expect(codes(answers)).toEqual({ OK: 1, SEAT_TAKEN: BUYERS - 1 });
    const [row] = await handle.db.select().from(positions).where(eq(positions.id, seat));
    const winner = answers.find((a) => a.json.nCode === 200);
    expect(row.heldByProcessId).toBe(winner?.json.oData.idProcesoDeCompra);
  });

  it("buyers paying at once, each submitting twice, get one order each and are charged once", async () => {
    const payers = tokens.slice(0, 8);
    const processIds = await Promise.all(
      payers.map((token, i) =>
        readyToPay(t, token, {
          idFuncion: fx.performances.main.id,
          listaPosiciones: [fx.seatIds[i]],
        }),
      ),
    );
    const charge = (i: number) =>
      t.call(`/Proceso/${processIds[i]}/Cobrar`, {
        token: payers[i],
        body: { cClaveIdempotencia: `race-key-${i}-xx`, oTarjeta: testCard() },
      });
    const answers = await Promise.all(payers.flatMap((_, i) => [charge(i), charge(i)]));
    const orderIds = answers.map((a) => chargeResponse.parse(a.json.oData).idPedido);
    for (let i = 0; i < payers.length; i++) expect(orderIds[2 * i]).toBe(orderIds[2 * i + 1]);
    expect(new Set(orderIds).size).toBe(payers.length);
    expect(await t.sandbox.charges()).toHaveLength(payers.length);
    expect(await handle.db.select().from(tickets)).toHaveLength(payers.length);
  });

  it("two API instances on the database, asked the same keys at once, charge each key once", async () => {
    // As two API processes: each its own API and its own sandbox acquirer instance.
    const other = createTestApi(handle.db, { clock: t.clock });
    const payers = tokens.slice(0, 6);
    const processIds = await Promise.all(
      payers.map((token, i) =>
        readyToPay(t, token, {
          idFuncion: fx.performances.main.id,
          listaPosiciones: [fx.seatIds[i]],
        }),
      ),
    );
    const charge = (api: TestApi, i: number) =>
      api.call(`/Proceso/${processIds[i]}/Cobrar`, {
        token: payers[i],
        body: { cClaveIdempotencia: `two-apis-key-${i}`, oTarjeta: testCard() },
      });
    const answers = await Promise.all(payers.flatMap((_, i) => [charge(t, i), charge(other, i)]));
    const orderIds = answers.map((a) => chargeResponse.parse(a.json.oData).idPedido);
    for (let i = 0; i < payers.length; i++) expect(orderIds[2 * i]).toBe(orderIds[2 * i + 1]);
    const charged = [...(await t.sandbox.charges()), ...(await other.sandbox.charges())];
    expect(new Set(charged.map((c) => c.reference)).size).toBe(payers.length);
    expect(await handle.db.select().from(tickets)).toHaveLength(payers.length);
  });

  it("buyers asking for two places each never oversell and never keep half an order", async () => {
    const answers = await takeAll(() => ({
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
    }));
    const count = codes(answers);
    const winners = count.OK ?? 0;
    expect(winners).toBeGreaterThan(0);
    expect(winners).toBeLessThanOrEqual(LAST_PLACES / 2);
    expect(winners + (count.NOT_ENOUGH_PLACES ?? 0)).toBe(BUYERS);
    const held = await handle.db
      .select({ processId: positions.heldByProcessId })
      .from(positions)
      .where(isNotNull(positions.heldByProcessId));
    expect(held).toHaveLength(2 * winners);
    const perProcess = new Map<number, number>();
    for (const { processId } of held) {
      perProcess.set(processId as number, (perProcess.get(processId as number) ?? 0) + 1);
    }
    expect([...perProcess.values()].every((n) => n === 2)).toBe(true);
  });
});
