// The commerce API's settings, read from the environment in this one place (the storefront's
// are in app/services/config.server.ts). Embedded in the storefront's server, its PGlite
// lives in $PGLITE_DIR or $DATA_DIR/pglite; standalone, in $DATA_DIR (./data/commerce).
import { z } from "zod";
import { installationSecrets, type SecretName } from "./installation-secrets.ts";
import type { IssuerSettings } from "./invoicing/issuer.ts";
import { isValidCuit } from "./invoicing/receipt-rules.ts";
import { parseRateLimits, type RateLimits } from "./limits/rate-limits.ts";
import type { HostedProviderSettings } from "./payments/hosted-providers-start.ts";
import { payPalSettingsFromEnv } from "./payments/paypal/settings.ts";
import { type TicketSigningKey, ticketSigningKeyFrom } from "./tickets/code.ts";

/** An Ed25519 private key setting (PKCS#8 PEM or its DER in base64). */
const ed25519KeySetting = z
  .string()
  .min(1)
  .transform((text, context) => {
    try {
      return ticketSigningKeyFrom(text);
    } catch {
      context.addIssue({ code: "custom", message: "must be an Ed25519 private key (PKCS#8)" });
      return z.NEVER;
    }
  });

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** LOG_LEVEL; by default info, and nothing under tests (a test that reads the logs sets it). */
export function logLevelFromEnv(env: Record<string, string | undefined> = process.env): LogLevel {
  return z
    .enum(logLevels)
    .default(env.NODE_ENV === "test" ? "silent" : "info")
    .parse(env.LOG_LEVEL || undefined);
}

/** What both servers read for their operator (commerce/operations/): metrics and stops. */
export type OperationsSettings = {
  /** METRICS_TOKEN: /metrics answers only "Authorization: Bearer <it>"; unset: see production. */
  metricsToken?: string;
  /** NODE_ENV=production: without METRICS_TOKEN, /metrics is not served (404). */
  production: boolean;
  /** SHUTDOWN_GRACE_MS: how long a stop waits for requests and background work (each). */
  shutdownGraceMs: number;
};

const operationsSchema = z.object({
  NODE_ENV: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
});

