import { describe, expect, it } from "vitest";
import { payPalSettingsFromEnv } from "./settings.ts";

const real = {
  PAYPAL_CLIENT_ID: "client",
  PAYPAL_CLIENT_SECRET: "very-secret-value",
  PAYPAL_WEBHOOK_ID: "WH1",
  PAYPAL_PESOS_PER_UNIT: "1250",
};

describe("payPalSettingsFromEnv", () => {
  it("is null without a client id: the stand-in takes PayPal's place", () => {
    expect(payPalSettingsFromEnv({})).toBeNull();
    expect(payPalSettingsFromEnv({ PAYPAL_CLIENT_ID: "" })).toBeNull();
  });

  it("reads PayPal's sandbox and USD unless told otherwise", () => {
    expect(payPalSettingsFromEnv(real)).toEqual({
      baseUrl: "https://api-m.sandbox.paypal.com",
      clientId: "client",
      clientSecret: "very-secret-value",
      webhookId: "WH1",
      currency: "USD",
      pesosPerUnit: 1250,
    });
    expect(
      payPalSettingsFromEnv({
        ...real,
        PAYPAL_URL: "https://api-m.paypal.com",
        PAYPAL_CURRENCY: "EUR",
      }),
    ).toMatchObject({ baseUrl: "https://api-m.paypal.com", currency: "EUR" });
  });

  it("refuses a missing rate or secret without echoing any value", () => {
    const attempt = () =>
      payPalSettingsFromEnv({ ...real, PAYPAL_PESOS_PER_UNIT: "0", PAYPAL_WEBHOOK_ID: "" });
    expect(attempt).toThrow(/PAYPAL_PESOS_PER_UNIT/);
    expect(attempt).toThrow(/PAYPAL_WEBHOOK_ID/);
    expect(attempt).not.toThrow(/very-secret-value/);
  });
});
