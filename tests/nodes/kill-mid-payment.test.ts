// Fault: a commerce process killed (SIGKILL) with 50 payments in flight, then started again
// (decision 0051); 5 more were stored PENDING as if it died before asking the acquirer. Its
// reconciliation settles what the acquirer approved and fails what it never received;
// afterwards every payment is approved with its one order or nothing was charged, none is
// left PENDING, each buyer's retry is charged at most once, and the places of those never
// charged are free at their deadline.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSale, freeGeneralPlaces } from "../../bench/onsale-db.ts";
import { listening } from "../../commerce/testing/server-process.ts";
import { type OwnDatabase, ownDatabase, sharedServerUrl } from "./support/databases.ts";
import { type ApiNode, nodePorts, spawnApi, stopAll } from "./support/nodes.ts";
import {
  chargeWithKey,
  checkCharges,
  eventually,
  failed,
  generalTake,
  type PreparedSale,
  placesPerOrder,
  prepareSale,
  readyToCharge,
} from "./support/on-sale.ts";

const BUYERS = 50;
/** Buyers whose payment was stored PENDING when the process died before asking the acquirer. */
const UNSENT = 5;

describe.skipIf(!sharedServerUrl)("a commerce process killed mid-payment", () => {
  let database: OwnDatabase;
  let sale: PreparedSale;

  beforeAll(async () => {
    database = await ownDatabase(sharedServerUrl as string);
    // Migrations by a first start, then the sale prepared in SQL.
    const first = await listening(spawnApi(nodePorts.apis[0], database.url));
    await first.stop();
    sale = await prepareSale(database.url, {
      generalPlaces: (BUYERS + UNSENT) * 2,
      customers: BUYERS + UNSENT,
    });
  });

  afterAll(async () => {
    await sale?.sql.close();
    await stopAll();
    await database?.drop();
  });

  it("leaves every payment approved with one order or not charged, and never twice", async () => {
    const port = nodePorts.apis[0];
    // The acquirer answers in 3 s: every charge is in flight when the process dies.
    const api: ApiNode = await listening(
      spawnApi(port, database.url, { SANDBOX_ANSWER_DELAY_MS: "3000" }),
    );
    const all = await Promise.all(
      sale.tokens.map((token) => readyToCharge(api.base, token, generalTake(sale))),
    );
    const processes = all.slice(0, BUYERS);
    const unsent = all.slice(BUYERS);
    await sale.sql.query(
      `INSERT INTO payments (process_id, idempotency_key, amount, status)
       SELECT id, 'unsent-' || id, 60000, 'PENDING' FROM unnest($1::int[]) AS id`,
      [unsent],
    );
    const charges = processes.map((id, i) =>
      chargeWithKey(api.base, sale.tokens[i], id, randomUUID()),
    );
    // All 50 stored PENDING and some already decided by the acquirer, none answered.
    const inFlight = await eventually(
      () =>
        sale.sql.query<{ pending: string; decided: string }>(
          `SELECT (SELECT count(*) FROM payments WHERE status = 'PENDING') AS pending,
                  (SELECT count(*) FROM sandbox_acquirer_charges) AS decided`,
        ),
      ([row]) => Number(row.pending) === BUYERS + UNSENT && Number(row.decided) > 0,
    );
    expect(Number(inFlight[0].pending)).toBe(BUYERS + UNSENT);
    expect(await api.stop("SIGKILL")).toBe("SIGKILL");
    // The buyers saw their connection drop: no answer, no order.
    for (const answer of await Promise.all(charges)) expect(answer.nCode).not.toBe(200);

    const restarted = await listening(spawnApi(port, database.url));
    // Reconciliation (every 2 s, past the 5 s grace) settles or fails each one.
    const pending = await eventually(
      () =>
        sale.sql.query<{ n: string }>(
          "SELECT count(*) AS n FROM payments WHERE status = 'PENDING'",
        ),
      ([row]) => Number(row.n) === 0,
      60,
    );
    expect(Number(pending[0].n)).toBe(0);
    expect(failed(await checkCharges(sale.sql))).toEqual([]);

    // Each buyer pays again with a new key: a settled one finds its purchase paid, the others
    // are charged now; nobody twice.
    const retries = await Promise.all(
      processes.map((id, i) => chargeWithKey(restarted.base, sale.tokens[i], id, randomUUID())),
    );
    for (const retry of retries) {
      expect(retry.nCode === 200 || retry.code === "PROCESS_PAID", JSON.stringify(retry)).toBe(
        true,
      );
    }
    expect(failed(await checkCharges(sale.sql))).toEqual([]);
    const orders = await checkSale(sale.sql, sale.performanceId, placesPerOrder, BUYERS);
    expect(failed(orders)).toEqual([]);

    // The unsent ones were never charged; their places are held until their deadline, then
    // free for anyone (here the deadline is brought forward to now).
    expect(await freeGeneralPlaces(sale.sql, sale.generalSectorId)).toBe(0);
    await sale.sql.query(
      "UPDATE positions SET held_until = now() WHERE held_by_process_id = ANY($1::int[])",
      [unsent],
    );
    await sale.sql.query(
      "UPDATE purchase_processes SET deadline = now() WHERE id = ANY($1::int[])",
      [unsent],
    );
    expect(await freeGeneralPlaces(sale.sql, sale.generalSectorId)).toBe(UNSENT * 2);
    const taken = await readyToCharge(restarted.base, sale.tokens[0], generalTake(sale));
    expect(taken).toBeGreaterThan(0);
  }, 150_000);
});
