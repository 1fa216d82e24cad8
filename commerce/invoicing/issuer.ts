// The shop's invoicing: a bill for every order (online and at the box office), a credit note
// for every cancelled one, each numbered at once (numbering.ts) and then authorized by the
// fiscal authority in number order, outside any transaction. What a crash or an unreachable
// authority leaves undone (an order without its bill, a receipt without its CAE) is done by
// the next pass of invoicePending, run beside the payments' reconciliation.
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { orders, receipts } from "../db/schema.ts";
import type { CommerceDeps } from "../deps.ts";
import { log } from "../log.ts";
import { inBackground } from "../operations/background-work.ts";
import { type FiscalAuthority, receiptTypes } from "./authority.ts";
import { issueNumbered } from "./numbering.ts";
import { fiscalDate, vatIncluded } from "./receipt-rules.ts";

/** Who issues the receipts (printed on them) and where: the shop's tax data. */
export type IssuerSettings = {
  pointOfSale: number;
  /** CUIT, 11 digits. */
  taxId: string;
  legalName: string;
  address: string;
  /** "IVA Responsable Inscripto", as printed. */
  vatCondition: string;
  grossIncomeNumber: string;
  /** YYYY-MM-DD. */
  activityStart: string;
  vatPercent: number;
};

export type Invoicing = { authority: FiscalAuthority; issuer: IssuerSettings };

type Deps = Pick<CommerceDeps, "db" | "now" | "invoicing">;

/** Numbers the order's bill (once: a repeated call answers the same bill). */
export async function billOrder(
  deps: Deps,
  orderId: number,
  /** The order's total when the caller has just written it (the sale): one read less. */
  knownTotal?: number,
) {
  const total = knownTotal ?? (await orderTotal(deps, orderId));
  const { issuer } = deps.invoicing;
  return issueNumbered(deps.db, {
    orderId,
    kind: "BILL",
    pointOfSale: issuer.pointOfSale,
    receiptType: receiptTypes.BILL_B,
    issuedAt: deps.now(),
    total,
    ...vatIncluded(total, issuer.vatPercent),
  });
}

async function orderTotal(deps: Deps, orderId: number): Promise<number> {
  const [order] = await deps.db
    .select({ total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order.total;
}

/** Numbers the credit note that gives the order's bill back in full (billing it first if needed). */
export async function creditOrder(deps: Deps, orderId: number) {
  const bill = await billOrder(deps, orderId);
  const [billed] = await deps.db
    .select({ total: receipts.total, net: receipts.net, vat: receipts.vat })
    .from(receipts)
    .where(eq(receipts.id, bill.id));
  return issueNumbered(deps.db, {
    orderId,
    kind: "CREDIT_NOTE",
    pointOfSale: deps.invoicing.issuer.pointOfSale,
    receiptType: receiptTypes.CREDIT_NOTE_B,
    issuedAt: deps.now(),
    billId: bill.id,
    ...billed,
  });
}

// ---------------------------------------------------------------- CAE requests

/** One run of CAE requests at a time per API process; a call during a run asks for another. */
const runs = new WeakMap<object, { running: Promise<void>; again: boolean }>();

/**
 * Asks the authority for the CAE of every pending receipt, in number order per sequence.
 * Returns when none is left to ask now (tests await it; the sale does not).
 */
export function requestCaes(deps: Deps): Promise<void> {
  const current = runs.get(deps.invoicing);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: Promise.resolve(), again: true };
  state.running = (async () => {
    try {
      while (state.again) {
        state.again = false;
        await requestPendingCaes(deps);
      }
    } catch (error) {
      log.error({ err: error }, "CAE requests failed");
    } finally {
      runs.delete(deps.invoicing);
    }
  })();
  runs.set(deps.invoicing, state);
  // A stopping server waits for it before closing the database.
  return inBackground(state.running);
}

async function requestPendingCaes(deps: Deps): Promise<void> {
  const { authority, issuer } = deps.invoicing;
  const bills = alias(receipts, "bill");
  const pending = await deps.db
    .select({ receipt: receipts, bill: { type: bills.receiptType, number: bills.number } })
    .from(receipts)
    .leftJoin(bills, eq(bills.id, receipts.billId))
    .where(isNull(receipts.cae))
    .orderBy(asc(receipts.pointOfSale), asc(receipts.receiptType), asc(receipts.number))
    .limit(500);
  const stopped = new Set<string>();
  for (const { receipt, bill } of pending) {
    const sequence = `${receipt.pointOfSale}/${receipt.receiptType}`;
    if (stopped.has(sequence)) continue;
    const request = {
      issuerTaxId: issuer.taxId,
      pointOfSale: receipt.pointOfSale,
      receiptType: receipt.receiptType,
      number: receipt.number,
      issuedOn: fiscalDate(receipt.issuedAt),
      total: receipt.total,
      net: receipt.net,
      vat: receipt.vat,
      associated: bill
        ? { receiptType: bill.type, pointOfSale: receipt.pointOfSale, number: bill.number }
        : undefined,
    };
    let answer: Awaited<ReturnType<FiscalAuthority["authorize"]>>;
    try {
      answer = await authority.authorize(request);
      if (answer.status === "REFUSED" && answer.reason === "ALREADY_AUTHORIZED") {
        // Authorized by another API process, or before a crash: take the CAE it was given.
        const known = await authority.lookup(request);
        if (known) answer = { status: "AUTHORIZED", ...known };
      }
    } catch (error) {
      log.warn({ err: error, receiptId: receipt.id }, "fiscal authority unreachable");
      stopped.add(sequence);
      continue;
    }
    if (answer.status === "AUTHORIZED") {
      await deps.db
        .update(receipts)
        .set({ cae: answer.cae, caeExpiresOn: answer.caeExpiresOn, caeRefusal: null })
        .where(and(eq(receipts.id, receipt.id), isNull(receipts.cae)));
      continue;
    }
    // A later number cannot be authorized before this one: the sequence waits for a pass.
    stopped.add(sequence);
    await deps.db
      .update(receipts)
      .set({ caeRefusal: `${answer.reason}: ${answer.detail}` })
      .where(eq(receipts.id, receipt.id));
    log.warn(
      { receiptId: receipt.id, reason: answer.reason },
      "receipt refused by the fiscal authority",
    );
  }
}

// ---------------------------------------------------------------- the pass

/** How far back a pass looks for orders without their receipts. */
const LOOK_BACK_DAYS = 30;

/**
 * Bills the orders left without a bill, gives cancelled ones their credit note, then asks
 * for the CAEs still missing. Several API processes may run it at once: numbering writes
 * each receipt once and the authority authorizes each number once.
 */
export async function invoicePending(deps: Deps): Promise<void> {
  const since = new Date(deps.now().getTime() - LOOK_BACK_DAYS * 86_400_000);
  const has = (kind: "BILL" | "CREDIT_NOTE") =>
    sql`exists (select 1 from ${receipts} where ${receipts.orderId} = ${orders.id} and ${receipts.kind} = ${kind})`;
  const unfinished = await deps.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, since),
        sql`(not ${has("BILL")} or (${orders.status} = 'CANCELLED' and not ${has("CREDIT_NOTE")}))`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(500);
  for (const order of unfinished) {
    try {
      if (order.status === "CANCELLED") await creditOrder(deps, order.id);
      else await billOrder(deps, order.id);
    } catch (error) {
      log.error({ err: error, orderId: order.id }, "invoicing an order failed");
    }
  }
  await requestCaes(deps);
}
