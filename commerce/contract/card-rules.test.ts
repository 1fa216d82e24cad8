import { describe, expect, it } from "vitest";
import { cardBrand, expiryNotPast, luhnValid } from "./card-rules.ts";

describe("luhnValid", () => {
  it.each([
    "4242424242424242",
    "5555555555554444",
    "378282246310005", // AMEX test number
    "4000000000000002",
    "4000000000009995",
    "4000000000000119",
    "79927398713", // the classic textbook example
  ])("accepts %s", (digits) => {
    expect(luhnValid(digits)).toBe(true);
  });

  it.each(["4242424242424241", "5555555555554445", "79927398710", "1234567812345678"])(
    "rejects the wrong check digit in %s",
    (digits) => {
      expect(luhnValid(digits)).toBe(false);
    },
  );

  it("rejects a single swapped pair of adjacent digits", () => {
    expect(luhnValid("4242424242424224")).toBe(false);
  });

  it.each(["", "0", "4242 4242 4242 4242", "4242-4242", "42424242424242a2"])(
    "rejects non-digit or too short input %j",
    (input) => {
      expect(luhnValid(input)).toBe(false);
    },
  );
});

describe("expiryNotPast", () => {
  const midMay2026 = new Date("2026-05-15T15:00:00Z");

  it("accepts the current month", () => {
    expect(expiryNotPast(5, 2026, midMay2026)).toBe(true);
  });

  it("rejects last month", () => {
    expect(expiryNotPast(4, 2026, midMay2026)).toBe(false);
  });

  it("accepts later months and years, rejects earlier years", () => {
    expect(expiryNotPast(6, 2026, midMay2026)).toBe(true);
    expect(expiryNotPast(1, 2027, midMay2026)).toBe(true);
    expect(expiryNotPast(12, 2025, midMay2026)).toBe(false);
  });

  it("keeps the expiry month valid through its last day (December to January rollover)", () => {
    // Last evening of the year in Buenos Aires (UTC-3) is already January 1st in UTC.
    expect(expiryNotPast(12, 2025, new Date("2026-01-01T02:30:00Z"))).toBe(true);
    // A full day later the card has expired everywhere.
    expect(expiryNotPast(12, 2025, new Date("2026-01-02T00:00:00Z"))).toBe(false);
    expect(expiryNotPast(1, 2026, new Date("2026-01-02T00:00:00Z"))).toBe(true);
  });

  it("treats December of this year as valid until the year ends", () => {
    expect(expiryNotPast(12, 2026, new Date("2026-12-31T23:59:59Z"))).toBe(true);
    expect(expiryNotPast(11, 2026, new Date("2026-12-31T23:59:59Z"))).toBe(false);
  });

  it("rejects impossible months", () => {
    expect(expiryNotPast(0, 2030, midMay2026)).toBe(false);
    expect(expiryNotPast(13, 2030, midMay2026)).toBe(false);
    expect(expiryNotPast(5.5, 2030, midMay2026)).toBe(false);
  });
});

describe("cardBrand", () => {
  it.each([
    ["4242424242424242", "VISA"],
    ["4000000000000002", "VISA"],
    ["5555555555554444", "MASTERCARD"],
    ["5105105105105100", "MASTERCARD"],
    ["2221000000000009", "MASTERCARD"],
    ["2720990000000007", "MASTERCARD"],
    ["378282246310005", "AMEX"],
    ["341111111111111", "AMEX"],
    ["5896570000000008", "CABAL"],
    ["6042010000000002", "CABAL"],
    ["6011111111111117", "OTHER"], // Discover
    ["2721000000000000", "OTHER"],
    ["5600000000000000", "OTHER"],
    ["", "OTHER"],
    ["abc", "OTHER"],
  ])("%s is %s", (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});
