// What a purchase process keeps besides its places: the promotion chosen for each, the
// buyer's answers to what its performances ask, the payment link that hands a box-office sale
// to a buyer, and the delivery address its order copies.
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
// A cycle with schema.ts (which re-exports this file); the references are only read lazily.
import { performances, positions, promotions, purchaseProcesses } from "./schema.ts";

/** A customer's address as an order keeps it. */
export type DeliveryAddress = {
  street: string;
  streetNumber: string;
  floor: string | null;
  apartment: string | null;
  location: string;
  province: string;
  zip: string;
  country: string;
  referrer: string | null;
};

/**
 * The promotion chosen for a place a process holds. It counts only while that hold is live
 * (the position still held by this process, unsold, before its deadline); releasing a place
 * deletes its row (purchase/holds.ts releaseHolds).
 */
export const placePromotions = pgTable(
  "place_promotions",
  {
    processId: integer("process_id")
      .notNull()
      .references(() => purchaseProcesses.id),
    positionId: integer("position_id")
      .notNull()
      .references(() => positions.id),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.positionId] }),
    index("place_promotions_promotion_idx").on(t.promotionId),
  ],
);

/**
 * The buyer's answers to what a performance of the process asks (performances
 * requestedData): kept with the process, which its order points to once paid.
 */
export const processAnswers = pgTable(
  "process_answers",
  {
    processId: integer("process_id")
      .notNull()
      .references(() => purchaseProcesses.id),
    performanceId: integer("performance_id")
      .notNull()
      .references(() => performances.id),
    code: text("code").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.performanceId, t.code] })],
);

/**
 * A payment link (payments/payment-links.ts): a box-office clerk's BOX process paid online by
 * a buyer who is not there (a phone sale). Only a hash of the link's random key is kept; the
 * link lives as long as the process holds its places. One per process: a new one replaces it.
 */
export const paymentLinks = pgTable("payment_links", {
  processId: integer("process_id")
    .primaryKey()
    .references(() => purchaseProcesses.id),
  keyHash: text("key_hash").notNull().unique(),
  buyerName: text("buyer_name").notNull(),
  buyerEmail: text("buyer_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * A booking (spec §5, §7 TomarReservaPorFuncion/PorPosicion): a process whose places are held
 * until a longer deadline (contract/booking-rule.ts) and paid later. It is a purchase
 * process like any other, so holds, lazy expiry, the checkout and payment links apply to it
 * as they are; this row says it is a booking, when the customer accepted the booking
 * conditions (no booking without them) and, for one made at the box office, whom it is for.
 */
export const bookings = pgTable("bookings", {
  processId: integer("process_id")
    .primaryKey()
    .references(() => purchaseProcesses.id),
  conditionsAcceptedAt: timestamp("conditions_accepted_at", { withTimezone: true }).notNull(),
  buyerName: text("buyer_name"),
  buyerEmail: text("buyer_email"),
});
