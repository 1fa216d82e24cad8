// The storefront's settings, read from the environment in this one place and checked at start:
// the React Router app and the server around it (server/) both take them from here. The
// commerce API's own settings are in commerce/config.ts.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type LogLevel, logLevels } from "../../commerce/config.ts";
import { policyOrigin } from "../../commerce/http/security-headers.ts";

const port = z.coerce.number().int().min(0).max(65_535);
const httpUrl = z
  .url()
  .refine((value) => /^https?:\/\//.test(value), { message: "must be an http(s) URL" });

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  /** The embedded API's outbox of mail (default $DATA_DIR/outbox), listed at /dev/outbox. */
  OUTBOX_DIR: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  COMMERCE_API_URL: z.url().optional(),
  DEFAULT_COUNTRY_CODE: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default("AR"),
  /** IP-to-country lookup (spec §7): a URL with {ip}, answering JSON { countryCode }. */
  IP_LOOKUP_URL: z
    .url()
    .refine((value) => value.includes("%7Bip%7D") || value.includes("{ip}"), {
      message: "must contain {ip}",
    })
    .optional(),
  /** Where visitors reach the shop (https://entradas.example): canonical and sitemap URLs. */
  PUBLIC_ORIGIN: httpUrl.optional(),
  LOG_LEVEL: z.enum(logLevels).optional(),
  /**
   * The queue gate's list of queued performances (spec §4): a static JSON list (an array of
   * ids, or an object keyed by them). Unset: the API's GET Colas.
   */
  QUEUE_LIST_URL: httpUrl.optional(),
  /** Where the waiting page (/cola) is served; unset: the shop's own origin. */
  QUEUE_PAGE_URL: httpUrl.optional(),
  /** Reverse proxies in front of the server whose X-Forwarded-For is believed (0: none). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long anonymous visitors may be answered a copy of a shared page (0: never). */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * End-to-end tests only (decision 0025): a request may move the clock that judges its
   * login's age forward with a header (clock.server.ts). Refused with Secure cookies.
   */
  E2E_CLOCK_HEADER: z.enum(["on", "off"]).default("off"),
  /** own: the shop's e-mail and password login; external: the city's OpenID provider. */
  LOGIN_MODE: z.enum(["own", "external"]).default("own"),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The provider's account page (where the customer's personal data lives). */
  OIDC_ACCOUNT_URL: z.url().optional(),
  /**
   * The payment providers' services (decision 0078): by default their local stand-ins. The
   * storefront only takes their origins from them, for the policy of the pages that embed a
   * provider's form or send the payer to its page; the API holds the credentials.
   */
  /** Where Bancard and PayPal are; unset: where the embedded API's providers are. */
  BANCARD_URL: httpUrl.optional(),
  PAYPAL_URL: httpUrl.optional(),
  /** Where PayPal's approval page is, when not on PAYPAL_URL's origin (api-m vs www). */
  PAYPAL_APPROVAL_URL: httpUrl.optional(),
});

/** The origins a payment page's policy may name (server/security-headers.ts). */
export type PaymentProviderOrigins = {
  /** Bancard's card form (iframe and script) and its hosted page. */
  bancard?: string;
  /** PayPal's approval page. */
  paypalApproval?: string;
};

export type ExternalLoginConfig = {
  issuer: string;
  clientId: string;
  /** Server-side only: never logged, never in a page or the client bundle. */
  clientSecret: string;
  accountUrl: string;
};

