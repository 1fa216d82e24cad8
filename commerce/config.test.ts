import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commerceSettingsFromEnv } from "./config.ts";
import { defaultRateLimits } from "./limits/rate-limits.ts";

describe("the API's limits in its settings", () => {
  it("default to 10 places per performance, the default rate limits and no trusted caller", () => {
    const settings = commerceSettingsFromEnv("standalone", {});
    expect(settings.maxPlacesPerPerformance).toBe(10);
    expect(settings.rateLimits).toEqual(defaultRateLimits);
    expect(settings.trustClientAddressFrom).toEqual([]);
  });

  it("are read from the environment", () => {
    const settings = commerceSettingsFromEnv("standalone", {
      MAX_PLACES_PER_PERFORMANCE: "6",
      RATE_LIMITS: "login.account=5/30",
      TRUST_CLIENT_ADDRESS_FROM: "10.0.0.5, 10.0.0.6",
    });
    expect(settings.maxPlacesPerPerformance).toBe(6);
    expect(settings.rateLimits.login.account).toEqual({ max: 5, windowMinutes: 30 });
    expect(settings.trustClientAddressFrom).toEqual(["10.0.0.5", "10.0.0.6"]);
    expect(() =>
      commerceSettingsFromEnv("standalone", { MAX_PLACES_PER_PERFORMANCE: "0" }),
    ).toThrow();
  });

  it("count places already bought towards the maximum unless PLACE_LIMIT_COUNTS_BOUGHT=false", () => {
    expect(commerceSettingsFromEnv("standalone", {}).placeLimitCountsBought).toBe(true);
    const off = commerceSettingsFromEnv("standalone", { PLACE_LIMIT_COUNTS_BOUGHT: "false" });
    expect(off.placeLimitCountsBought).toBe(false);
    expect(() =>
      commerceSettingsFromEnv("standalone", { PLACE_LIMIT_COUNTS_BOUGHT: "no" }),
    ).toThrow();
  });
});

describe("the ticket signing key in the settings", () => {
  it("is the development key, said so, when TICKET_SIGNING_KEY is unset", () => {
    const settings = commerceSettingsFromEnv("standalone", {});
    expect(settings.developmentTicketSigningKey).toBe(true);
    expect(settings.ticketSigningKey.privateKey.asymmetricKeyType).toBe("ed25519");
  });

  it("is read from PKCS#8 PEM or base64 DER, and a bad value stops the start", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const der = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
    const fromPem = commerceSettingsFromEnv("standalone", { TICKET_SIGNING_KEY: pem });
    const fromDer = commerceSettingsFromEnv("standalone", { TICKET_SIGNING_KEY: der });
    expect(fromPem.developmentTicketSigningKey).toBe(false);
    expect(fromPem.ticketSigningKey.keyId).toBe(fromDer.ticketSigningKey.keyId);
    expect(() =>
      commerceSettingsFromEnv("standalone", { TICKET_SIGNING_KEY: "not-a-key" }),
    ).toThrow(/Ed25519/);
  });
});

describe("the waiting rooms' settings", () => {
  it("use a development key of their own when QUEUE_SIGNING_KEY is unset, said so", () => {
    const settings = commerceSettingsFromEnv("standalone", {});
    expect(settings.queue.developmentSigningKey).toBe(true);
    expect(settings.queue.signingKey.keyId).not.toBe(settings.ticketSigningKey.keyId);
    expect(settings.queue.tickMs).toBe(1000);
    expect(settings.queue.storefrontUrl).toBe("");
  });

  it("are read from the environment, and a bad key stops the start", () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const settings = commerceSettingsFromEnv("standalone", {
      QUEUE_SIGNING_KEY: pem,
      QUEUE_TICK_MS: "250",
      QUEUE_STOREFRONT_URL: "https://entradas.example/",
    });
    expect(settings.queue.developmentSigningKey).toBe(false);
    expect(settings.queue.tickMs).toBe(250);
    expect(settings.queue.storefrontUrl).toBe("https://entradas.example");
    expect(() => commerceSettingsFromEnv("standalone", { QUEUE_SIGNING_KEY: "x" })).toThrow(
      /Ed25519/,
    );
  });
});

describe("the payment providers' settings", () => {
  const productionSecrets = {
    TICKET_SECRET: "a-shared-ticket-secret-for-the-nodes",
    SANDBOX_NOTIFICATION_SECRET: "a-shared-notification-secret",
  };

  it("run the stand-ins in one process on PGlite, not by default on a shared database", () => {
    const alone = commerceSettingsFromEnv("embedded", { PORT: "4321" }).hostedProviders;
    expect(alone).toMatchObject({ standIns: true, bancard: null, payPal: null });
    expect(alone.callbackUrl).toBe("http://127.0.0.1:4321");
    const shared = commerceSettingsFromEnv("standalone", {
      DATABASE_URL: "postgres://shop:shop@127.0.0.1:5432/shop",
      ...productionSecrets,
    }).hostedProviders;
    expect(shared.standIns).toBe(false);
    expect(
      commerceSettingsFromEnv("standalone", { PAYMENT_STAND_INS: "off" }).hostedProviders.standIns,
    ).toBe(false);
  });

  it("take the real Bancard with its URL and both keys, and refuse half of them", () => {
    const bancard = commerceSettingsFromEnv("standalone", {
      BANCARD_URL: "https://vpos.infonet.com.py",
      BANCARD_PUBLIC_KEY: "public",
      BANCARD_PRIVATE_KEY: "private",
    }).hostedProviders.bancard;
    expect(bancard).toEqual({
      baseUrl: "https://vpos.infonet.com.py",
      publicKey: "public",
      privateKey: "private",
      currency: "PYG",
    });
    expect(() => commerceSettingsFromEnv("standalone", { BANCARD_PUBLIC_KEY: "public" })).toThrow(
      /BANCARD_URL, BANCARD_PUBLIC_KEY and BANCARD_PRIVATE_KEY/,
    );
  });
});
