// Drizzle schema of invoicing: the receipts (bills and credit notes) of orders and the
// counters that number them. commerce/db/schema.ts re-exports it.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orders } from "./schema.ts";

/**
 * The last number given per point of sale and receipt type. Numbering locks its row in the
 * short transaction that writes the receipt (invoicing/numbering.ts), so numbers are gapless:
 * a rolled-back receipt rolls its number back too.
 */
export const receiptCounters = pgTable(
  "receipt_counters",
  {
    pointOfSale: integer("point_of_sale").notNull(),
    /** The fiscal authority's code: 6 Factura B, 8 Nota de crédito B. */
    receiptType: integer("receipt_type").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pointOfSale, t.receiptType] })],
);

/** A bill of an order, or the credit note that gives it back. */
export const receipts = pgTable(
  "receipts",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind").$type<"BILL" | "CREDIT_NOTE">().notNull(),
    receiptType: integer("receipt_type").notNull(),
    pointOfSale: integer("point_of_sale").notNull(),
    number: integer("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** Whole pesos: the total, and the net and VAT it includes. */
    total: integer("total").notNull(),
    net: integer("net").notNull(),
    vat: integer("vat").notNull(),
    /** A credit note's bill. */
    billId: integer("bill_id").references((): AnyPgColumn => receipts.id),
    /** The fiscal authority's authorization (14 digits) and its expiry; null until given. */
    cae: text("cae"),
    caeExpiresOn: text("cae_expires_on"),
    /** Why the last request for a CAE was refused (kept while it is pending). */
    caeRefusal: text("cae_refusal"),
  },
  (t) => [
    uniqueIndex("receipts_number_unique").on(t.pointOfSale, t.receiptType, t.number),
    // One bill and at most one credit note per order.
    uniqueIndex("receipts_order_kind_unique").on(t.orderId, t.kind),
    // The receipts still waiting for their CAE, in number order.
    index("receipts_pending_cae_idx")
      .on(t.pointOfSale, t.receiptType, t.number)
      .where(sql`${t.cae} is null`),
  ],
);