export type StorefrontConfig = {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Where the embedded API writes its mail; the development page /dev/outbox lists it. */
  outboxDir: string;
  sessionSecret: string;
  cookieSecure: boolean;
  commerceApiUrl: string | undefined;
  defaultCountryCode: string;
  ipLookupUrl: string | undefined;
  /** Origin only (no path, no trailing slash); unset: each request's own origin. */
  publicOrigin: string | undefined;
  /** LOG_LEVEL: info by default, silent under tests. */
  logLevel: LogLevel;
  /** QUEUE_LIST_URL: the static queue list; unset: the API's list. */
  queueListUrl: string | undefined;
  /** QUEUE_PAGE_URL without a trailing slash (the page is <it>/cola); unset: same origin. */
  queuePageUrl: string | undefined;
  /** Reverse proxies in front: the buyer's address is read from X-Forwarded-For past them. */
  trustProxyHops: number;
  /** PAGE_CACHE_MS: server/page-cache.ts (decision 0055). */
  pageCacheMs: number;
  /** E2E_CLOCK_HEADER=on: the e2e tests' clock header is read (never with Secure cookies). */
  e2eClockHeader: boolean;
  loginMode: "own" | "external";
  /** Set exactly when loginMode is external. */
  externalLogin: ExternalLoginConfig | null;
  paymentProviderOrigins: PaymentProviderOrigins;
};

/** External login needs all four OIDC_* settings; the error names them, never their values. */
export function externalLoginFrom(env: z.infer<typeof configSchema>): ExternalLoginConfig | null {
  if (env.LOGIN_MODE !== "external") return null;
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ACCOUNT_URL } = env;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET || !OIDC_ACCOUNT_URL) {
    const missing = Object.entries({
      OIDC_ISSUER,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_ACCOUNT_URL,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new Error(`LOGIN_MODE=external needs ${missing.join(", ")}`);
  }
  return {
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    accountUrl: OIDC_ACCOUNT_URL,
  };
}

/** The providers' origins; a URL a policy cannot name stops the start, naming the setting. */
export function paymentProviderOriginsFrom(
  env: z.infer<typeof configSchema>,
): PaymentProviderOrigins {
  const originOf = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    try {
      return policyOrigin(value);
    } catch (error) {
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  };
  return {
    bancard: originOf("BANCARD_URL", env.BANCARD_URL),
    paypalApproval: env.PAYPAL_APPROVAL_URL
      ? originOf("PAYPAL_APPROVAL_URL", env.PAYPAL_APPROVAL_URL)
      : originOf("PAYPAL_URL", env.PAYPAL_URL),
  };
}

/** QUEUE_PAGE_URL as a base: its origin and path, without a query or a trailing slash. */
export function queuePageBaseOf(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * Without SESSION_SECRET a random one is made once and kept in the data folder, so a fresh
 * clone runs without setup and sessions survive restarts.
 */
function sessionSecretFrom(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function load(): StorefrontConfig {
  const env = configSchema.parse(process.env);
  const production = env.NODE_ENV === "production";
  const cookieSecure = env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : production;
  // A shop served over HTTPS is a real one: no test may age its logins.
  if (env.E2E_CLOCK_HEADER === "on" && cookieSecure) {
    throw new Error("E2E_CLOCK_HEADER=on is for end-to-end tests only (COOKIE_SECURE=false)");
  }
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    outboxDir: env.OUTBOX_DIR ?? join(env.DATA_DIR, "outbox"),
    sessionSecret: sessionSecretFrom(env.DATA_DIR, env.SESSION_SECRET),
    cookieSecure,
    commerceApiUrl: env.COMMERCE_API_URL,
    defaultCountryCode: env.DEFAULT_COUNTRY_CODE,
    ipLookupUrl: env.IP_LOOKUP_URL,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    queueListUrl: env.QUEUE_LIST_URL,
    queuePageUrl: env.QUEUE_PAGE_URL ? queuePageBaseOf(env.QUEUE_PAGE_URL) : undefined,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    pageCacheMs: env.PAGE_CACHE_MS,
    e2eClockHeader: env.E2E_CLOCK_HEADER === "on",
    loginMode: env.LOGIN_MODE,
    externalLogin: externalLoginFrom(env),
    paymentProviderOrigins: paymentProviderOriginsFrom(env),
  };
}

export const config: StorefrontConfig = load();
