// Gapless receipt numbers per point of sale and type. One SHORT transaction locks the
// counter's row (UPDATE … RETURNING), takes the next number and writes the receipt with it;
// nothing else happens under that lock, and above all no call to the fiscal authority. A
// transaction that rolls back gives its number back, so no number is ever skipped; the
// counter's lock orders the writers, so none is ever given twice.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
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

/** Thrown inside the numbering transaction to give the number back. */
class AlreadyIssued extends Error {}

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
      const written = await db.transaction(async (tx) => {
        const [counter] = await tx
          .update(receiptCounters)
          .set({ lastNumber: sql`${receiptCounters.lastNumber} + 1` })
          .where(sequence)
          .returning({ number: receiptCounters.lastNumber });
        if (!counter) return null;
        // The order's receipt, if any, was committed by whoever held this lock before.
        const [row] = await tx
          .insert(receipts)
          .values({ ...receipt, number: counter.number })
          .onConflictDoNothing({ target: [receipts.orderId, receipts.kind] })
          .returning({ id: receipts.id, number: receipts.number });
        if (!row) throw new AlreadyIssued();
        return { ...row, created: true };
      });
      if (written) return written;
      // The first receipt of this sequence: its counter starts at 0.
      await db
        .insert(receiptCounters)
        .values({ pointOfSale: receipt.pointOfSale, receiptType: receipt.receiptType })
        .onConflictDoNothing();
    } catch (error) {
      if (!(error instanceof AlreadyIssued)) throw error;
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
