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
});
