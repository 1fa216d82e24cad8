import { describe, expect, it } from "vitest";
import { clockParts, formatDateTime, formatPrice, isClockAlert } from "./format";

describe("formatPrice", () => {
  it("shows whole pesos with es-AR grouping and the $ sign (§9)", () => {
    expect(formatPrice(12000)).toBe("$\u00a012.000");
    expect(formatPrice(950)).toBe("$\u00a0950");
    expect(formatPrice(1234567)).toBe("$\u00a01.234.567");
    expect(formatPrice(0)).toBe("$\u00a00");
  });

  it("never lets a line break part the sign from the amount", () => {
    for (const amount of [0, 950, 12000, 1234567]) {
      expect(formatPrice(amount)).not.toMatch(/[ \t\n\u2009]/);
      expect(formatPrice(amount)).toMatch(/^\$\u00a0\d/);
    }
  });
});

describe("formatDateTime", () => {
  it("uses the buyer's language on the city's clock", () => {
    const iso = "2026-11-28T23:30:00.000Z"; // 20:30 in Buenos Aires
    expect(formatDateTime(iso, "es")).toMatch(/sábado.*28.*noviembre.*20:30/);
    expect(formatDateTime(iso, "en")).toMatch(/Saturday.*November 28.*8:30/);
    expect(formatDateTime(iso, "pt")).toMatch(/sábado.*28.*novembro.*20:30/);
  });
});

describe("purchase clock", () => {
  it("shows mm:ss under an hour, hours under a day, and days beyond", () => {
    expect(clockParts(29 * 60_000 + 5_000)).toEqual({ unit: "clock", text: "29:05" });
    expect(clockParts(59_999)).toEqual({ unit: "clock", text: "00:59" });
    expect(clockParts(2 * 3_600_000 + 1)).toEqual({ unit: "hours", text: "2" });
    expect(clockParts(3 * 86_400_000)).toEqual({ unit: "days", text: "3" });
  });

  it("never shows negative time", () => {
    expect(clockParts(-5_000)).toEqual({ unit: "clock", text: "00:00" });
  });

  it("turns to the alert colour at 2 minutes or less", () => {
    expect(isClockAlert(2 * 60_000)).toBe(true);
    expect(isClockAlert(2 * 60_000 + 1)).toBe(false);
    expect(isClockAlert(0)).toBe(true);
  });
});
