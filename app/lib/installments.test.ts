import { describe, expect, it } from "vitest";
import { installmentsOffered } from "./installments";

const methods = [
  { nFormaDePago: 1, listaCuotas: [1, 3, 6, 12] },
  { nFormaDePago: 2, listaCuotas: [1] },
];

describe("installmentsOffered", () => {
  it("offers the chosen method's counts only", () => {
    expect(installmentsOffered(methods, "2")).toEqual([1]);
    expect(installmentsOffered(methods, 1)).toEqual([1, 3, 6, 12]);
  });

  it("offers every method's counts, once each and in order, while none is chosen", () => {
    expect(installmentsOffered(methods, undefined)).toEqual([1, 3, 6, 12]);
    expect(installmentsOffered([{ nFormaDePago: 3, listaCuotas: [6, 1] }, ...methods], "")).toEqual(
      [1, 3, 6, 12],
    );
  });
});
