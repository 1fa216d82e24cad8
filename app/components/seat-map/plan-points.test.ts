import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outlinePoints } from "./plan-points";
import type { PlanPoint } from "./types";

const parse = (text: string): PlanPoint[] =>
  text.split(" ").map((pair) => pair.split(",").map(Number) as PlanPoint);

/** Distance from p to the segment a–b. */
function toSegment([px, py]: PlanPoint, [ax, ay]: PlanPoint, [bx, by]: PlanPoint) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx === 0 && dy === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
  const c = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + c * dx), py - (ay + c * dy));
}

describe("outlinePoints", () => {
  it("keeps a rectangle's corners as they are", () => {
    expect(
      outlinePoints([
        [0, 0],
        [100, 0],
        [100, 50],
        [0, 50],
      ]),
    ).toBe("0,0 100,0 100,50 0,50");
  });

  it("draws a curved stand with far fewer points, every old point within tolerance", () => {
    // An annular band like the open-air stands: two arcs of radius 450 and 770.
    const arc = (r: number, from: number, to: number, n: number): PlanPoint[] =>
      Array.from({ length: n + 1 }, (_, i) => {
        const a = from + ((to - from) * i) / n;
        return [800 + r * Math.sin(a), 250 + r * Math.cos(a)];
      });
    const outline = [...arc(450, -0.9, -0.6, 80), ...arc(770, -0.6, -0.9, 80)];
    const kept = parse(outlinePoints(outline, 1));
    expect(kept.length).toBeLessThan(outline.length / 4);
    for (const point of outline) {
      const nearest = Math.min(
        ...kept.map((a, i) => toSegment(point, a, kept[(i + 1) % kept.length])),
      );
      expect(nearest).toBeLessThanOrEqual(1.1);
    }
  });

  it("keeps every polygon within tolerance of its points", () => {
    const point = fc.tuple(
      fc.integer({ min: 0, max: 1600 }),
      fc.integer({ min: 0, max: 1000 }),
    ) as fc.Arbitrary<PlanPoint>;
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 40 }), (outline) => {
        const kept = parse(outlinePoints(outline, 2));
        for (const p of outline) {
          const nearest = Math.min(
            ...kept.map((a, i) => toSegment(p, a, kept[(i + 1) % kept.length])),
          );
          expect(nearest).toBeLessThanOrEqual(2.1);
        }
      }),
    );
  });

  it("gives nothing for no outline", () => {
    expect(outlinePoints([])).toBe("");
  });
});
