import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawBelow, randomStream, shuffleWithSeed } from "./shuffle.ts";

/** A fixed seed per number: the tests draw the same seeds on every run. */
const fixedSeed = (n: number) => createHash("sha256").update(`queue-test-seed-${n}`).digest("hex");

describe("the seeded shuffle", () => {
  const codes = ["K7Q2MD", "P3XW9A", "B8RT4N", "H2LC6E", "Z9FV3J", "M4GD8S"];

  it("gives the same order for the same seed, and leaves its input alone", () => {
    const before = [...codes];
    const first = shuffleWithSeed(codes, fixedSeed(1));
    expect(shuffleWithSeed(codes, fixedSeed(1))).toEqual(first);
    expect(codes).toEqual(before);
    expect([...first].sort()).toEqual([...codes].sort());
  });

  it("gives other orders for other seeds", () => {
    const orders = new Set(
      Array.from({ length: 20 }, (_, n) => shuffleWithSeed(codes, fixedSeed(n)).join()),
    );
    expect(orders.size).toBeGreaterThan(15);
  });

  it("reads its randomness as SHA-256(seed ‖ counter), 32 bits at a time", () => {
    const seed = fixedSeed(7);
    const next = randomStream(seed);
    const block0 = createHash("sha256")
      .update(Buffer.from(seed, "hex"))
      .update(Buffer.from([0, 0, 0, 0]))
      .digest();
    const block1 = createHash("sha256")
      .update(Buffer.from(seed, "hex"))
      .update(Buffer.from([0, 0, 0, 1]))
      .digest();
    const drawn = Array.from({ length: 9 }, () => next());
    expect(drawn.slice(0, 8)).toEqual(
      Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(i * 4)),
    );
    expect(drawn[8]).toBe(block1.readUInt32BE(0));
  });

  it("skips the numbers a modulo would favour (rejection sampling)", () => {
    // 2^32 mod 3 = 1: the largest number, 2^32 - 1, must be skipped when drawing below 3.
    const values = [2 ** 32 - 1, 5];
    const next = () => values.shift() as number;
    expect(drawBelow(next, 3)).toBe(5 % 3);
    expect(values).toEqual([]);
  });

  it("refuses a seed that is not 64 hex digits", () => {
    expect(() => shuffleWithSeed(codes, "abc")).toThrow(RangeError);
    expect(() => shuffleWithSeed(codes, fixedSeed(1).toUpperCase())).toThrow(RangeError);
  });

  it("handles no one and one person", () => {
    expect(shuffleWithSeed([], fixedSeed(1))).toEqual([]);
    expect(shuffleWithSeed(["A"], fixedSeed(1))).toEqual(["A"]);
  });

  it("draws every order of four people equally often (chi-square over 24,000 fixed seeds)", () => {
    const people = ["A", "B", "C", "D"];
    const draws = 24_000;
    const counts = new Map<string, number>();
    for (let n = 0; n < draws; n++) {
      const order = shuffleWithSeed(people, fixedSeed(n)).join("");
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    const expected = draws / 24;
    const chiSquare = [...counts.values()].reduce(
      (sum, observed) => sum + (observed - expected) ** 2 / expected,
      0,
    );
    // 23 degrees of freedom: 49.73 is exceeded by chance once in a thousand.
    expect(chiSquare).toBeLessThan(49.73);
  });

  it("puts each of seven people first equally often (chi-square over 7,000 fixed seeds)", () => {
    const people = ["A", "B", "C", "D", "E", "F", "G"];
    const draws = 7_000;
    const firsts = new Map<string, number>();
    for (let n = 0; n < draws; n++) {
      const [first] = shuffleWithSeed(people, fixedSeed(100_000 + n));
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    const expected = draws / people.length;
    const chiSquare = people.reduce(
      (sum, person) => sum + ((firsts.get(person) ?? 0) - expected) ** 2 / expected,
      0,
    );
    // 6 degrees of freedom: 22.46 is exceeded by chance once in a thousand.
    expect(chiSquare).toBeLessThan(22.46);
  });
});
