// What the API runs with, from its settings: a shop taking real money offers no sandbox.
import { describe, expect, it } from "vitest";
import { commerceSettingsFromEnv } from "./config.ts";
import type { Database } from "./db/client.ts";
import { commerceDeps, takesRealMoney } from "./start.ts";

const noDatabase = {} as Database;

describe("the API's payment providers from its settings", () => {
  it("offer the sandbox wallets while no real provider is configured", () => {
    const settings = commerceSettingsFromEnv("standalone", {});
    expect(takesRealMoney(settings)).toBe(false);
    expect(commerceDeps(noDatabase, settings).wallet).toBeDefined();
  });

  it("offer no sandbox wallet once Bancard's or PayPal's keys are set", () => {
    for (const env of [
      {
        BANCARD_URL: "https://vpos.infonet.com.py",
        BANCARD_PUBLIC_KEY: "public",
        BANCARD_PRIVATE_KEY: "private",
      },
      {
        PAYPAL_CLIENT_ID: "client",
        PAYPAL_CLIENT_SECRET: "secret",
        PAYPAL_WEBHOOK_ID: "WH-1",
        PAYPAL_PESOS_PER_UNIT: "1200",
      },
    ]) {
      const settings = commerceSettingsFromEnv("standalone", env);
      expect(takesRealMoney(settings)).toBe(true);
      expect(commerceDeps(noDatabase, settings).wallet).toBeUndefined();
    }
  });
});
