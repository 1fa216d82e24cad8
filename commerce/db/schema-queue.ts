// The waiting rooms (issue 12, decision 0048): one settings row per queued performance, one
// entry per visitor's stay in its queue. A customer has at most one live entry (waiting,
// admitted or active) per performance; the partial unique index makes a second join find it.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// A cycle with schema.ts (which re-exports this file); the reference is only read lazily.
import { performances } from "./schema.ts";
import { customers } from "./schema-customers.ts";

export const queueSettings = pgTable("queue_settings", {
  performanceId: integer("performance_id")
    .primaryKey()
    .references(() => performances.id),
  enabled: boolean("enabled").notNull(),
  saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }).notNull(),
  admissionsPerMinute: integer("admissions_per_minute").notNull(),
  maxActive: integer("max_active").notNull(),
  shoppingWindowSeconds: integer("shopping_window_seconds").notNull(),
  /** 32 random bytes in hex: secret until seed_revealed_at, then published. */
  seed: text("seed").notNull(),
  /** Hex SHA-256 of the seed's bytes, published from the start. */
  seedCommitment: text("seed_commitment").notNull(),
  /** When the pre-queue was shuffled and the seed published; null before. */
  seedRevealedAt: timestamp("seed_revealed_at", { withTimezone: true }),
  /** The place the next arrival after the shuffle gets. */
  nextPosition: integer("next_position").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type QueueEntryState = "waiting" | "admitted" | "active" | "expired" | "left";

export const queueEntries = pgTable(
  "queue_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    performanceId: integer("performance_id")
      .notNull()
      .references(() => performances.id),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** Short public code shown to the visitor and published instead of anything personal. */
    turnCode: text("turn_code").notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }).notNull(),
    /** Arrival order (the pre-queue's published arrival list). */
    arrivalSeq: bigint("arrival_seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    /** Arrived before the sale start: placed by the shuffle. */
    preQueue: boolean("pre_queue").notNull(),
    /** Null for the pre-queue until the shuffle. */
    position: integer("position"),
    state: text("state").$type<QueueEntryState>().notNull().default("waiting"),
    admittedAt: timestamp("admitted_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    activeUntil: timestamp("active_until", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("queue_entries_live_idx")
      .on(t.performanceId, t.customerId)
      .where(sql`${t.state} in ('waiting', 'admitted', 'active')`),
    uniqueIndex("queue_entries_turn_code_idx").on(t.performanceId, t.turnCode),
    // The next ones to let in, by place.
    index("queue_entries_waiting_idx")
      .on(t.performanceId, t.position)
      .where(sql`${t.state} = 'waiting'`),
    index("queue_entries_arrival_idx").on(t.performanceId, t.arrivalSeq),
  ],
);
