// The door check (decision 0042): one row per ticket let in. The primary key is the ticket,
// so of two scanners racing on one code exactly one insert wins: a ticket admits once.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// A cycle with schema.ts (which re-exports this file); the reference is only read lazily.
import { tickets } from "./schema.ts";
import { customers } from "./schema-customers.ts";

export const ticketAdmissions = pgTable(
  "ticket_admissions",
  {
    ticketId: integer("ticket_id")
      .primaryKey()
      .references(() => tickets.id),
    admittedAt: timestamp("admitted_at", { withTimezone: true }).notNull(),
    /** The DOOR_STAFF member who scanned it. */
    staffCustomerId: integer("staff_customer_id")
      .notNull()
      .references(() => customers.id),
    /** The entrance, as the staff member named it on the door page ("North gate"). */
    entrance: text("entrance").notNull(),
  },
  (t) => [index("ticket_admissions_staff_idx").on(t.staffCustomerId)],
);
