// Fault: the acquirer answers in 5 s (SANDBOX_ANSWER_DELAY_MS; decision 0051). While a charge
// waits on it no transaction is open and no row locked; a hold whose deadline passes during
// the wait is free for others at that deadline (the approved charge is then given back);
// a buyer's retries, with the same key or a new one, charge the card once.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Sql } from "../../bench/onsale-db.ts";
import { type OwnDatabase, ownDatabase, sharedServerUrl } from "./support/databases.ts";
import { type ApiNode, startShop, stopAll } from "./support/nodes.ts";
import {
  chargeWithKey,
  checkCharges,
  failed,
  type PreparedSale,
  prepareSale,
  readyToCharge,
} from "./support/on-sale.ts";

const ANSWER_DELAY_MS = 5000;
const PLACES = 10;

/** Resolves once the API has printed `times` "answering in …" lines: charges waiting. */
async function waitingCharges(api: ApiNode, times: number) {
  const line = new RegExp(`answering in ${ANSWER_DELAY_MS} ms`, "g");
  while ((api.output().match(line)?.length ?? 0) < times) {
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      throw new Error(`the API exited:\n${api.output().slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Transactions the API's connections hold open, and row locks (a transaction id) they hold:
 * a transaction left open across the acquirer's call would show as both for its 5 s.
 */
async function apiTransactions(sql: Sql) {
  const [row] = await sql.query<{ open: string; locks: string }>(
    `SELECT
       (SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()
          AND backend_type = 'client backend' AND state LIKE 'idle in transaction%') AS open,
       (SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()
          AND a.backend_type = 'client backend'
          AND l.locktype IN ('transactionid', 'tuple')) AS locks`,
  );
  return { open: Number(row.open), locks: Number(row.locks) };
}

describe.skipIf(!sharedServerUrl)("a slow acquirer (5 s answers)", () => {
  let database: OwnDatabase;
  let api: ApiNode;
  let sale: PreparedSale;
  let processB = 0;

  beforeAll(async () => {
    database = await ownDatabase(sharedServerUrl as string);
    ({
      apis: [api],
    } = await startShop(
      database.url,
      { apis: 1, storefronts: 0 },
      { SANDBOX_ANSWER_DELAY_MS: String(ANSWER_DELAY_MS) },
    ));
    sale = await prepareSale(database.url, { generalPlaces: PLACES, customers: 3 });
  });

  afterEach((context) => {
    // What the API said explains a failure (its log lines, a crash).
    if (context.task.result?.state === "fail") console.error(api?.output().slice(-4000));
  });

  afterAll(async () => {
    await sale?.sql.close();
    await stopAll();
    await database?.drop();
  });

  const take = (places: number) => ({
    idFuncion: sale.performanceId,
    listaSectores: [{ idSector: sale.generalSectorId, nCantidad: places }],
  });

  it("holds no lock while it waits, and a hold is free for others at its deadline", async () => {
    const [tokenA, tokenB, tokenC] = sale.tokens;
    const processA = await readyToCharge(api.base, tokenA, take(2));
    // A's purchase clock runs out two seconds from now, in the middle of the acquirer's wait.
    await sale.sql.query(
      `UPDATE purchase_processes SET deadline = now() + interval '2 seconds' WHERE id = $1;`,
      [processA],
    );
    await sale.sql.query(
      "UPDATE positions SET held_until = now() + interval '2 seconds' WHERE held_by_process_id = $1",
      [processA],
    );
    let answeredA = false;
    const chargeA = chargeWithKey(api.base, tokenA, processA, randomUUID()).finally(() => {
      answeredA = true;
    });
    await waitingCharges(api, 1);
    expect(await apiTransactions(sale.sql)).toEqual({ open: 0, locks: 0 });

    // Others go on buying meanwhile, on the same performance.
    processB = await readyToCharge(api.base, tokenB, take(2));
    expect(answeredA).toBe(false);

    // Past A's deadline its two places are free: C gets every place but B's.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const processC = await readyToCharge(api.base, tokenC, take(PLACES - 2));
    expect(processC).toBeGreaterThan(0);

    // A's charge was approved by the acquirer, but the places went: it is given back.
    const answerA = await chargeA;
    expect(answerA.nCode).not.toBe(200);
    expect(answerA.code).toBe("PROCESS_EXPIRED");
    const charged = await chargeWithKey(api.base, tokenC, processC, randomUUID());
    expect(charged.nCode).toBe(200);
    expect(failed(await checkCharges(sale.sql))).toEqual([]);
  });

  it("charges a buyer once whatever they retry while it waits", async () => {
    const tokenB = sale.tokens[1];
    const first = randomUUID();
    const firstCharge = chargeWithKey(api.base, tokenB, processB, first);
    await waitingCharges(api, 3);
    // A double submit (same key), then a reload (a new key), while the first one waits.
    const [again, reload] = await Promise.all([
      chargeWithKey(api.base, tokenB, processB, first),
      chargeWithKey(api.base, tokenB, processB, randomUUID()),
    ]);
    const answers = [await firstCharge, again, reload];
    const orders = new Set(answers.filter((a) => a.nCode === 200).map((a) => a.data.idPedido));
    expect(orders.size).toBe(1);
    for (const answer of answers.filter((a) => a.nCode !== 200)) {
      expect(answer.code).toBe("PAYMENT_IN_PROGRESS");
    }
    // Once it is over, another try finds the purchase paid.
    const later = await chargeWithKey(api.base, tokenB, processB, randomUUID());
    expect(later.code).toBe("PROCESS_PAID");
    expect(failed(await checkCharges(sale.sql))).toEqual([]);
  });
});
