import { describe, expect, it } from "vitest";
import { errorCodes } from "./contract/index.ts";
import { businessErrorNCodes, isBusinessErrorCode } from "./errors.ts";

describe("businessErrorNCodes", () => {
  it("gives every business error an nCode the callers treat as an error", () => {
    const protocol = new Set([
      "VALIDATION",
      "UNAUTHORIZED",
      "FORBIDDEN",
      "NOT_FOUND",
      "METHOD_NOT_ALLOWED",
      "RATE_LIMITED",
      "INTERNAL",
      "UNAVAILABLE",
    ]);
    for (const code of errorCodes.filter((c) => !protocol.has(c))) {
      const nCode = businessErrorNCodes[code as keyof typeof businessErrorNCodes];
      expect(nCode, code).toBeGreaterThan(299);
    }
  });

  it("uses 402 for a declined payment", () => {
    expect(businessErrorNCodes.PAYMENT_DECLINED).toBe(402);
  });
});

describe("isBusinessErrorCode", () => {
  it("accepts business codes only", () => {
    expect(isBusinessErrorCode("PROCESS_EXPIRED")).toBe(true);
    expect(isBusinessErrorCode("NOT_FOUND")).toBe(false);
    expect(isBusinessErrorCode("toString")).toBe(false);
    expect(isBusinessErrorCode("insufficient_funds")).toBe(false);
  });
});

describe("locales/*/errors.json", () => {
  it("has a text for every error code, the spec's (§8) word for word", async () => {
    const { readFileSync } = await import("node:fs");
    const en = JSON.parse(
      readFileSync(new URL("../locales/en/errors.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    for (const code of errorCodes) expect(typeof en[code], code).toBe("string");
    expect(en.PROCESS_EXPIRED).toBe("Your purchase time limit has expired");
    expect(en.PROCESS_CANCELLED).toBe("Your purchase process has been canceled");
    expect(en.PAYMENT_FAILED).toBe("There was a problem making the payment");
    expect(en.PAYMENT_DECLINED.startsWith("Payment failed")).toBe(true);
  });
});
