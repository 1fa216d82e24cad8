import { describe, expect, it } from "vitest";
import { formatPesos } from "./money.ts";

describe("formatPesos", () => {
  it.each([
    [0, "$ 0"],
    [5, "$ 5"],
    [999, "$ 999"],
    [1000, "$ 1.000"],
    [12_000, "$ 12.000"],
    [123_456, "$ 123.456"],
    [1_234_567, "$ 1.234.567"],
    [-1500, "-$ 1.500"],
  ])("%d → %s", (amount, text) => {
    expect(formatPesos(amount)).toBe(text);
  });

  it("shows no decimals, rounding to the nearest peso", () => {
    expect(formatPesos(999.5)).toBe("$ 1.000");
    expect(formatPesos(12_000.4)).toBe("$ 12.000");
    expect(formatPesos(-0.2)).toBe("$ 0");
  });

  it("rejects non-finite values instead of printing NaN", () => {
    expect(() => formatPesos(Number.NaN)).toThrow(RangeError);
    expect(() => formatPesos(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
