// Fault: PostgreSQL stopped for 10 s during an on-sale (a cluster of the test's own; decision
// 0051). Meanwhile the API answers a translated 503 (never a 500, never a stack trace), the
// storefront a translated message page, the waiting room lets nobody in; once the database
// is back both recover by themselves and the waiting room goes on at its rate, no stampede.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { canRunPrivateCluster, type PrivateCluster, privateCluster } from "./support/databases.ts";
import { type ApiNode, type StorefrontNode, startShop, stopAll } from "./support/nodes.ts";
import {
  apiPurchase,
  checkCharges,
  eventually,
  failed,
  generalTake,
  keepBuying,
  openSql,
  type PreparedSale,
  prepareSale,
} from "./support/on-sale.ts";
import { admissionTimes, largestPass, openQueue, overRate } from "./support/queue.ts";

const CLUSTER_PORT = 5441;
const ADMISSIONS_PER_MINUTE = 60;
const unavailable = {
  es: "El servicio no está disponible en este momento. Volvé a intentarlo en unos segundos.",
};
const stackTrace = /\n\s+at |node_modules|Error:/;

describe.skipIf(!canRunPrivateCluster || !process.env.TEST_DATABASE_URL)(
  "PostgreSQL stopped for 10 s during an on-sale",
  () => {
    let cluster: PrivateCluster;
    let api: ApiNode;
    let storefront: StorefrontNode;
    let sale: PreparedSale;

    beforeAll(async () => {
      cluster = privateCluster(CLUSTER_PORT);
      ({
        apis: [api],
        storefronts: [storefront],
      } = await startShop(cluster.url, { apis: 1, storefronts: 1 }, { QUEUE_TICK_MS: "200" }));
      sale = await prepareSale(cluster.url, { generalPlaces: 10_000, customers: 20 });
    });

    afterEach((context) => {
      // What the API said explains a failure (its log lines, a crash).
      if (context.task.result?.state !== "fail") return;
      const errors = (api?.output() ?? "").split("\n").filter((line) => line.includes("API error"));
      console.error(
        errors.map((line) => line.slice(0, 1500)).join("\n") || api?.output().slice(-4000),
      );
    });

    afterAll(async () => {
      await stopAll();
      cluster?.remove();
    });

    it("answers 503 in the buyer's language, lets nobody in, and recovers by itself", async () => {
      const queue = await openQueue(sale.sql, sale, {
        admissionsPerMinute: ADMISSIONS_PER_MINUTE,
        visitors: 20,
      });
      // Buyers keep buying through the outage, each shortly after the last.
      const buying = keepBuying(api.base, sale.tokens.slice(0, 5), sale);
      await eventually(
        () => admissionTimes(sale.sql, queue),
        (times) => times.length >= 2,
      );
      // This test's own pool goes first: it has no handler for a server that goes away.
      await sale.sql.close();
      cluster.stop();
      const stoppedAt = Date.now();
      const take = await fetch(`${api.base}/v2/Proceso/0/Posiciones/Tomar`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${sale.tokens[15]}`,
          "Content-Type": "application/json",
          "Accept-Language": "es",
        },
        body: JSON.stringify(generalTake(sale)),
      });
      expect(take.status).toBe(503);
      const answer = await take.text();
      expect(JSON.parse(answer)).toMatchObject({
        nCode: 503,
        cMensaje: unavailable.es,
        oData: { cCodigo: "UNAVAILABLE" },
      });
      expect(answer).not.toMatch(stackTrace);

      const page = await fetch(`${storefront.origin}/`, { headers: { "Accept-Language": "es" } });
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain(unavailable.es);
      expect(html).not.toMatch(stackTrace);

      // The waiting page says so in the visitor's language (their place is kept).
      const waiting = await fetch(`${api.base}/cola?qid=${queue.performanceId}`, {
        headers: { "Accept-Language": "es" },
      });
      expect(waiting.status).toBe(503);
      const waitingPage = await waiting.text();
      expect(waitingPage).toContain("No pudimos actualizar tu lugar en la fila");
      expect(waitingPage).not.toMatch(stackTrace);

      // The rest of the 10 s, then the database comes back.
      await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() - stoppedAt)));
      // From here on it may be up again (before pg_ctl says so).
      const startedAt = Date.now();
      cluster.start();

      const recovered = await eventually(
        () => apiPurchase(api.base, sale.tokens[15], generalTake(sale)),
        (outcome) => outcome.ok,
      );
      expect(recovered.ok).toBe(true);
      const back = await eventually(
        () => fetch(`${storefront.origin}/`, { headers: { "Accept-Language": "es" } }),
        (response) => response.status === 200,
      );
      expect(back.status).toBe(200);
      const outcomes = await buying.stop();

      // During the outage buyers were told to retry (503), never a 500. (A charge whose
      // acquirer could not record it answers PAYMENT_FAILED: the sandbox shares the database.)
      const refusals = outcomes.flatMap((o) =>
        o.ok ? [] : [`${o.step} ${o.reply.nCode} ${o.reply.code}`],
      );
      expect(refusals.filter((refusal) => / 500 |not JSON/.test(refusal))).toEqual([]);
      expect(refusals.some((refusal) => refusal.includes(" 503 UNAVAILABLE"))).toBe(true);

      const sql = openSql(cluster.url);
      try {
        // Admissions: none while the database was down, then one pass's worth at a time.
        await eventually(
          () => admissionTimes(sql, queue),
          (times) => times.some((time) => time > startedAt + 2000),
        );
        const times = await admissionTimes(sql, queue);
        expect(times.filter((time) => time > stoppedAt && time < startedAt)).toEqual([]);
        expect(overRate(times, queue, ADMISSIONS_PER_MINUTE)).toEqual([]);
        expect(largestPass(times.filter((time) => time > startedAt))).toBe(1);
        // Payments cut off by the outage are settled or failed by the reconciliation.
        const settled = await eventually(
          () => checkCharges(sql),
          (checks) => failed(checks).length === 0,
          60,
        );
        expect(failed(settled)).toEqual([]);
      } finally {
        await sql.close();
      }
    }, 150_000);
  },
);
