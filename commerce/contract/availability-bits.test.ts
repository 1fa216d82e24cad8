import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeTakenBits, encodeTakenBits } from "./availability-bits.ts";

describe("taken bits", () => {
  it("round-trips any state", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 3000 }), (taken) => {
        expect(decodeTakenBits(encodeTakenBits(taken), taken.length)).toEqual(taken);
      }),
    );
  });

  it("packs eight places a byte, first place in the lowest bit", () => {
    // Byte 0b00000101 = 5 → base64url "BQ".
    expect(encodeTakenBits([true, false, true])).toBe("BQ");
    expect(encodeTakenBits(Array(1000).fill(false))).toHaveLength(167);
  });

  it("refuses text of the wrong length or outside the alphabet", () => {
    expect(decodeTakenBits("BQ", 20)).toBeNull();
    expect(decodeTakenBits("B=", 3)).toBeNull();
    expect(decodeTakenBits("B\u00e9", 3)).toBeNull();
    expect(decodeTakenBits("", 0)).toEqual([]);
  });
});
