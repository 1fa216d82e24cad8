import { defineConfig, devices } from "@playwright/test";

// A port per run (workers inherit it from the runner's environment), so runs side by side
// on one machine do not collide; E2E_PORT fixes it.
process.env.E2E_PORT ??= String(3210 + (process.pid % 700));
const port = Number(process.env.E2E_PORT);
// The city's external login (tests/e2e/accounts-external.spec.ts): a local OpenID provider
// (scripts/idp.ts) and a second shop in LOGIN_MODE=external, on the next two ports.
const idpPort = port + 1;
const externalShopPort = port + 2;
const externalShop = `http://127.0.0.1:${externalShopPort}`;
const idpIssuer = `http://127.0.0.1:${idpPort}`;
/** A throwaway Ed25519 key (PKCS#8 DER, base64) for the tests' ticket codes only. */
const e2eTicketSigningKey = "MC4CAQAwBQYDK2VwBCIEIFJCnZ8FO1jE2iv7Qc2kBlKooHtFxNeUJLKQYqezjVkW";
/** Another throwaway Ed25519 key: the waiting room's admission tokens (queue.spec.ts). */
const e2eQueueSigningKey = "MC4CAQAwBQYDK2VwBCIEII0Ga8wEtkNZ7X6abrHrnAFDUJuUtuMKicm0ePLfoc21";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Debian's Chromium (no browser download). Flags keep it off this machine's closed network.
const launchOptions = {
  executablePath: chromium,
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Device profiles send en-US; the shop's default language is Spanish, so say so on purpose.
    locale: "es-AR",
    timezoneId: "America/Argentina/Buenos_Aires",
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], locale: "es-AR", launchOptions } },
    {
      name: "js-off",
      use: {
        ...devices["Pixel 7"],
        locale: "es-AR",
        javaScriptEnabled: false,
        launchOptions,
      },
    },
    {
      name: "external-js-on",
      testMatch: "accounts-external.spec.ts",
      use: { ...devices["Desktop Chrome"], baseURL: externalShop, locale: "es-AR", launchOptions },
    },
    {
      name: "external-js-off",
      testMatch: "accounts-external.spec.ts",
      use: {
        ...devices["Pixel 7"],
        baseURL: externalShop,
        locale: "es-AR",
        javaScriptEnabled: false,
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: "node build/node/storefront.mjs",
      url: `http://127.0.0.1:${port}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PGLITE_DIR: "memory://",
        DATA_DIR: "test-results/e2e-data",
        SESSION_SECRET: "e2e-session-secret-0123456789",
        TICKET_SECRET: "e2e-ticket-secret",
        TICKET_SIGNING_KEY: e2eTicketSigningKey,
        COOKIE_SECURE: "false",
        // One line per request would bury the runner's own output.
        LOG_LEVEL: "warn",
        // Every test signs up and writes from 127.0.0.1: more than one visitor would.
        RATE_LIMITS:
          "signUp.address=500/60,contact.address=500/60,login.address=500/15,passwordRecovery.address=500/60,recoveryCode.address=500/60",
        // The 180-minute login expiry is tested by moving the login clock with a header.
        E2E_CLOCK_HEADER: "on",
        // The waiting room's admission job (queue.spec.ts): a buyer is let in moments after
        // the sale start, not a second later.
        QUEUE_TICK_MS: "200",
        QUEUE_SIGNING_KEY: e2eQueueSigningKey,
      },
    },
    {
      command: "node --import tsx scripts/idp.ts",
      url: `${idpIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { PORT: String(idpPort), SHOP_ORIGIN: externalShop },
    },
    {
      command: "node build/node/storefront.mjs",
      url: `${externalShop}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(externalShopPort),
        HOST: "127.0.0.1",
        PGLITE_DIR: "memory://",
        DATA_DIR: "test-results/e2e-data-external",
        SESSION_SECRET: "e2e-session-secret-external-0123",
        TICKET_SECRET: "e2e-ticket-secret",
        TICKET_SIGNING_KEY: e2eTicketSigningKey,
        COOKIE_SECURE: "false",
        LOG_LEVEL: "warn",
        LOGIN_MODE: "external",
        OIDC_ISSUER: idpIssuer,
        OIDC_CLIENT_ID: "city-ticket-shop",
        OIDC_CLIENT_SECRET: "local-idp-secret-for-development-only",
        OIDC_ACCOUNT_URL: `${idpIssuer}/account`,
      },
    },
  ],
});