export function operationsSettingsFromEnv(
  env: Record<string, string | undefined> = process.env,
): OperationsSettings {
  const parsed = operationsSchema.parse({ ...env, METRICS_TOKEN: env.METRICS_TOKEN || undefined });
  return {
    metricsToken: parsed.METRICS_TOKEN,
    production: parsed.NODE_ENV === "production",
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
  };
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3100),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  PGLITE_DIR: z.string().min(1).optional(),
  TICKET_SECRET: z.string().min(1).optional(),
  /** Ed25519 private key of the ticket codes (decision 0042): PKCS#8 PEM or its DER in base64. */
  TICKET_SIGNING_KEY: ed25519KeySetting.optional(),
  /** Ed25519 private key of the waiting room's admission tokens (decision 0048), likewise. */
  QUEUE_SIGNING_KEY: ed25519KeySetting.optional(),
  /** How often the waiting rooms let the next visitors in (milliseconds). */
  QUEUE_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Where the waiting page sends a visitor whose turn came; unset: the page's own origin. */
  QUEUE_STOREFRONT_URL: z.string().url().optional(),
  SEED_DEMO: z.string().optional(),
  /** Places one customer may have of one performance (held, booked and bought). */
  MAX_PLACES_PER_PERFORMANCE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Whether places already bought count towards that maximum (decision 0060). */
  PLACE_LIMIT_COUNTS_BOUGHT: z.enum(["true", "false"]).default("true"),
  /** Minutes a buyer may add once to the purchase clock; 0 turns the offer off. */
  PURCHASE_EXTENSION_MINUTES: z.coerce.number().int().min(0).max(60).default(10),
  /** Overrides of the rate limits: "login.account=10/15,signUp.address=5/60" (max/minutes). */
  RATE_LIMITS: z.string().optional(),
  /** Comma-separated IP addresses whose X-Client-Address is believed (standalone API). */
  TRUST_CLIENT_ADDRESS_FROM: z.string().optional(),
  PAYMENT_RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(0).default(120),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  SANDBOX_ANSWER_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** How long the sandbox issuer takes to decide a pending charge (its test cards). */
  SANDBOX_DECISION_SECONDS: z.coerce.number().int().min(0).max(3600).default(8),
  /** Where browsers reach the sandbox issuer's pages; unset: the shop's own origin. */
  SANDBOX_PUBLIC_URL: z.string().url().optional(),
  /** Signs the sandbox acquirer's notifications; every API process must share it. */
  SANDBOX_NOTIFICATION_SECRET: z.string().min(16).optional(),
  /**
   * Providers without keys run as local stand-ins inside this process, on their own port
   * (decision 0077); "off": they are not offered (cards then go through the sandbox
   * acquirer). Unset: on with the embedded database, off with DATABASE_URL, whose nodes
   * must share one Bancard and one PayPal (a stand-in of one process is no one else's).
   */
  PAYMENT_STAND_INS: z.enum(["on", "off"]).optional(),
  /** Where Bancard's vPOS is; without BANCARD_PUBLIC_KEY, where its stand-in listens. */
  BANCARD_URL: z.url().optional(),
  BANCARD_PUBLIC_KEY: z.string().min(1).optional(),
  BANCARD_PRIVATE_KEY: z.string().min(1).optional(),
  /** What Bancard charges in: PYG (or USD for shops Bancard enabled for it). */
  BANCARD_CURRENCY: z.enum(["PYG", "USD"]).default("PYG"),
  /** Where PayPal's REST API is; without PAYPAL_CLIENT_ID, where its stand-in listens. */
  PAYPAL_URL: z.url().optional(),
  /** This API's address for the providers' confirmations (default http://127.0.0.1:PORT). */
  PAYMENT_CALLBACK_URL: z.url().optional(),
  /** The shop's tax data printed on its bills and credit notes (invoicing/issuer.ts). */
  INVOICE_POINT_OF_SALE: z.coerce.number().int().min(1).max(99_999).default(1),
  INVOICE_TAX_ID: z
    .string()
    .refine(isValidCuit, "must be an 11-digit CUIT with its check digit")
    .default("30712345671"),
  INVOICE_LEGAL_NAME: z.string().min(1).default("Ente de Cultura de la Ciudad (sandbox)"),
  INVOICE_ADDRESS: z.string().min(1).default("Av. de Mayo 525, Ciudad"),
  INVOICE_VAT_CONDITION: z.string().min(1).default("IVA Responsable Inscripto"),
  INVOICE_GROSS_INCOME: z.string().min(1).default("30712345671"),
  INVOICE_ACTIVITY_START: z.iso.date().default("2020-01-01"),
  INVOICE_VAT_PERCENT: z.coerce.number().min(0).max(100).default(21),
  /** smtp://user:password@host:587 or smtps://…: send mail there instead of the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The From of every mail ("Name <address>"). */
  MAIL_FROM: z.string().min(3).default("Entradas <no-reply@localhost>"),
  /** The outbox folder (default $DATA_DIR/outbox). */
  OUTBOX_DIR: z.string().min(1).optional(),
  /** External login (decision 0028): whose ID tokens Cliente/Externo accepts, for which client. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
});

export type CommerceSettings = {
  /** Where the standalone API listens (commerce/server.ts); unused when embedded. */
  port: number;
  host: string;
  /** postgres://… to use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** PGlite's folder ("memory://" keeps it in memory); unused with databaseUrl. */
  dataDir?: string;
  /** HMAC key of cancel keys, recovery codes and old ticket codes: every API server shares it. */
  ticketSecret: string;
  /** Whether ticketSecret is the development value (never in production: decision 0059). */
  developmentTicketSecret: boolean;
  /** Signs the ticket codes (Ed25519); its public key is published for the door's scanners. */
  ticketSigningKey: TicketSigningKey;
  /** Whether ticketSigningKey is the development key (never in production). */
  developmentTicketSigningKey: boolean;
  /** The waiting rooms (decision 0048): token key, admission job's interval, storefront. */
  queue: QueueSettings;
  seedDemo: boolean;
  /** Spec §9: the purchase clock and the login's validity. */
  purchaseMinutes: number;
  /** Minutes a buyer may add once to the purchase clock (WCAG 2.2.1); 0: never offered. */
  extensionMinutes: number;
  loginMinutes: number;
  /** Places one customer may have of one performance: held, booked, bought, asked for. */
  maxPlacesPerPerformance: number;
  /** Whether places already bought count towards maxPlacesPerPerformance. */
  placeLimitCountsBought: boolean;
  /** Login, sign-up, password recovery and contact attempts per address and per account. */
  rateLimits: RateLimits;
  /**
   * The storefronts of a standalone API: only from these addresses is X-Client-Address (the
   * buyer's address) believed; from anyone else the connection's own address counts.
   */
  trustClientAddressFrom: string[];
  /**
   * Payments left PENDING (a crash between the acquirer's answer and the database) are
   * settled or refunded at start and then every interval, once older than the grace period
   * (younger ones may still be in flight in some API process).
   */
  reconcileGraceSeconds: number;
  reconcileIntervalSeconds: number;
  /** Fault tests only: the sandbox acquirer holds each answer this long after deciding. */
  sandboxAnswerDelayMs: number;
  sandbox: { decisionMs: number; publicUrl: string; notificationSecret: string };
  /** Bancard's and PayPal's: real with their keys, else stand-ins (decision 0077). */
  hostedProviders: HostedProviderSettings;
  /** The secrets this start made into the data folder (decision 0059): said once, in the log. */
  secretsMade: { names: SecretName[]; folder: string };
  /** Mail: through SMTP when smtpUrl is set, else as .eml files in outboxDir. */
  mail: MailSettings;
  /** Who issues the bills and credit notes, at which point of sale (the sandbox authority's). */
  issuer: IssuerSettings;
  /** The identity provider and this shop's client id there; unset: no Cliente/Externo. */
  externalLogin?: { issuer: string; clientId: string };
};

