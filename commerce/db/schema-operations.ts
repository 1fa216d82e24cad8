// Tables of the API's own operation, not of the shop's catalogue or sales: the rate-limit
// counters, the sandbox acquirer's ledger (a stand-in for an outside service) and the seed
// runs. No foreign keys to the rest of the schema.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Not the shop's: the ledger of the sandbox acquirer (payments/sandbox/sandbox.ts), the offline
 * stand-in for an outside card acquirer, which keeps its own records as a real one would. In
 * the database rather than in memory so that every API process sharing the database is one
 * acquirer: the primary key decides each idempotency key once.
 */
export const sandboxAcquirerCharges = pgTable("sandbox_acquirer_charges", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  /**
   * APPROVED, DECLINED or FAILED: the answer given for this key, every time. CHALLENGE while
   * the cardholder authenticates (3-D Secure), AWAITING while the issuer decides later; both
   * end in APPROVED or DECLINED.
   */
  status: text("status")
    .$type<"APPROVED" | "DECLINED" | "FAILED" | "CHALLENGE" | "AWAITING">()
    .notNull(),
  /** The charge's reference (approved ones only). */
  reference: text("reference").unique(),
  reason: text("reason"),
  last4: text("last4").notNull(),
  amount: integer("amount").notNull(),
  installments: integer("installments").notNull(),
  refunded: boolean("refunded").notNull().default(false),
  /** The 3-D Secure challenge page's secret part of its address, and where it returns to. */
  challengeToken: text("challenge_token").unique(),
  returnUrl: text("return_url"),
  /** AWAITING: when the issuer decides, and what (APPROVED or DECLINED). */
  decideAt: timestamp("decide_at", { withTimezone: true }),
  laterStatus: text("later_status").$type<"APPROVED" | "DECLINED">(),
  /** The signed notification of a decision taken later was sent. */
  notified: boolean("notified").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Not the shop's either: the ledger of the sandbox wallet (payments/sandbox-wallet/sandbox-wallet.ts), the
 * offline stand-in for an outside wallet (Apay, Tigo Money) with its hosted payment page.
 * One row per idempotency key, decided once, as the acquirer's.
 */
export const sandboxWalletPayments = pgTable("sandbox_wallet_payments", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  /** Which brand of the wallet the payer pays with (APAY, TIGO_MONEY). */
  brand: text("brand").notNull(),
  /**
   * WAITING_PAYER while the hosted page waits for the payer, AWAITING when they chose to
   * decide later (the wallet notifies then); APPROVED or DECLINED in the end.
   */
  status: text("status").$type<"WAITING_PAYER" | "AWAITING" | "APPROVED" | "DECLINED">().notNull(),
  reference: text("reference").unique(),
  reason: text("reason"),
  amount: integer("amount").notNull(),
  refunded: boolean("refunded").notNull().default(false),
  /** The hosted page's secret part of its address, and where it sends the payer back to. */
  pageToken: text("page_token").notNull().unique(),
  returnUrl: text("return_url").notNull(),
  decideAt: timestamp("decide_at", { withTimezone: true }),
  /** The signed notification of its last decision was sent. */
  notified: boolean("notified").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The acquirer's notifications (webhooks) received, by their id: a replayed one is known
 * and changes nothing. Rows older than the signature's tolerance could go; they are tiny.
 */
export const acquirerNotifications = pgTable("acquirer_notifications", {
  id: text("id").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempts counted against the rate limits (limits/rate-limits.ts), one row per key and
 * fixed window, so every API process of one shop counts together. Rows past their window
 * are deleted from time to time.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** Limit, scope and subject: "login:account:<sha-256 of the e-mail>", "signUp:address:…". */
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    /** The window's end: the row is of no use after it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_counters_expires_idx").on(t.expiresAt),
  ],
);

export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  ranAt: bigint("ran_at", { mode: "number" })
    .notNull()
    .default(sql`extract(epoch from now())::bigint`),
});

/**
 * Not the shop's: the ledger of the sandbox fiscal authority (invoicing/sandbox-authority.ts),
 * the offline stand-in for the tax office that authorizes receipts. One row per authorized
 * receipt; the primary key and its "next number only" rule decide each number once.
 */
export const sandboxFiscalReceipts = pgTable(
  "sandbox_fiscal_receipts",
  {
    issuerTaxId: text("issuer_tax_id").notNull(),
    pointOfSale: integer("point_of_sale").notNull(),
    receiptType: integer("receipt_type").notNull(),
    number: integer("number").notNull(),
    issuedOn: text("issued_on").notNull(),
    total: integer("total").notNull(),
    cae: text("cae").notNull().unique(),
    caeExpiresOn: text("cae_expires_on").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuerTaxId, t.pointOfSale, t.receiptType, t.number] })],
);
