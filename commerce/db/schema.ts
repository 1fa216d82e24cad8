// Drizzle schema of the commerce API. PostgreSQL dialect only (PGlite embedded, pg remote).
// Texts shown to buyers in several languages are stored as { es, en, pt } JSON.
import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { customerAddresses, customers } from "./schema-customers.ts";
import { hallSeats, hallSectors } from "./schema-halls.ts";
import type { DeliveryAddress } from "./schema-process.ts";
import { localizedSql, searchFold } from "./search-fold.ts";

export * from "./schema-customers.ts";
export * from "./schema-door.ts";
export * from "./schema-halls.ts";
export * from "./schema-invoicing.ts";
export * from "./schema-operations.ts";
export * from "./schema-process.ts";
export * from "./schema-queue.ts";
export * from "./search-fold.ts";

export type LocalizedText = { es: string; en: string; pt: string };

/** What a show's search matches in one language, besides its venue and category names. */
const showSearchText = (language: "es" | "en" | "pt"): SQL =>
  searchFold(sql`"title" || ' ' || ${localizedSql(sql`"summary"`, language)}`);

export const showTypes = pgTable("show_types", {
  id: integer("id").primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  sortOrder: integer("sort_order").notNull(),
  /** Folded names per language, for search (folding is too slow to repeat per query). */
  searchEs: text("search_es")
    .notNull()
    .generatedAlwaysAs(() => searchFold(localizedSql(sql`"name"`, "es"))),
  searchEn: text("search_en")
    .notNull()
    .generatedAlwaysAs(() => searchFold(localizedSql(sql`"name"`, "en"))),
  searchPt: text("search_pt")
    .notNull()
    .generatedAlwaysAs(() => searchFold(localizedSql(sql`"name"`, "pt"))),
});

export const venues = pgTable("venues", {
  id: serial("id").primaryKey(),
  seo: text("seo").notNull().unique(),
  name: text("name").notNull(),
  address: text("address").notNull(),
  city: text("city").notNull(),
  zone: text("zone").notNull(),
  latitude: text("latitude"),
  longitude: text("longitude"),
  description: jsonb("description").$type<LocalizedText>().notNull(),
  isShop: boolean("is_shop").notNull().default(false),
  /** Folded name and zone, for search. */
  searchName: text("search_name")
    .notNull()
    .generatedAlwaysAs(() => searchFold(sql`"name"`)),
  searchZone: text("search_zone")
    .notNull()
    .generatedAlwaysAs(() => searchFold(sql`"zone"`)),
});

export const shows = pgTable(
  "shows",
  {
    id: serial("id").primaryKey(),
    seo: text("seo").notNull().unique(),
    typeId: integer("type_id")
      .notNull()
      .references(() => showTypes.id),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id),
    title: text("title").notNull(),
    summary: jsonb("summary").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull(),
    imagePath: text("image_path").notNull(),
    /** 1..3 for the billboard's highlighted shows; null otherwise. */
    highlightRank: integer("highlight_rank"),
    durationMinutes: integer("duration_minutes"),
    /** Products (type 100) are sold without a date: they carry one open-ended "performance". */
    isProduct: boolean("is_product").notNull().default(false),
    /** Folded title and summary per language: what search matches (with the venue and type). */
    searchEs: text("search_es")
      .notNull()
      .generatedAlwaysAs(() => showSearchText("es")),
    searchEn: text("search_en")
      .notNull()
      .generatedAlwaysAs(() => showSearchText("en")),
    searchPt: text("search_pt")
      .notNull()
      .generatedAlwaysAs(() => showSearchText("pt")),
    /** Folded title: the tie-break of listings after the next performance's date. */
    sortTitle: text("sort_title")
      .notNull()
      .generatedAlwaysAs(() => searchFold(sql`"title"`)),
    /**
     * Listings' sort key: the start of the earliest on-sale performance, kept by triggers on
     * performances (migration 0002). It may name one that has started already: readers move
     * those forward before using it (catalog/search.ts refreshNextPerformances).
     */
    nextPerformanceAt: timestamp("next_performance_at", { withTimezone: true }),
  },
  (t) => [
    index("shows_type_idx").on(t.typeId),
    index("shows_venue_idx").on(t.venueId),
    // Listings in order (next performance, then title) straight from the index.
    index("shows_listing_idx").on(t.nextPerformanceAt, sql`${t.sortTitle} COLLATE "C"`, t.id),
  ],
);

export const performances = pgTable(
  "performances",
  {
    id: serial("id").primaryKey(),
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** ON_SALE, CANCELLED. Sold out is derived from free places. */
    status: text("status").notNull().default("ON_SALE"),
    /**
     * What the buyer must tell to buy for it (purchase/additional-data.ts codes: the holder's
     * name or document, a school's name…), answered once per performance of a purchase.
     */
    requestedData: text("requested_data").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("performances_show_idx").on(t.showId, t.startsAt),
    // Search by dates: the on-sale performances of a date range.
    index("performances_on_sale_starts_idx").on(t.startsAt).where(sql`${t.status} = 'ON_SALE'`),
  ],
);

