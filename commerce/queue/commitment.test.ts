import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitmentOf, newSeed, verifyReveal } from "./commitment.ts";

describe("the commitment to the shuffle's seed", () => {
  it("is the hex SHA-256 of the seed's bytes", () => {
    const seed = `${"00".repeat(31)}01`;
    const expected = createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");
    expect(commitmentOf(seed)).toBe(expected);
  });

  it("accepts the seed it was made from and refuses any other", () => {
    const seed = newSeed();
    const commitment = commitmentOf(seed);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyReveal(seed, commitment)).toBe(true);
    expect(verifyReveal(newSeed(), commitment)).toBe(false);
    const flipped = (seed[0] === "0" ? "1" : "0") + seed.slice(1);
    expect(verifyReveal(flipped, commitment)).toBe(false);
  });

  it("refuses malformed seeds and commitments without throwing", () => {
    const seed = newSeed();
    expect(verifyReveal("nope", commitmentOf(seed))).toBe(false);
    expect(verifyReveal(seed, "nope")).toBe(false);
    expect(verifyReveal(seed.toUpperCase(), commitmentOf(seed))).toBe(false);
  });

  it("draws a new seed each time", () => {
    expect(newSeed()).not.toBe(newSeed());
  });
});
