import { describe, expect, it } from "vitest";
import { configSchema, paymentProviderOriginsFrom } from "./config.server";

const originsOf = (env: Record<string, string>) =>
  paymentProviderOriginsFrom(configSchema.parse(env));

describe("the payment providers' origins", () => {
  it("are none of the storefront's own unless set: the embedded API's are taken then", () => {
    expect(originsOf({})).toEqual({ bancard: undefined, paypalApproval: undefined });
  });

  it("are origins only, and PayPal's approval page may live apart from its API", () => {
    expect(
      originsOf({
        BANCARD_URL: "https://vpos.infonet.com.py/vpos/api/0.3/",
        PAYPAL_URL: "https://api-m.paypal.com",
        PAYPAL_APPROVAL_URL: "https://www.paypal.com/checkoutnow",
      }),
    ).toEqual({ bancard: "https://vpos.infonet.com.py", paypalApproval: "https://www.paypal.com" });
    expect(originsOf({ PAYPAL_URL: "https://www.sandbox.paypal.com/x" }).paypalApproval).toBe(
      "https://www.sandbox.paypal.com",
    );
  });

  it("stop the start on a URL a policy cannot name, naming the setting", () => {
    expect(() => configSchema.parse({ BANCARD_URL: "vpos.infonet.com.py" })).toThrow();
    expect(() => configSchema.parse({ PAYPAL_URL: "ftp://paypal.test" })).toThrow();
    expect(() => originsOf({ BANCARD_URL: "https://x;script-src*" })).toThrow(/^BANCARD_URL: /);
    expect(() => originsOf({ PAYPAL_APPROVAL_URL: "https://x*.paypal.test" })).toThrow(
      /^PAYPAL_APPROVAL_URL: /,
    );
  });
});
