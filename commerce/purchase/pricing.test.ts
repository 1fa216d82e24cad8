import { describe, expect, it } from "vitest";
import { priceProcess, serviceCharge } from "./pricing.ts";

describe("serviceCharge", () => {
  it("is 10% of the subtotal in whole pesos", () => {
    expect(serviceCharge(0)).toBe(0);
    expect(serviceCharge(12_000)).toBe(1_200);
    expect(serviceCharge(4_500)).toBe(450);
  });

  it("rounds half up to whole pesos", () => {
    expect(serviceCharge(1_005)).toBe(101);
    expect(serviceCharge(1_004)).toBe(100);
    expect(serviceCharge(15)).toBe(2);
    expect(serviceCharge(14)).toBe(1);
  });

  it("rejects amounts that are not whole non-negative pesos", () => {
    expect(() => serviceCharge(-1)).toThrow(RangeError);
    expect(() => serviceCharge(10.5)).toThrow(RangeError);
    expect(() => serviceCharge(Number.NaN)).toThrow(RangeError);
  });
});

describe("priceProcess", () => {
  it("adds places, delivery and service charge", () => {
    expect(priceProcess({ prices: [5_000, 5_000, 8_000], delivery: { fee: 700 } })).toEqual({
      subtotal: 18_000,
      deliveryFee: 700,
      serviceCharge: 1_800,
      total: 20_500,
    });
  });

  it("is all zero for an empty cart, delivery included", () => {
    expect(priceProcess({ prices: [], delivery: { fee: 700 } })).toEqual({
      subtotal: 0,
      deliveryFee: 0,
      serviceCharge: 0,
      total: 0,
    });
  });

  it("refuses a fractional price", () => {
    expect(() => priceProcess({ prices: [100.5], delivery: null })).toThrow(RangeError);
  });

  it("charges no delivery while none is chosen", () => {
    expect(priceProcess({ prices: [5_000], delivery: null })).toEqual({
      subtotal: 5_000,
      deliveryFee: 0,
      serviceCharge: 500,
      total: 5_500,
    });
  });
});
