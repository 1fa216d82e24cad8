import { describe, expect, it } from "vitest";
import {
  deliveryTypeById,
  deliveryTypeRules,
  paymentMethodById,
  paymentMethodRules,
} from "./catalogues.ts";

describe("delivery types", () => {
  it("offers a free e-ticket and a free box-office pickup", () => {
    expect(deliveryTypeRules.map((t) => [t.id, t.code, t.fee])).toEqual([
      [1, "ETICKET", 0],
      [2, "BOX_OFFICE", 0],
    ]);
  });

  it("finds by id and answers null for unknown ids", () => {
    expect(deliveryTypeById(2)?.code).toBe("BOX_OFFICE");
    expect(deliveryTypeById(3)).toBeNull();
    expect(deliveryTypeById(null)).toBeNull();
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
