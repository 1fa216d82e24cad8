import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offeredPlans, pricePlan } from "./installment-plans.ts";
import { sandboxCardProfile, sandboxIssuers } from "./sandbox/sandbox-issuers.ts";

describe("pricePlan", () => {
  it("splits an amount without interest exactly, the odd pesos first", () => {
    expect(pricePlan(10_000, { count: 3, annualRatePercent: 0 })).toEqual({
      count: 3,
      annualRatePercent: 0,
      installments: [3_334, 3_333, 3_333],
      total: 10_000,
      interest: 0,
    });
  });

  it("charges French amortization with interest: equal installments, rounded up", () => {
    // 12,000 in 6 at 60 % TNA: i = 5 % a month, 12,000·0.05 / (1 − 1.05^−6) = 2,364.21…
    const plan = pricePlan(12_000, { count: 6, annualRatePercent: 60 });
    expect(plan.installments).toEqual(Array(6).fill(2_365));
    expect(plan.total).toBe(14_190);
    expect(plan.interest).toBe(2_190);
  });

  it("never charges less than the amount, even when the interest is less than a peso", () => {
    const plan = pricePlan(1, { count: 24, annualRatePercent: 1 });
    expect(plan.total).toBeGreaterThanOrEqual(1);
  });

  it("is the amount itself in one installment, whatever the rate", () => {
    expect(pricePlan(7_777, { count: 1, annualRatePercent: 80 })).toMatchObject({
      installments: [7_777],
      total: 7_777,
      interest: 0,
    });
  });

  it("refuses amounts and terms that cannot be priced", () => {
    expect(() => pricePlan(0, { count: 3, annualRatePercent: 0 })).toThrow(RangeError);
    expect(() => pricePlan(100.5, { count: 3, annualRatePercent: 0 })).toThrow(RangeError);
    expect(() => pricePlan(100, { count: 0, annualRatePercent: 0 })).toThrow(RangeError);
    expect(() => pricePlan(100, { count: 2.5, annualRatePercent: 0 })).toThrow(RangeError);
    expect(() => pricePlan(100, { count: 3, annualRatePercent: -1 })).toThrow(RangeError);
    expect(() => pricePlan(100, { count: 3, annualRatePercent: Number.NaN })).toThrow(RangeError);
  });

  it("always adds its installments up to its total, never below the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 200 }),
        (amount, count, annualRatePercent) => {
          const plan = pricePlan(amount, { count, annualRatePercent });
          expect(plan.installments).toHaveLength(count);
          expect(plan.installments.reduce((a, b) => a + b, 0)).toBe(plan.total);
          expect(plan.interest).toBe(plan.total - amount);
          expect(plan.total).toBeGreaterThanOrEqual(amount);
          if (annualRatePercent === 0) expect(plan.total).toBe(amount);
          const spread = Math.max(...plan.installments) - Math.min(...plan.installments);
          expect(spread).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("costs more at a higher rate, and more the longer the plan", () => {
    const at = (count: number, annualRatePercent: number) =>
      pricePlan(50_000, { count, annualRatePercent }).total;
    expect(at(6, 40)).toBeLessThan(at(6, 80));
    expect(at(3, 60)).toBeLessThan(at(12, 60));
  });
});

describe("offeredPlans", () => {
  const credit = { code: "CREDIT_CARD", installments: [1, 3, 6, 12] } as const;
  const debit = { code: "DEBIT_CARD", installments: [1] } as const;
  const card = {
    kind: "CREDIT" as const,
    plans: [
      { count: 3, annualRatePercent: 0 },
      { count: 12, annualRatePercent: 60 },
      { count: 18, annualRatePercent: 55 },
    ],
  };

  it("offers the issuer's plans the method takes, one installment first, priced", () => {
    const offer = offeredPlans(card, credit, 9_000);
    if (!("plans" in offer)) throw new Error("expected plans");
    expect(offer.plans.map((plan) => plan.count)).toEqual([1, 3, 12]);
    expect(offer.plans[0]).toMatchObject({ total: 9_000, interest: 0 });
    expect(offer.plans[1]).toMatchObject({ installments: [3_000, 3_000, 3_000], interest: 0 });
    expect(offer.plans[2].interest).toBeGreaterThan(0);
  });

  it("offers one installment to a card whose bank offers none", () => {
    const offer = offeredPlans({ kind: "CREDIT", plans: [] }, credit, 500);
    expect(offer).toEqual({ plans: [pricePlan(500, { count: 1, annualRatePercent: 0 })] });
  });

  it("refuses a debit card under the credit method, and the other way round", () => {
    expect(offeredPlans({ kind: "DEBIT", plans: [] }, credit, 500)).toEqual({
      mismatch: "cardIsDebit",
    });
    expect(offeredPlans(card, debit, 500)).toEqual({ mismatch: "cardIsCredit" });
  });
});

describe("sandbox BIN table", () => {
  it("knows each documented test card's bank, and every test card is Luhn-valid", async () => {
    const { luhnValid } = await import("../contract/card-rules.ts");
    for (const row of sandboxIssuers) {
      expect(luhnValid(row.testCard), row.testCard).toBe(true);
      expect(sandboxCardProfile(row.testCard.slice(0, 6))?.issuer).toBe(row.issuer);
      expect(sandboxCardProfile(row.testCard.slice(0, 8))?.kind).toBe(row.kind);
    }
  });

  it("takes an unlisted card of an accepted network as another bank's, in one installment", () => {
    expect(sandboxCardProfile("411111")).toEqual({
      brand: "VISA",
      issuer: "Otro banco",
      kind: "CREDIT",
      plans: [{ count: 1, annualRatePercent: 0 }],
    });
  });

  it("has no profile for a network the shop does not accept, nor for a malformed BIN", () => {
    expect(sandboxCardProfile("601111")).toBeNull();
    expect(sandboxCardProfile("4242")).toBeNull();
    expect(sandboxCardProfile("42424242424")).toBeNull();
    expect(sandboxCardProfile("42424x")).toBeNull();
  });
});
