// Two (or more) scanners at once on one ticket: exactly one admits it, every other answers
// "already used" naming that one's entrance. Always on PGlite; also on a real PostgreSQL
// server (a pool, so the statements truly overlap) when TEST_DATABASE_URL is set.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { doorCheckResponse } from "../contract/index.ts";
import { staffRoles, ticketAdmissions, tickets } from "../db/schema.ts";
import { useRaceDatabase } from "../testing/api-test.ts";
import {
  buildFixture,
  createCustomerWithToken,
  createTestApi,
  type Fixture,
  raceBackends,
  readyToPay,
  resetDatabase,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

const SCANNERS = 8;

describe.each(raceBackends())("door races on $name", (backend) => {
  const database = useRaceDatabase(backend);
  let t: TestApi;
  let fx: Fixture;
  let scanners: string[];

  beforeEach(async () => {
    const { db } = database();
    await resetDatabase(db);
    t = createTestApi(db);
    fx = await buildFixture(db, t.clock);
    scanners = [];
    for (let i = 0; i < SCANNERS; i++) {
      const { customerId, token } = await createCustomerWithToken(db, t.clock, `door${i}`);
      await db.insert(staffRoles).values({ customerId, role: "DOOR_STAFF" });
      scanners.push(token);
    }
  });

  it("admits one ticket exactly once when every scanner reads it at the same moment", async () => {
    const { db } = database();
    const { token } = await createCustomerWithToken(db, t.clock, "buyer");
    const processId = await readyToPay(t, token, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    });
    const paid = await t.call(`/Proceso/${processId}/Cobrar`, {
      token,
      body: { cClaveIdempotencia: `door-race-${processId}`, nCuotas: 1, oTarjeta: testCard() },
    });
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, paid.json.oData.idPedido as number));

    const answers = await Promise.all(
      scanners.map((scanner, i) =>
        t.call("/Acceso/Validar", {
          token: scanner,
          body: { cCodigo: ticket.code, cEntrada: `Gate ${i}` },
        }),
      ),
    );
    const results = answers.map(({ status, json }) => {
      expect(status, JSON.stringify(json)).toBe(200);
      return doorCheckResponse.parse(json.oData);
    });
    const admitted = results.filter((result) => result.cResultado === "ADMITTED");
    expect(admitted).toHaveLength(1);
    const others = results.filter((result) => result.cResultado !== "ADMITTED");
    expect(others).toHaveLength(SCANNERS - 1);
    for (const other of others) {
      expect(other).toMatchObject({ cResultado: "ALREADY_USED", cEntrada: admitted[0].cEntrada });
    }
    expect(await db.select().from(ticketAdmissions)).toHaveLength(1);
  });
});
