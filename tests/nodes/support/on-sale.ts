// The scripted on-sale of the multi-node and fault tests, built on the on-sale benchmark's
// own parts (bench/onsale-db.ts prepares and checks the sale in SQL, bench/onsale-load.ts is
// the buyer through the API), plus the checks only several nodes call for: holds, bills.
import { fileURLToPath } from "node:url";
import {
  type Check,
  checkSale,
  type OnSale,
  openPostgres,
  prepareOnSale,
  type Sql,
} from "../../../bench/onsale-db.ts";
import {
  approvedCard,
  httpBuyer,
  type Outcome,
  purchase,
  type Take,
} from "../../../bench/onsale-load.ts";
import { hashPassword } from "../../../commerce/customers/password.ts";

export const repo = fileURLToPath(new URL("../../..", import.meta.url));
export const placesPerOrder = 2;
export const buyerPassword = "Entradas2026";

export type PreparedSale = OnSale & { sql: Sql; emails: string[]; path: string };

/**
 * One performance with `generalPlaces` general places and `customers` buyers (API tokens;
 * the last `withPassword` of them can also log in at a storefront with buyerPassword).
 */
export async function prepareSale(
  databaseUrl: string,
  plan: { generalPlaces: number; customers: number; withPassword?: number },
): Promise<PreparedSale> {
  const sql = openPostgres(repo, databaseUrl);
  const sale = await prepareOnSale(sql, {
    generalPlaces: plan.generalPlaces,
    seatRows: 1,
    seatsPerRow: 2,
    customers: plan.customers,
  });
  const emails = Array.from({ length: plan.customers }, (_, i) => `buyer${i + 1}@bench.example`);
  const withPassword = emails.slice(plan.customers - (plan.withPassword ?? 0));
  if (withPassword.length > 0) {
    await sql.query("UPDATE customers SET password_hash = $1 WHERE email = ANY($2::text[])", [
      await hashPassword(buyerPassword),
      withPassword,
    ]);
  }
  return { ...sale, sql, emails, path: `/funcion/gran-recital/${sale.performanceId}` };
}

/** The sale's database, for checks (a pool of one connection). */
export const openSql = (databaseUrl: string): Sql => openPostgres(repo, databaseUrl);

/**
 * Each token's buyer buys two general places after another, a pause between purchases,
 * until stopped; `stop` answers every purchase's outcome.
 */