export const sectors = pgTable(
  "sectors",
  {
    id: serial("id").primaryKey(),
    performanceId: integer("performance_id")
      .notNull()
      .references(() => performances.id),
    name: text("name").notNull(),
    /** GENERAL (general admission: places without a number) or NUMBERED (seats). */
    kind: text("kind").$type<"GENERAL" | "NUMBERED">().notNull(),
    /** Whole pesos. */
    price: integer("price").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Where the sector is drawn on the venue's plan (null: not drawn, listed only). */
    hallSectorId: integer("hall_sector_id").references(() => hallSectors.id),
  },
  (t) => [index("sectors_performance_idx").on(t.performanceId)],
);

/**
 * One row per sellable place: a numbered seat or one general-admission place.
 * A place is free when it is not sold and its hold is absent or past its deadline
 * (expiry is lazy: no job is needed to free it).
 */
export const positions = pgTable(
  "positions",
  {
    id: serial("id").primaryKey(),
    sectorId: integer("sector_id")
      .notNull()
      .references(() => sectors.id),
    performanceId: integer("performance_id")
      .notNull()
      .references(() => performances.id),
    row: text("row"),
    number: integer("number"),
    heldByProcessId: integer("held_by_process_id"),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    sold: boolean("sold").notNull().default(false),
    /** A numbered seat's place on the plan (null for general admission and undrawn halls). */
    hallSeatId: integer("hall_seat_id").references(() => hallSeats.id),
  },
  (t) => [
    index("positions_sector_free_idx").on(t.sectorId, t.sold),
    // A hold looks for a sector's first free places in id order: over the unsold ones only.
    index("positions_sector_unsold_idx").on(t.sectorId, t.id).where(sql`${t.sold} = false`),
    index("positions_process_idx").on(t.heldByProcessId),
  ],
);

/**
 * Shop products offered with every performance of a show (programme, parking, merchandise):
 * Tienda/ParaFuncion and ProductoAsignado/Lista/*. A product (shows.is_product) is sold
 * through its own open-ended performance, so its stock is held like places.
 */
export const showProducts = pgTable(
  "show_products",
  {
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id),
    productId: integer("product_id")
      .notNull()
      .references(() => shows.id),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.showId, t.productId] })],
);

/**
 * Promotions of a show (spec §7 "Functions and promotions"). The rule and who may have it are
 * decided by purchase/promotions.ts; the quota is counted from the tickets sold with it and
 * the live holds that carry it (purchase/promotion-store.ts), so an expired hold gives its
 * share back without any job.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id),
    /** One performance of the show only; null: all of them. */
    performanceId: integer("performance_id").references(() => performances.id),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull(),
    /** PERCENT_OFF, FIXED_PRICE or N_FOR_M, with its figures (purchase/promotions.ts). */
    rule: jsonb("rule").$type<PromotionRuleJson>().notNull(),
    code: text("code"),
    forAttribute: text("for_attribute"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    quota: integer("quota"),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("promotions_show_idx").on(t.showId)],
);

/** The same union as purchase/promotions.ts PromotionRule (the schema imports no domain code). */
export type PromotionRuleJson =
  | { kind: "PERCENT_OFF"; percent: number }
  | { kind: "FIXED_PRICE"; price: number }
  | { kind: "N_FOR_M"; take: number; pay: number };

