import { describe, expect, it } from "vitest";
import { adoptEmbeddedPaymentOrigins, paymentProviderOrigins } from "./payment-origins.server";

describe("the payment origins a page allows", () => {
  it("are the embedded API's providers' when the environment names none", () => {
    expect(paymentProviderOrigins()).toEqual({ bancard: undefined, paypalApproval: undefined });
    adoptEmbeddedPaymentOrigins({
      bancard: "http://127.0.0.1:40123",
      paypalApproval: "http://127.0.0.1:40124",
    });
    expect(paymentProviderOrigins()).toEqual({
      bancard: "http://127.0.0.1:40123",
      paypalApproval: "http://127.0.0.1:40124",
    });
  });
});