export type QueueSettings = {
  /** Signs the admission tokens (Ed25519); its public key is published (GET Cola/ClavePublica). */
  signingKey: TicketSigningKey;
  /** Whether signingKey is the development key (never in production). */
  developmentSigningKey: boolean;
  tickMs: number;
  /** The storefront's origin for the admitted visitor's link ("" = the page's own origin). */
  storefrontUrl: string;
};

export type MailSettings = { smtpUrl?: string; from: string; outboxDir: string };

/** The real Bancard: both keys and its address, or neither key (its stand-in then). */
function bancardSettingsFrom(parsed: z.infer<typeof envSchema>) {
  const { BANCARD_PUBLIC_KEY, BANCARD_PRIVATE_KEY, BANCARD_URL } = parsed;
  if (!BANCARD_PUBLIC_KEY && !BANCARD_PRIVATE_KEY) return null;
  if (!BANCARD_PUBLIC_KEY || !BANCARD_PRIVATE_KEY || !BANCARD_URL) {
    throw new Error(
      "Bancard needs BANCARD_URL, BANCARD_PUBLIC_KEY and BANCARD_PRIVATE_KEY together",
    );
  }
  return {
    baseUrl: BANCARD_URL,
    publicKey: BANCARD_PUBLIC_KEY,
    privateKey: BANCARD_PRIVATE_KEY,
    currency: parsed.BANCARD_CURRENCY,
  };
}