export function keepBuying(base: string, tokens: string[], sale: OnSale, pauseMs = 200) {
  let buying = true;
  const outcomes: Outcome[] = [];
  const buyers = tokens.map(async (token) => {
    while (buying) {
      outcomes.push(await apiPurchase(base, token, generalTake(sale)));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  });
  return {
    stop: async () => {
      buying = false;
      await Promise.all(buyers);
      return outcomes;
    },
  };
}

/** Two general places of the sale's performance. */
export const generalTake = (sale: OnSale): Take => ({
  idFuncion: sale.performanceId,
  listaSectores: [{ idSector: sale.generalSectorId, nCantidad: placesPerOrder }],
});

/** One whole purchase through the API at `base` as the customer of `token`. */
export async function apiPurchase(base: string, token: string, take: Take): Promise<Outcome> {
  const buyer = httpBuyer(base, token);
  try {
    return await purchase(buyer.send, take, () => {});
  } finally {
    buyer.close();
  }
}

/** Waits (up to `seconds`) until `ready` says yes; returns its last answer. */
export async function eventually<T>(
  read: () => Promise<T>,
  ready: (value: T) => boolean,
  seconds = 30,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let value = await read();
  while (!ready(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

const count = async (sql: Sql, text: string, params: unknown[] = []) => {
  const [row] = await sql.query<{ n: string | number }>(text, params);
  return Number(row.n);
};

/**
 * The sale in SQL: the benchmark's checks (no place sold twice, one order per approved
 * payment, no PENDING…), no live hold left unpaid, and one bill per order with every bill
 * number used once and none skipped (bills are issued right after the order: waited for).
 */
export async function checkWholeSale(sale: PreparedSale, approvedSeen: number): Promise<Check[]> {
  const { sql, performanceId } = sale;
  const checks = await checkSale(sql, performanceId, placesPerOrder, approvedSeen);
  const liveHolds = await count(
    sql,
    `SELECT count(*) AS n FROM positions
     WHERE performance_id = $1 AND NOT sold AND held_by_process_id IS NOT NULL AND held_until > now()`,
    [performanceId],
  );
  checks.push({
    name: "every hold paid or freed",
    pass: liveHolds === 0,
    detail: `${liveHolds} places still held`,
  });
  const orders = await count(sql, "SELECT count(*) AS n FROM orders");
  const bills = await eventually(
    () => count(sql, "SELECT count(*) AS n FROM receipts WHERE kind = 'BILL'"),
    (n) => n >= orders,
  );
  const [numbers] = await sql.query<{ used: string; distinct: string; span: string | null }>(
    `SELECT count(*) AS used,
            count(DISTINCT (point_of_sale, receipt_type, number)) AS distinct,
            (SELECT sum(last - first + 1) FROM (
               SELECT max(number) AS last, min(number) AS first FROM receipts
               GROUP BY point_of_sale, receipt_type) AS series) AS span
     FROM receipts`,
  );
  checks.push({
    name: "one bill per order, every bill number used once, none skipped",
    pass:
      bills === orders &&
      Number(numbers.used) === Number(numbers.distinct) &&
      Number(numbers.span ?? 0) === Number(numbers.used),
    detail: `${orders} orders, ${bills} bills, numbers ${numbers.used} used / ${numbers.distinct} distinct / span ${numbers.span}`,
  });
  return checks;
}

/** The failed checks, as text (empty when all passed): what an assertion shows. */
export const failed = (checks: Check[]) =>
  checks.filter((check) => !check.pass).map((check) => `${check.name}: ${check.detail}`);

/** Take → delivery → payment method through the API at `base`: the process id to charge. */
export async function readyToCharge(base: string, token: string, take: Take): Promise<number> {
  const buyer = httpBuyer(base, token);
  try {
    const taken = await buyer.send("/Proceso/0/Posiciones/Tomar", take);
    if (taken.nCode !== 200) throw new Error(`take refused: ${taken.nCode} ${taken.code}`);
    const id = Number(taken.data.idProcesoDeCompra);
    const delivery = await buyer.send(`/Proceso/${id}/EntregaTipo/Seleccionar`, {
      idEntregaTipo: 1,
    });
    const method = await buyer.send(`/Proceso/${id}/FormaDePago/Seleccionar`, {
      nFormaDePago: 1,
    });
    if (delivery.nCode !== 200 || method.nCode !== 200) throw new Error("checkout refused");
    return id;
  } finally {
    buyer.close();
  }
}

/** The charge of a process with the sandbox's approved card under `key`. */
export async function chargeWithKey(base: string, token: string, processId: number, key: string) {
  const buyer = httpBuyer(base, token);
  try {
    return await buyer.send(`/Proceso/${processId}/Cobrar`, {
      cClaveIdempotencia: key,
      nCuotas: 1,
      oTarjeta: approvedCard(),
    });
  } catch (error) {
    return { nCode: 0, code: (error as Error).message, data: {} };
  } finally {
    buyer.close();
  }
}

/**
 * Per purchase process, what the acquirer kept (approved and not given back) against the
 * orders made: every process charged at most once, and charged exactly when it has its
 * order; no payment left PENDING.
 */
export async function checkCharges(sql: Sql): Promise<Check[]> {
  const processes = await sql.query<{ id: number; kept: string; orders: string }>(
    `SELECT pp.id,
       (SELECT count(*) FROM payments p JOIN sandbox_acquirer_charges c
          ON c.idempotency_key = p.idempotency_key
        WHERE p.process_id = pp.id AND c.status = 'APPROVED' AND NOT c.refunded) AS kept,
       (SELECT count(*) FROM orders o WHERE o.process_id = pp.id) AS orders
     FROM purchase_processes pp`,
  );
  const off = processes.filter((p) => Number(p.kept) !== Number(p.orders) || Number(p.orders) > 1);
  const pending = await count(sql, "SELECT count(*) AS n FROM payments WHERE status = 'PENDING'");
  return [
    {
      name: "every process charged once with its one order, or not charged at all",
      pass: off.length === 0,
      detail: off
        .map((p) => `process ${p.id}: ${p.kept} kept charges, ${p.orders} orders`)
        .join("; "),
    },
    { name: "no PENDING payment left", pass: pending === 0, detail: `${pending} pending` },
  ];
}
