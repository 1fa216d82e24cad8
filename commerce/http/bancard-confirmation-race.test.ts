// The buyer's return from Bancard's page, Bancard's confirmation (delivered twice) and a
// reconciliation pass, all at once on two API processes sharing the database: one order per
// approved payment, whichever settles first (issue 32). Always on PGlite; also on a real
// PostgreSQL server (a scratch database of its own, a pool of 10, so the transactions truly
// overlap) when TEST_DATABASE_URL is set.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { acquirerFormResponse } from "../contract/index.ts";
import { orders, payments, tickets } from "../db/schema.ts";
import { reconcilePendingPayments } from "../payments/reconcile.ts";
import { twoApiProcesses, useScratchRaceDatabase } from "../testing/api-test.ts";
import {
  buildFixture,
  createCustomerWithToken,
  readyToPay,
  scratchRaceBackends,
  type TestApi,
} from "../testing/harness.ts";
import { withHostedProviders } from "../testing/hosted-harness.ts";

const BUYERS = 3;
const shop = "http://127.0.0.1:4200";

/** Opens Bancard's form for the process and pays it on the stand-in's page. */
async function payOnBancard(t: TestApi, token: string, processId: number) {
  const opened = await t.call(`/Proceso/${processId}/card/BancardiFrame`, {
    token,
    headers: { "Idempotency-Key": `race-${processId}-key` },
    body: {
      cUrlRetorno: `${shop}/bancard/finish/${processId}`,
      cUrlCancelacion: `${shop}/BuyTicket/${processId}`,
    },
  });
  const form = acquirerFormResponse.parse(opened.json.oData);
  const paid = await fetch(new URL("/checkout/new/pay", form.cUrlPagina ?? ""), {
    method: "POST",
    body: new URLSearchParams({
      process_id: form.cProcesoAdquirente ?? "",
      number: "4242424242424242",
      expiry: "12/39",
      cvv: "123",
      installments: "1",
    }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
}

describe.each(scratchRaceBackends())("Bancard's confirmation racing on $name", (backend) => {
  const database = useScratchRaceDatabase(backend);

  it.skipIf(backend.skip)(
    `${BUYERS} payments, each returned twice, confirmed twice and reconciled at once, make one order each`,
    async () => {
      const { db } = database();
      const [one, other] = await twoApiProcesses(db);
      const fx = await buildFixture(db, one.clock);
      const hosted = await withHostedProviders(one);
      // The other API process talks to the same Bancard.
      other.deps.hostedProviders = one.deps.hostedProviders;
      other.deps.savedCards = one.deps.savedCards;
      try {
        const buyers: { token: string; processId: number }[] = [];
        hosted.bancardConfirmations.hold = true;
        for (let i = 0; i < BUYERS; i++) {
          const { token } = await createCustomerWithToken(db, one.clock, `racer${i}`);
          const processId = await readyToPay(one, token, {
            idFuncion: fx.performances.main.id,
            listaPosiciones: [fx.seatIds[i]],
          });
          await payOnBancard(one, token, processId);
          buyers.push({ token, processId });
        }
        const held = hosted.bancardConfirmations.received.map((seen) => seen.body);
        expect(held).toHaveLength(BUYERS);
        // Old enough for a reconciliation pass to take them up too.
        one.clock.advanceMinutes(3);

        const confirm = (api: TestApi, body: string) =>
          api.request("/bancard/confirmacion", { method: "POST", body });
        const returns = (api: TestApi, buyer: (typeof buyers)[number]) =>
          api.call(`/Proceso/${buyer.processId}/Bancard/Confirmar3DS`, {
            token: buyer.token,
            method: "POST",
          });
        const [confirmed, returned] = await Promise.all([
          Promise.all(held.flatMap((body) => [confirm(one, body), confirm(other, body)])),
          Promise.all(buyers.flatMap((buyer) => [returns(one, buyer), returns(other, buyer)])),
          reconcilePendingPayments(one.deps),
          reconcilePendingPayments(other.deps),
        ]);

        expect(confirmed.map((answer) => answer.status)).toEqual(Array(2 * BUYERS).fill(200));
        const placed = await db.select().from(orders);
        expect(placed).toHaveLength(BUYERS);
        expect(await db.select().from(tickets)).toHaveLength(BUYERS);
        for (const [index, buyer] of buyers.entries()) {
          const [order] = placed.filter((o) => o.processId === buyer.processId);
          for (const answer of returned.slice(2 * index, 2 * index + 2)) {
            expect(answer.json.oData).toMatchObject({ cEstado: "APROBADO", idPedido: order.id });
          }
          const paid = await db
            .select()
            .from(payments)
            .where(eq(payments.processId, buyer.processId));
          expect(paid.map((payment) => payment.status)).toEqual(["APPROVED"]);
          // Nobody who lost the race gave the money back: Bancard still has the approval.
          expect(await hosted.bancard.lookup(paid[0])).toMatchObject({ status: "APPROVED" });
        }
      } finally {
        await hosted.stop();
      }
    },
    120_000,
  );
});
