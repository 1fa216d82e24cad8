// Outlines on the plan as SVG `points` text. Curved stands are drawn with a point every few
// units; simplified to within a tolerance (Douglas–Peucker) their arcs keep their look at any
// zoom a phone allows and take a fraction of the bytes.
import type { PlanPoint } from "./types";

/** Distance from p to the segment a–b (a path can double back, so not to the line). */
function offSegment([px, py]: PlanPoint, [ax, ay]: PlanPoint, [bx, by]: PlanPoint): number {
  const dx = bx - ax;
  const dy = by - ay;
  const squared = dx * dx + dy * dy;
  const along = squared === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / squared;
  const t = Math.max(0, Math.min(1, along));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The points of an open path kept within `tolerance` of it (its ends always kept). */
function simplifyPath(points: readonly PlanPoint[], tolerance: number): PlanPoint[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const d = offSegment(points[i], points[from], points[to]);
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * A closed outline simplified to within `tolerance` plan units, as SVG points text
 * ("x,y x,y …", a tenth of a unit at most). Split at the point farthest from the first so the
 * shape's extremes stay.
 */
export function outlinePoints(outline: readonly PlanPoint[], tolerance = 1): string {
  if (outline.length === 0) return "";
  let split = 0;
  let farthest = -1;
  outline.forEach(([x, y], i) => {
    const d = Math.hypot(x - outline[0][0], y - outline[0][1]);
    if (d > farthest) {
      farthest = d;
      split = i;
    }
  });
  const first = simplifyPath(outline.slice(0, split + 1), tolerance);
  const second = simplifyPath([...outline.slice(split), outline[0]], tolerance);
  const kept = [...first, ...second.slice(1, -1)];
  const tenth = (n: number) => Math.round(n * 10) / 10;
  return kept.map(([x, y]) => `${tenth(x)},${tenth(y)}`).join(" ");
}
