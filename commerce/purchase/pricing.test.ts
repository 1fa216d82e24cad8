import { describe, expect, it } from "vitest";
import { priceProcess, serviceCharge, withoutPromotions } from "./pricing.ts";

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
    expect(
      priceProcess({ tickets: withoutPromotions([5_000, 5_000, 8_000]), delivery: { fee: 700 } }),
    ).toMatchObject({
      subtotal: 18_000,
      deliveryFee: 700,
      serviceCharge: 1_800,
      total: 20_500,
    });
  });

  it("is all zero for an empty cart, delivery included", () => {
    expect(priceProcess({ tickets: [], delivery: { fee: 700 } })).toEqual({
      discount: 0,
      tickets: [],
      subtotal: 0,
      deliveryFee: 0,
      serviceCharge: 0,
      total: 0,
    });
  });

  it("refuses a fractional price", () => {
    expect(() => priceProcess({ tickets: withoutPromotions([100.5]), delivery: null })).toThrow(
      RangeError,
    );
  });

  it("charges no delivery while none is chosen", () => {
    expect(priceProcess({ tickets: withoutPromotions([5_000]), delivery: null })).toMatchObject({
      discount: 0,
      subtotal: 5_000,
      deliveryFee: 0,
      serviceCharge: 500,
      total: 5_500,
    });
  });

  it("takes each ticket's promotion off and charges service on what is left", () => {
    const promotions = new Map([
      [1, { rule: { kind: "PERCENT_OFF" as const, percent: 25 } }],
      [2, { rule: { kind: "N_FOR_M" as const, take: 2, pay: 1 } }],
    ]);
    const totals = priceProcess({
      tickets: [
        { price: 8_000, promotionId: 1 },
        { price: 5_000, promotionId: 2 },
        { price: 5_000, promotionId: 2 },
        { price: 5_000, promotionId: null },
      ],
      promotions,
      delivery: { fee: 700 },
    });
    expect(totals.tickets.map((ticket) => ticket.finalPrice)).toEqual([6_000, 5_000, 0, 5_000]);
    expect(totals).toMatchObject({
      subtotal: 23_000,
      discount: 7_000,
      deliveryFee: 700,
      serviceCharge: 1_600,
      total: 18_300,
    });
  });
});
