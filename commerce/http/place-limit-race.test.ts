// One customer's takes of one performance at once (a cart in one tab, bookings in others):
// whatever the interleaving, they never end above the maximum (decision 0060). Always on
// PGlite; also on a real PostgreSQL server (a scratch database of its own, a pool of 10
// connections, so the transactions truly overlap) when TEST_DATABASE_URL is set.
import { and, eq, gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { positions, purchaseProcesses } from "../db/schema.ts";
import { useScratchRaceDatabase } from "../testing/api-test.ts";
import {
  buildFixture,
  createCustomersWithTokens,
  createTestApi,
  type Fixture,
  resetDatabase,
  scratchRaceBackends,
  type TestApi,
} from "../testing/harness.ts";

const CUSTOMERS = 6;
const MAX = 10;

describe.each(scratchRaceBackends())("one customer's takes at once on $name", (backend) => {
  const { skip } = backend;
  const database = useScratchRaceDatabase(backend);
  let db: Database;
  let t: TestApi;
  let fx: Fixture;
  let tokens: string[];

  beforeAll(async () => {
    if (skip) return;
    db = database().db;
    await resetDatabase(db);
    t = createTestApi(db, { maxPlacesPerPerformance: MAX });
    // Enough places that no take is short: only the limit can refuse one.
    fx = await buildFixture(db, t.clock, { generalPlaces: 400, seatsPerRow: 12 });
    tokens = await createCustomersWithTokens(db, t.clock, CUSTOMERS);
  }, 120_000);

  const general = (quantity: number) => ({
    idFuncion: fx.performances.main.id,
    listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: quantity }],
  });

  /** Places of the main performance each customer holds now, in any process. */
  async function heldByCustomer(): Promise<Map<number, number>> {
    const rows = await db
      .select({ customerId: purchaseProcesses.customerId })
      .from(positions)
      .innerJoin(purchaseProcesses, eq(purchaseProcesses.id, positions.heldByProcessId))
      .where(
        and(
          eq(positions.performanceId, fx.performances.main.id),
          eq(positions.sold, false),
          gt(positions.heldUntil, t.clock.now()),
          eq(purchaseProcesses.status, "ACTIVE"),
        ),
      );
    const held = new Map<number, number>();
    for (const { customerId } of rows) held.set(customerId, (held.get(customerId) ?? 0) + 1);
    return held;
  }

  it.skipIf(skip)(
    "a cart and bookings of the same customer, all at once, never end above the maximum",
    async () => {
      // Each customer: a cart of 6, a booking of 6, and a booking of 4 given seats, at once;
      // every customer's at the same time as the others'. 6 + 4 fit, 6 + 6 do not.
      const calls = tokens.flatMap((token, i) => [
        t.call("/Proceso/0/Posiciones/Tomar", { token, body: general(6) }),
        t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
          token,
          body: { ...general(6), lAceptaCondiciones: true },
        }),
        t.call("/Proceso/0/Posiciones/TomarReservaPorPosicion", {
          token,
          body: {
            idFuncion: fx.performances.main.id,
            listaPosiciones: fx.seatIds.slice(i * 4, i * 4 + 4),
            lAceptaCondiciones: true,
          },
        }),
      ]);
      const answers = await Promise.all(calls);
      for (const { status, json } of answers) {
        expect(status).toBe(200);
        expect([200, 422], JSON.stringify(json)).toContain(json.nCode);
        if (json.nCode === 422) expect(json.oData.cCodigo).toBe("TOO_MANY_PLACES");
      }
      const held = await heldByCustomer();
      expect(held.size).toBe(CUSTOMERS);
      for (const places of held.values()) expect(places).toBeLessThanOrEqual(MAX);
      // Of each customer's two takes of 6, one was refused.
      for (let i = 0; i < CUSTOMERS; i++) {
        const sixes = [answers[i * 3], answers[i * 3 + 1]].map((a) => a.json.nCode);
        expect(sixes.sort()).toEqual([200, 422]);
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    "takes in a running cart and new bookings at once never end above the maximum",
    async () => {
      await resetDatabase(db);
      fx = await buildFixture(db, t.clock, { generalPlaces: 400, seatsPerRow: 12 });
      tokens = await createCustomersWithTokens(db, t.clock, CUSTOMERS);
      const carts: number[] = [];
      for (const token of tokens) {
        const { json } = await t.call("/Proceso/0/Posiciones/Tomar", { token, body: general(2) });
        expect(json.nCode).toBe(200);
        carts.push(json.oData.idProcesoDeCompra);
      }
      // Each customer holds 2: three takes of 3 each (one in the cart, two bookings) make
      // 11, so exactly one of them is refused.
      const answers = await Promise.all(
        tokens.flatMap((token, i) => [
          t.call(`/Proceso/${carts[i]}/Posiciones/Tomar`, { token, body: general(3) }),
          ...[0, 1].map(() =>
            t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
              token,
              body: { ...general(3), lAceptaCondiciones: true },
            }),
          ),
        ]),
      );
      for (const { json } of answers) expect([200, 422]).toContain(json.nCode);
      const held = await heldByCustomer();
      for (const places of held.values()) expect(places).toBe(8);
      for (let i = 0; i < CUSTOMERS; i++) {
        const refusals = answers.slice(i * 3, i * 3 + 3).filter((a) => a.json.nCode === 422);
        expect(refusals).toHaveLength(1);
      }
    },
    120_000,
  );
});
