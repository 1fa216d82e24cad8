// Gapless receipt numbers per point of sale and type. ONE statement takes the next number from
// the counter's row (UPDATE … RETURNING) and writes the receipt with it: the counter's lock is
// held for that statement only, and above all never across a call to the fiscal authority. A
// statement that fails (the order has its receipt already) gives its number back, so no number
// is ever skipped; the counter's lock orders the writers, so none is ever given twice.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { receiptCounters, receipts } from "../db/schema.ts";

export type NewReceipt = {
  orderId: number;
  kind: "BILL" | "CREDIT_NOTE";
  pointOfSale: number;
  receiptType: number;
  issuedAt: Date;
  total: number;
  net: number;
  vat: number;
  billId?: number;
};

/**
 * Writes the order's receipt of this kind with the next number of its sequence; when the
 * order has one already (a retry, a simultaneous request), writes nothing and answers that
 * one. `created` tells which.
 */
export async function issueNumbered(
  db: Database,
  receipt: NewReceipt,
): Promise<{ id: number; number: number; created: boolean }> {
  const sequence = and(
    eq(receiptCounters.pointOfSale, receipt.pointOfSale),
    eq(receiptCounters.receiptType, receipt.receiptType),
  );
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // A receipt the order has already breaks the unique index, which fails the whole
      // statement: the counter's step is undone with it.
      const written = await db.execute(sql`
        with counter as (
          update ${receiptCounters} set last_number = last_number + 1
          where ${sequence}
          returning last_number
        )
        insert into ${receipts}
          (order_id, kind, receipt_type, point_of_sale, number, issued_at, total, net, vat, bill_id)
        select ${receipt.orderId}, ${receipt.kind}, ${receipt.receiptType}, ${receipt.pointOfSale},
          counter.last_number, ${receipt.issuedAt.toISOString()}::timestamptz, ${receipt.total},
          ${receipt.net}, ${receipt.vat}, ${receipt.billId ?? null}::integer
        from counter
        returning id, number`);
      // PGlite and node-postgres both answer { rows }.
      const [row] = (written as unknown as { rows: { id: number; number: number }[] }).rows;
      if (row) return { id: Number(row.id), number: Number(row.number), created: true };
      // The first receipt of this sequence: its counter starts at 0.
      await db
        .insert(receiptCounters)
        .values({ pointOfSale: receipt.pointOfSale, receiptType: receipt.receiptType })
        .onConflictDoNothing();
    } catch (error) {
      if (!isUniqueViolation(error, "receipts_order_kind_unique")) throw error;
      break;
    }
  }
  const [existing] = await db
    .select({ id: receipts.id, number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.orderId, receipt.orderId), eq(receipts.kind, receipt.kind)));
  if (!existing)
    throw new Error(`no receipt counter for ${receipt.pointOfSale}/${receipt.receiptType}`);
  return { ...existing, created: false };
}
