// Drizzle schema of the customers' side of the commerce API: accounts and their API tokens,
// phones and addresses, password-recovery codes, links to the city's identity provider, and
// the messages of the contact form.
// commerce/db/schema.ts re-exports it, so the schema is still one module to everyone.
import { sql } from "drizzle-orm";
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

export const customers = pgTable("customers", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  documentType: text("document_type").notNull(),
  documentNumber: text("document_number").notNull(),
  gender: text("gender").notNull(),
  birthDate: text("birth_date"),
  alias: text("alias"),
  /** The language of the customer's last purchase (es, en, pt): their mail is written in it. */
  language: text("language"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Asked only when the brand's Telegram flag is on (§9: off in this build). */
  telegramUser: text("telegram_user"),
});

export const apiTokens = pgTable(
  "api_tokens",
  {
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("api_tokens_customer_idx").on(t.customerId)],
);

// ---------------------------------------------------------------- customers' phones and addresses
// At most one default per customer, in the schema itself (a partial unique index), so no
// interleaving of requests can ever leave two; the area keeps at least one in one
// transaction that first locks the customer's row (customers/contact-book.ts).

export const customerPhones = pgTable(
  "customer_phones",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** PERMANENTE (fixed line) or MOVIL. */
    kind: text("kind").notNull(),
    number: text("number").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_phones_customer_idx").on(t.customerId),
    uniqueIndex("customer_phones_one_default").on(t.customerId).where(sql`${t.isDefault}`),
  ],
);

export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** PARTICULAR or LABORAL (work). */
    kind: text("kind").notNull(),
    /** Whom to ask for there. */
    referrer: text("referrer"),
    street: text("street").notNull(),
    streetNumber: text("street_number").notNull(),
    floor: text("floor"),
    apartment: text("apartment"),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    /** ISO 3166-2 code of the province, department, region or state. */
    province: text("province").notNull(),
    location: text("location").notNull(),
    zip: text("zip").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_customer_idx").on(t.customerId),
    uniqueIndex("customer_addresses_one_default").on(t.customerId).where(sql`${t.isDefault}`),
  ],
);
/**
 * The live password-recovery codes of a customer (customers/recovery.ts): the latest one
 * asked from each address (`requested_from`, the address as the rate limits count it), so
 * a request from elsewhere never replaces the owner's code (decision 0063). Only an HMAC of
 * a code is kept; every code of the customer is deleted when one is used, and a code dies
 * after too many wrong tries or when it expires.
 */
export const passwordRecoveryCodes = pgTable(
  "password_recovery_codes",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    requestedFrom: text("requested_from").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.requestedFrom] })],
);
/**
 * Customers who log in through the city's identity provider (customers/external-login.ts):
 * one row per (issuer, subject), made at the first login. customer_id is set in the same
 * transaction that inserts the row; concurrent first logins of one subject meet on the
 * unique key and share one customer. pending_fields names the customer's fields the
 * provider did not give (cTipoDocumento, cNumeroDocumento…), still to be completed.
 */
export const externalLogins = pgTable(
  "external_logins",
  {
    id: serial("id").primaryKey(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    customerId: integer("customer_id")
      .references(() => customers.id)
      .unique(),
    pendingFields: jsonb("pending_fields").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("external_logins_issuer_subject_idx").on(t.issuer, t.subject)],
);

export type StaffRole = "BOX_CLERK" | "DOOR_STAFF" | "OPERATOR";

/**
 * Staff roles, granted by the city's operators straight in the database (never by sign-up or
 * any API call): BOX_CLERK sells at the box office (ctProcess BOX); DOOR_STAFF checks tickets
 * at a venue's entrances (the door check); OPERATOR sets up the waiting rooms (decision 0048).
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    role: text("role").$type<StaffRole>().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.role] })],
);

/**
 * What a customer was found to be (RESIDENT, RETIREE…), for the promotions meant for them.
 * Granted by the city's staff after checking a document, never by the customer.
 */
export const customerAttributes = pgTable(
  "customer_attributes",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    attribute: text("attribute").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.attribute] })],
);

/** Messages sent through the contact form (anyone may write). */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  messageType: text("message_type").notNull(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject"),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
