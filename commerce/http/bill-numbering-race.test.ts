// 100 sales paid at once get bills 1..100: no gap, no number given twice. Always on PGlite;
// also on a real PostgreSQL server (a scratch database of its own, a pool of 10 connections,
// so the numbering transactions truly overlap) when TEST_DATABASE_URL is set.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chargeResponse } from "../contract/index.ts";
import { orders, receipts } from "../db/schema.ts";
import { requestCaes } from "../invoicing/issuer.ts";
import { isCae } from "../invoicing/receipt-rules.ts";
import { useScratchRaceDatabase } from "../testing/api-test.ts";
import {
  buildFixture,
  createCustomersWithTokens,
  createTestApi,
  readyToPay,
  resetDatabase,
  scratchRaceBackends,
  testCard,
  testIssuer,
} from "../testing/harness.ts";

const SALES = 100;
const backends = scratchRaceBackends();

describe.each(backends)("bill numbering under concurrent sales on $name", (backend) => {
  const database = useScratchRaceDatabase(backend);

  it.skipIf(backend.skip)(
    `${SALES} sales at once get bills 1..${SALES}, then CAEs in that order`,
    async () => {
      const { db } = database();
      await resetDatabase(db);
      const t = createTestApi(db, { maxPlacesPerPerformance: SALES });
      const fx = await buildFixture(db, t.clock, { generalPlaces: SALES });
      const tokens = await createCustomersWithTokens(db, t.clock, SALES);
      const processIds: number[] = [];
      for (const token of tokens) {
        processIds.push(
          await readyToPay(t, token, {
            idFuncion: fx.performances.main.id,
            listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
          }),
        );
      }
      const answers = await Promise.all(
        tokens.map((token, i) =>
          t.call(`/Proceso/${processIds[i]}/Cobrar`, {
            token,
            body: { cClaveIdempotencia: `bill-race-${i}-key`, oTarjeta: testCard() },
          }),
        ),
      );
      const orderIds = answers.map((answer) => chargeResponse.parse(answer.json.oData).idPedido);
      expect(new Set(orderIds).size).toBe(SALES);

      const bills = await db
        .select({ orderId: receipts.orderId, number: receipts.number })
        .from(receipts)
        .where(eq(receipts.kind, "BILL"));
      expect(bills.map((bill) => bill.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: SALES }, (_, i) => i + 1),
      );
      expect(new Set(bills.map((bill) => bill.orderId))).toEqual(new Set(orderIds));
      expect(await db.select().from(orders)).toHaveLength(SALES);

      // The requests started after each sale, plus one more run: every bill authorized,
      // and the authority's sequence ends at the last number.
      await requestCaes(t.deps);
      const authorized = await db.select({ cae: receipts.cae }).from(receipts);
      expect(authorized.every((row) => isCae(row.cae ?? ""))).toBe(true);
      expect(
        await t.fiscal.lastAuthorized({
          issuerTaxId: testIssuer.taxId,
          pointOfSale: testIssuer.pointOfSale,
          receiptType: 6,
        }),
      ).toBe(SALES);
    },
    300_000,
  );
});