export function commerceSettingsFromEnv(
  mode: "embedded" | "standalone",
  env: Record<string, string | undefined> = process.env,
): CommerceSettings {
  const parsed = envSchema.parse(env);
  // Where the installation keeps what it makes itself: its secrets, its outbox.
  const dataFolder = parsed.DATA_DIR ?? (mode === "embedded" ? "./data" : "./data/commerce");
  const secrets = installationSecrets(parsed, {
    production: env.NODE_ENV === "production",
    sharedDatabase: parsed.DATABASE_URL !== undefined,
    folder: dataFolder,
  });
  const dataDir = parsed.DATABASE_URL
    ? undefined
    : mode === "embedded"
      ? (parsed.PGLITE_DIR ?? `${parsed.DATA_DIR ?? "./data"}/pglite`)
      : (parsed.PGLITE_DIR ?? parsed.DATA_DIR ?? "./data/commerce");
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    ticketSecret: secrets.ticketSecret,
    developmentTicketSecret: secrets.development.includes("TICKET_SECRET"),
    ticketSigningKey: secrets.ticketSigningKey,
    developmentTicketSigningKey: secrets.development.includes("TICKET_SIGNING_KEY"),
    queue: {
      signingKey: secrets.queueSigningKey,
      developmentSigningKey: secrets.development.includes("QUEUE_SIGNING_KEY"),
      tickMs: parsed.QUEUE_TICK_MS,
      storefrontUrl: (parsed.QUEUE_STOREFRONT_URL ?? "").replace(/\/+$/, ""),
    },
    seedDemo: parsed.SEED_DEMO !== "false" && parsed.SEED_DEMO !== "0",
    purchaseMinutes: 30,
    extensionMinutes: parsed.PURCHASE_EXTENSION_MINUTES,
    loginMinutes: 180,
    maxPlacesPerPerformance: parsed.MAX_PLACES_PER_PERFORMANCE,
    placeLimitCountsBought: parsed.PLACE_LIMIT_COUNTS_BOUGHT === "true",
    rateLimits: parseRateLimits(parsed.RATE_LIMITS),
    trustClientAddressFrom: (parsed.TRUST_CLIENT_ADDRESS_FROM ?? "")
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean),
    reconcileGraceSeconds: parsed.PAYMENT_RECONCILE_GRACE_SECONDS,
    reconcileIntervalSeconds: parsed.PAYMENT_RECONCILE_INTERVAL_SECONDS,
    sandboxAnswerDelayMs: parsed.SANDBOX_ANSWER_DELAY_MS,
    sandbox: {
      decisionMs: parsed.SANDBOX_DECISION_SECONDS * 1000,
      publicUrl: parsed.SANDBOX_PUBLIC_URL ?? "",
      notificationSecret: secrets.notificationSecret,
    },
    secretsMade: { names: secrets.created, folder: dataFolder },
    hostedProviders: {
      standIns: (parsed.PAYMENT_STAND_INS ?? (parsed.DATABASE_URL ? "off" : "on")) === "on",
      bancard: bancardSettingsFrom(parsed),
      bancardStandInUrl: parsed.BANCARD_URL,
      payPal: payPalSettingsFromEnv(env),
      payPalStandInUrl: parsed.PAYPAL_URL,
      // Embedded, the API answers on the storefront's port (3000 unless PORT says).
      callbackUrl:
        parsed.PAYMENT_CALLBACK_URL ??
        `http://127.0.0.1:${env.PORT ? parsed.PORT : mode === "embedded" ? 3000 : parsed.PORT}`,
    },
    issuer: {
      pointOfSale: parsed.INVOICE_POINT_OF_SALE,
      taxId: parsed.INVOICE_TAX_ID,
      legalName: parsed.INVOICE_LEGAL_NAME,
      address: parsed.INVOICE_ADDRESS,
      vatCondition: parsed.INVOICE_VAT_CONDITION,
      grossIncomeNumber: parsed.INVOICE_GROSS_INCOME,
      activityStart: parsed.INVOICE_ACTIVITY_START,
      vatPercent: parsed.INVOICE_VAT_PERCENT,
    },
    mail: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      outboxDir: parsed.OUTBOX_DIR ?? `${dataFolder}/outbox`,
    },
    externalLogin:
      parsed.OIDC_ISSUER && parsed.OIDC_CLIENT_ID
        ? { issuer: parsed.OIDC_ISSUER, clientId: parsed.OIDC_CLIENT_ID }
        : undefined,
  };
}
