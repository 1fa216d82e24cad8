import { describe, expect, it } from "vitest";
import type { ReceiptRequest } from "./authority.ts";
import {
  caeExpiry,
  fiscalDate,
  isCae,
  isValidCuit,
  receiptProblem,
  vatIncluded,
} from "./receipt-rules.ts";

const bill: ReceiptRequest = {
  issuerTaxId: "30712345671",
  pointOfSale: 3,
  receiptType: 6,
  number: 1,
  issuedOn: "2031-03-10",
  total: 12_100,
  net: 10_000,
  vat: 2_100,
};

describe("receipt rules", () => {
  it("splits a total into the net and the VAT it includes, in whole pesos that add up", () => {
    expect(vatIncluded(12_100, 21)).toEqual({ net: 10_000, vat: 2_100 });
    expect(vatIncluded(11_000, 21)).toEqual({ net: 9_091, vat: 1_909 });
    expect(vatIncluded(1, 21)).toEqual({ net: 1, vat: 0 });
    expect(vatIncluded(5_000, 0)).toEqual({ net: 5_000, vat: 0 });
    for (const total of [1, 7, 999, 12_345, 1_000_001]) {
      const { net, vat } = vatIncluded(total, 10.5);
      expect(net + vat).toBe(total);
      expect(vat).toBeGreaterThanOrEqual(0);
    }
  });

  it("dates a receipt by the shop's calendar, not UTC's", () => {
    // 02:00 UTC on the 11th is still 23:00 of the 10th in Buenos Aires (UTC-3).
    expect(fiscalDate(new Date("2031-03-11T02:00:00Z"))).toBe("2031-03-10");
    expect(fiscalDate(new Date("2031-03-11T03:00:00Z"))).toBe("2031-03-11");
  });

  it("lets a CAE expire ten days after the receipt's date, across months and years", () => {
    expect(caeExpiry("2031-03-10")).toBe("2031-03-20");
    expect(caeExpiry("2031-12-28")).toBe("2032-01-07");
    expect(caeExpiry("2032-02-25")).toBe("2032-03-06");
  });

  it("checks a CUIT's check digit and a CAE's shape", () => {
    expect(isValidCuit("30712345671")).toBe(true);
    expect(isValidCuit("20123456786")).toBe(true);
    expect(isValidCuit("30712345672")).toBe(false);
    expect(isValidCuit("3071234567")).toBe(false);
    expect(isValidCuit("30-71234567-1")).toBe(false);
    expect(isCae("71234567890123")).toBe(true);
    expect(isCae("01234567890123")).toBe(false);
    expect(isCae("7123456789012")).toBe(false);
  });

  it("finds what makes a receipt request malformed", () => {
    expect(receiptProblem(bill)).toBeNull();
    expect(
      receiptProblem({
        ...bill,
        receiptType: 8,
        associated: { receiptType: 6, pointOfSale: 3, number: 1 },
      }),
    ).toBeNull();
    expect(receiptProblem({ ...bill, issuerTaxId: "30712345672" })).toBe("issuer tax id");
    expect(receiptProblem({ ...bill, pointOfSale: 0 })).toBe("point of sale");
    expect(receiptProblem({ ...bill, number: 0 })).toBe("number");
    expect(receiptProblem({ ...bill, number: 1.5 })).toBe("number");
    expect(receiptProblem({ ...bill, receiptType: 1 })).toBe("receipt type");
    // A credit note names its bill; a bill names none.
    expect(receiptProblem({ ...bill, receiptType: 8 })).toBe("associated receipt");
    expect(
      receiptProblem({ ...bill, associated: { receiptType: 6, pointOfSale: 3, number: 1 } }),
    ).toBe("associated receipt");
    expect(receiptProblem({ ...bill, issuedOn: "2031-02-30" })).toBe("date");
    expect(receiptProblem({ ...bill, vat: 2_000 })).toBe("amounts");
    expect(receiptProblem({ ...bill, total: 0, net: 0, vat: 0 })).toBe("amounts");
    expect(receiptProblem({ ...bill, total: -5, net: -5, vat: 0 })).toBe("amounts");
  });
});
