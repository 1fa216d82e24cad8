import { describe, expect, it, vi } from "vitest";
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

  it("are seen by another instance of this module: the server's and the build's are two", async () => {
    adoptEmbeddedPaymentOrigins({ bancard: "http://127.0.0.1:40125" });
    vi.resetModules();
    const buildsOwn = await import("./payment-origins.server");
    expect(buildsOwn.paymentProviderOrigins().bancard).toBe("http://127.0.0.1:40125");
  });
});