export const purchaseProcesses = pgTable(
  "purchase_processes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** CART or BOX. */
    kind: text("kind").$type<"CART" | "BOX">().notNull().default("CART"),
    /** ACTIVE, PAID, CANCELLED. EXPIRED is derived from the deadline. */
    status: text("status").$type<"ACTIVE" | "PAID" | "CANCELLED">().notNull().default("ACTIVE"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    /** When the buyer took the one extension of the clock (WCAG 2.2.1); null: not taken. */
    extendedAt: timestamp("extended_at", { withTimezone: true }),
    deliveryTypeId: integer("delivery_type_id"),
    /** Home delivery's address, one of the customer's (gone if they delete it). */
    deliveryAddressId: integer("delivery_address_id").references(() => customerAddresses.id, {
      onDelete: "set null",
    }),
    paymentMethodId: integer("payment_method_id"),
    /**
     * Random per process. With the API's secret it derives the key that lets the owner's
     * pages cancel without a login (purchase/cancel-key.ts); the key itself is not stored.
     */
    cancelNonce: text("cancel_nonce").notNull().default(sql`gen_random_uuid()::text`),
  },
  (t) => [index("purchase_processes_customer_idx").on(t.customerId)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    processId: integer("process_id")
      .notNull()
      .references(() => purchaseProcesses.id),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amount: integer("amount").notNull(),
    /** PENDING, then APPROVED, DECLINED, FAILED, REFUNDED or REFUND_FAILED. */
    status: text("status").notNull(),
    /**
     * Where a PENDING payment is: null while the acquirer is asked, CHALLENGE while the
     * cardholder authenticates (3-D Secure, at redirectUrl), AWAITING while the issuer decides.
     */
    stage: text("stage").$type<"CHALLENGE" | "AWAITING">(),
    redirectUrl: text("redirect_url"),
    embedUrl: text("embed_url"), // the provider's form the page frames (Bancard's)
    /** Who takes it: the sandbox acquirer (CARD), BANCARD, PAYPAL or a wallet (APAY, TIGO_MONEY). */
    provider: text("provider").notNull().default("CARD"),
    providerReference: text("provider_reference"),
    declineReason: text("decline_reason"),
    cardLast4: text("card_last4"),
    installments: integer("installments").notNull().default(1),
    /** What the buyer pays the bank over the installments (the amount plus its interest). */
    installmentsTotal: integer("installments_total"),
    /** The card's network by the acquirer's BIN lookup (VISA, MASTERCARD, AMEX, CABAL). */
    cardBrand: text("card_brand"),
    /**
     * A box-office sale paid on the acquirer's form: the walk-in buyer, kept for when the
     * acquirer confirms after the clerk's request has ended (settlement.ts).
     */
    counterBuyerName: text("counter_buyer_name"),
    counterBuyerEmail: text("counter_buyer_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Reconciliation looks for the few payments left PENDING (payments/reconcile.ts).
    index("payments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    index("payments_process_idx").on(t.processId),
    // A notification names a PENDING payment by the provider's id: no entry for any other.
    index("payments_provider_reference_idx")
      .on(t.providerReference)
      .where(sql`${t.status} = 'PENDING' AND ${t.providerReference} IS NOT NULL`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    processId: integer("process_id")
      .notNull()
      .unique()
      .references(() => purchaseProcesses.id),
    paymentId: integer("payment_id").references(() => payments.id),
    /** The places at their own prices; discountTotal is what promotions took off. */
    ticketsTotal: integer("tickets_total").notNull(),
    discountTotal: integer("discount_total").notNull().default(0),
    deliveryFee: integer("delivery_fee").notNull(),
    serviceCharge: integer("service_charge").notNull(),
    total: integer("total").notNull(),
    deliveryTypeId: integer("delivery_type_id").notNull(),
    /** Where home delivery goes, as it was when paid (the customer may change it later). */
    deliveryAddress: jsonb("delivery_address").$type<DeliveryAddress>(),
    /** PAID, REFUNDED; CANCELLING, then CANCELLED, when the box office cancels it. */
    status: text("status").notNull().default("PAID"),
    /**
     * Sold at the box office (a BOX process): by the clerk whose account holds the order, to
     * a walk-in buyer named here (the e-mail only if they gave one), paid as `paymentMedium`.
     */
    soldAtCounter: boolean("sold_at_counter").notNull().default(false),
    buyerName: text("buyer_name"),
    buyerEmail: text("buyer_email"),
    /** CARD or WALLET (online), CASH or CARD_PRESENT (box office). */
    paymentMedium: text("payment_medium").notNull().default("CARD"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("orders_customer_idx").on(t.customerId)],
);

export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    performanceId: integer("performance_id")
      .notNull()
      .references(() => performances.id),
    sectorId: integer("sector_id")
      .notNull()
      .references(() => sectors.id),
    positionId: integer("position_id")
      .notNull()
      .references(() => positions.id),
    /** What was paid for it: the sector's price less its promotion's discount. */
    price: integer("price").notNull(),
    promotionId: integer("promotion_id").references(() => promotions.id),
    discount: integer("discount").notNull().default(0),
    /** Signed code printed in the QR: ticket id + HMAC. */
    code: text("code").notNull().unique(),
    /** Its order was cancelled: kept as history, its place free to be sold again. */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  // The schema itself forbids selling one place twice (a voided ticket no longer holds it).
  (t) => [
    uniqueIndex("tickets_performance_position_unique")
      .on(t.performanceId, t.positionId)
      .where(sql`${t.voidedAt} is null`),
    // An order's tickets, and what a customer bought of one performance (the place limit,
    // decision 0060): led by the order so that the count starts from the customer's orders,
    // never from every ticket of a big performance.
    index("tickets_order_performance_idx").on(t.orderId, t.performanceId),
    // A promotion's quota counts the tickets sold with it.
    index("tickets_promotion_idx").on(t.promotionId).where(sql`${t.promotionId} is not null`),
  ],
);
