// The promotion rules: who may have one (dates, code, customer attribute, quota) and what
// each kind makes of the tickets' prices, alone and several in one purchase.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Promotion,
  type PromotionRule,
  priceTickets,
  promotionRefusal,
  type Ticket,
} from "./promotions";

const promotion = (id: number, rule: PromotionRule, extra: Partial<Promotion> = {}): Promotion => ({
  id,
  rule,
  code: null,
  forAttribute: null,
  validFrom: null,
  validUntil: null,
  quota: null,
  used: 0,
  ...extra,
});

const now = new Date("2026-12-01T12:00:00Z");
const anyone = { now, attributes: new Set<string>(), tickets: 1 };

describe("promotionRefusal", () => {
  it("gives an open promotion to anyone", () => {
    expect(promotionRefusal(promotion(1, { kind: "PERCENT_OFF", percent: 10 }), anyone)).toBeNull();
  });

  it("holds to its dates: from its start, until (not at) its end", () => {
    const dated = promotion(
      1,
      { kind: "PERCENT_OFF", percent: 10 },
      {
        validFrom: new Date("2026-12-01T12:00:00Z"),
        validUntil: new Date("2026-12-02T00:00:00Z"),
      },
    );
    expect(promotionRefusal(dated, anyone)).toBeNull();
    expect(promotionRefusal(dated, { ...anyone, now: new Date("2026-12-01T11:59:59Z") })).toBe(
      "NOT_STARTED",
    );
    expect(promotionRefusal(dated, { ...anyone, now: new Date("2026-12-02T00:00:00Z") })).toBe(
      "ENDED",
    );
  });

  it("asks for its code, read without case or spaces", () => {
    const coded = promotion(1, { kind: "FIXED_PRICE", price: 100 }, { code: "VERANO26" });
    expect(promotionRefusal(coded, anyone)).toBe("CODE_REQUIRED");
    expect(promotionRefusal(coded, { ...anyone, code: "  " })).toBe("CODE_REQUIRED");
    expect(promotionRefusal(coded, { ...anyone, code: "OTOÑO26" })).toBe("CODE_WRONG");
    expect(promotionRefusal(coded, { ...anyone, code: " verano 26 " })).toBeNull();
  });

  it("is only for customers with its attribute", () => {
    const residents = promotion(
      1,
      { kind: "PERCENT_OFF", percent: 50 },
      {
        forAttribute: "RESIDENT",
      },
    );
    expect(promotionRefusal(residents, anyone)).toBe("NOT_ELIGIBLE");
    expect(
      promotionRefusal(residents, { ...anyone, attributes: new Set(["RETIREE", "RESIDENT"]) }),
    ).toBeNull();
  });

  it("never lets its quota be exceeded, counting the tickets asked for", () => {
    const limited = promotion(1, { kind: "PERCENT_OFF", percent: 20 }, { quota: 10, used: 8 });
    expect(promotionRefusal(limited, { ...anyone, tickets: 2 })).toBeNull();
    expect(promotionRefusal(limited, { ...anyone, tickets: 3 })).toBe("QUOTA_EXHAUSTED");
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.integer({ min: 1, max: 20 }), (quota, used, n) => {
        const refused = promotionRefusal(
          promotion(1, { kind: "PERCENT_OFF", percent: 20 }, { quota, used }),
          { ...anyone, tickets: n },
        );
        expect(refused === null).toBe(used + n <= quota);
      }),
    );
  });
});

describe("priceTickets", () => {
  const off = promotion(1, { kind: "PERCENT_OFF", percent: 15 });
  const fixed = promotion(2, { kind: "FIXED_PRICE", price: 3000 });
  const twoForOne = promotion(3, { kind: "N_FOR_M", take: 2, pay: 1 });
  const all = new Map([off, fixed, twoForOne].map((p) => [p.id, p]));
  const finals = (tickets: Ticket[]) => priceTickets(tickets, all).map((t) => t.finalPrice);

  it("takes a percentage off, rounded half up to whole pesos", () => {
    expect(finals([{ price: 5000, promotionId: 1 }])).toEqual([4250]);
    expect(finals([{ price: 4999, promotionId: 1 }])).toEqual([4249]); // 749.85 → 750 off
    expect(finals([{ price: 3, promotionId: 1 }])).toEqual([3]); // 0.45 → 0 off
  });

  it("sets a fixed price, never above the ticket's own", () => {
    expect(finals([{ price: 5000, promotionId: 2 }])).toEqual([3000]);
    expect(finals([{ price: 2500, promotionId: 2 }])).toEqual([2500]);
  });

  it("gives the cheapest of every two free with 2×1, and nothing for an odd one out", () => {
    expect(
      finals([
        { price: 8000, promotionId: 3 },
        { price: 5000, promotionId: 3 },
        { price: 6000, promotionId: 3 },
      ]),
    ).toEqual([8000, 5000, 0]);
  });

  it("prices different tickets of one purchase under different promotions", () => {
    const priced = priceTickets(
      [
        { price: 5000, promotionId: 1 },
        { price: 5000, promotionId: null },
        { price: 5000, promotionId: 2 },
        { price: 5000, promotionId: 3 },
        { price: 5000, promotionId: 3 },
      ],
      all,
    );
    expect(priced.map((t) => t.finalPrice)).toEqual([4250, 5000, 3000, 5000, 0]);
    expect(priced.map((t) => t.discount)).toEqual([750, 0, 2000, 0, 5000]);
  });

  it("never makes a price negative or larger, and the discounts add up", () => {
    const ticket = fc.record({
      price: fc.nat(1_000_000),
      promotionId: fc.constantFrom(null, 1, 2, 3, 99),
    });
    fc.assert(
      fc.property(fc.array(ticket, { maxLength: 12 }), (tickets) => {
        const priced = priceTickets(tickets, all);
        for (const t of priced) {
          expect(t.finalPrice).toBeGreaterThanOrEqual(0);
          expect(t.finalPrice).toBeLessThanOrEqual(t.price);
          expect(Number.isSafeInteger(t.finalPrice)).toBe(true);
          expect(t.discount).toBe(t.price - t.finalPrice);
        }
        const free = priced.filter((t) => t.promotionId === 3 && t.finalPrice === 0).length;
        const carrying = tickets.filter((t) => t.promotionId === 3).length;
        expect(free).toBeGreaterThanOrEqual(Math.floor(carrying / 2));
      }),
    );
  });
});
