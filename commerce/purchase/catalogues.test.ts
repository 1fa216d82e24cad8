import { describe, expect, it } from "vitest";
import {
  allowsInstallments,
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
  it("allows installments 1, 3, 6, 12 by credit card and only 1 by debit card", () => {
    const credit = paymentMethodById(1);
    const debit = paymentMethodById(2);
    if (!credit || !debit) throw new Error("catalogue incomplete");
    expect([1, 3, 6, 12].every((n) => allowsInstallments(credit, n))).toBe(true);
    expect(allowsInstallments(credit, 2)).toBe(false);
    expect(allowsInstallments(debit, 1)).toBe(true);
    expect(allowsInstallments(debit, 3)).toBe(false);
  });

  it("has unique ids and codes", () => {
    expect(new Set(paymentMethodRules.map((m) => m.id)).size).toBe(paymentMethodRules.length);
    expect(new Set(paymentMethodRules.map((m) => m.code)).size).toBe(paymentMethodRules.length);
    expect(paymentMethodById(0)).toBeNull();
  });
});
