import { describe, expect, it } from "vitest";
import {
  type DeliveryTypeRule,
  deliversTo,
  deliveryOffered,
  deliveryTypeById,
  deliveryTypeRules,
  paymentMethodById,
  paymentMethodRules,
} from "./catalogues.ts";

describe("delivery types", () => {
  it("offers a free e-ticket, a free box-office pickup and home delivery with a fee", () => {
    expect(deliveryTypeRules.map((t) => [t.id, t.code, t.fee])).toEqual([
      [1, "ETICKET", 0],
      [2, "BOX_OFFICE", 0],
      [3, "HOME", 2_500],
    ]);
  });

  it("finds by id and answers null for unknown ids", () => {
    expect(deliveryTypeById(2)?.code).toBe("BOX_OFFICE");
    expect(deliveryTypeById(4)).toBeNull();
    expect(deliveryTypeById(null)).toBeNull();
  });
});

describe("home delivery's rules", () => {
  const home = deliveryTypeById(3) as DeliveryTypeRule;
  const eticket = deliveryTypeById(1) as DeliveryTypeRule;
  const now = new Date("2026-12-01T12:00:00Z");
  const hoursLater = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

  it("needs 72 hours before the earliest performance", () => {
    expect(deliveryOffered(home, { kind: "CART", earliestStart: hoursLater(72) }, now)).toBe(true);
    expect(deliveryOffered(home, { kind: "CART", earliestStart: hoursLater(71.9) }, now)).toBe(
      false,
    );
    expect(deliveryOffered(home, { kind: "CART", earliestStart: null }, now)).toBe(true);
    expect(deliveryOffered(eticket, { kind: "CART", earliestStart: hoursLater(1) }, now)).toBe(
      true,
    );
  });

  it("is not for the box office's walk-in buyer", () => {
    expect(deliveryOffered(home, { kind: "BOX", earliestStart: hoursLater(500) }, now)).toBe(false);
    expect(deliveryOffered(eticket, { kind: "BOX", earliestStart: null }, now)).toBe(true);
  });

  it("reaches only addresses in Argentina", () => {
    expect(deliversTo(home, "AR")).toBe(true);
    expect(deliversTo(home, "UY")).toBe(false);
    expect(deliversTo(eticket, "UY")).toBe(true);
  });
});

describe("payment methods", () => {
  it("takes at most 1, 3, 6 or 12 installments by credit card and only 1 by debit card", () => {
    expect(paymentMethodById(1)).toMatchObject({
      code: "CREDIT_CARD",
      installments: [1, 3, 6, 12],
    });
    expect(paymentMethodById(2)).toMatchObject({ code: "DEBIT_CARD", installments: [1] });
  });

  it("has unique ids and codes", () => {
    expect(new Set(paymentMethodRules.map((m) => m.id)).size).toBe(paymentMethodRules.length);
    expect(new Set(paymentMethodRules.map((m) => m.code)).size).toBe(paymentMethodRules.length);
    expect(paymentMethodById(0)).toBeNull();
  });
});
