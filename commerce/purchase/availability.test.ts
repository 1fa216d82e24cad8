import { describe, expect, it } from "vitest";
import { isPlaceFree, isPlaceFreeFor } from "./availability.ts";
import { processDeadline } from "./clock.ts";

const start = new Date("2031-05-10T15:00:00.000Z");
const deadline = processDeadline(start, 30);
const later = (ms: number) => new Date(start.getTime() + ms);

describe("place holds", () => {
  const now = later(10 * 60_000);

  it("counts an unheld, unsold place as free", () => {
    expect(isPlaceFree({ sold: false, heldByProcessId: null, heldUntil: null }, now)).toBe(true);
  });

  it("counts a hold with time left as taken and an expired one as free", () => {
    expect(isPlaceFree({ sold: false, heldByProcessId: 7, heldUntil: deadline }, now)).toBe(false);
    expect(
      isPlaceFree({ sold: false, heldByProcessId: 7, heldUntil: deadline }, later(30 * 60_000)),
    ).toBe(true);
  });

  it("never frees a sold place", () => {
    expect(isPlaceFree({ sold: true, heldByProcessId: 7, heldUntil: deadline }, later(1e9))).toBe(
      false,
    );
  });
});

describe("isPlaceFreeFor", () => {
  const now = later(10 * 60_000);
  const held = { sold: false, heldByProcessId: 7, heldUntil: deadline };

  it("lets a process take again what it already holds, and nobody else", () => {
    expect(isPlaceFreeFor(held, 7, now)).toBe(true);
    expect(isPlaceFreeFor(held, 8, now)).toBe(false);
  });

  it("never lets anyone take a sold place, its buyer included", () => {
    expect(isPlaceFreeFor({ ...held, sold: true }, 7, now)).toBe(false);
  });

  it("treats a hold with no deadline as held", () => {
    expect(isPlaceFree({ sold: false, heldByProcessId: 7, heldUntil: null }, now)).toBe(false);
  });
});
