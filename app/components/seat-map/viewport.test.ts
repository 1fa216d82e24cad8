import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clampView,
  isClosestView,
  isWholeView,
  maxZoom,
  panBy,
  revealPoint,
  wrapOffset,
  zoomAt,
} from "./viewport";

const bounds = { x: 0, y: 0, width: 400, height: 200 };

describe("seat map viewport", () => {
  it("zooms around a point that stays put", () => {
    const view = zoomAt(bounds, 2, [100, 50], bounds);
    expect(view).toEqual({ x: 50, y: 25, width: 200, height: 100 });
    // The point keeps its place on screen: a quarter across, a quarter down.
    expect((100 - view.x) / view.width).toBeCloseTo(0.25);
  });

  it("never zooms out past the whole sector nor in past the limit", () => {
    expect(zoomAt(bounds, 0.1, [200, 100], bounds)).toEqual(bounds);
    expect(zoomAt(bounds, 1000, [200, 100], bounds).width).toBeCloseTo(400 / maxZoom);
    expect(isWholeView(bounds, bounds)).toBe(true);
    expect(isClosestView(zoomAt(bounds, 1000, [200, 100], bounds), bounds)).toBe(true);
    expect(isClosestView(zoomAt(bounds, maxZoom / 2, [200, 100], bounds), bounds)).toBe(false);
  });

  it("pans by screen pixels and stays inside the sector", () => {
    const close = zoomAt(bounds, 4, [200, 100], bounds); // 100 × 50 at (150, 75)
    // Drawn 200 px wide: half a unit a pixel; dragging 20 px right shows 10 units more left.
    expect(panBy(close, 20, 0, 200, bounds).x).toBeCloseTo(140);
    expect(panBy(close, 10_000, 10_000, 200, bounds)).toMatchObject({ x: 0, y: 0 });
  });

  it("reveals a point with the least move", () => {
    const close = { x: 0, y: 0, width: 100, height: 50 };
    expect(revealPoint(close, [50, 25], 5, bounds)).toEqual(close);
    expect(revealPoint(close, [150, 25], 5, bounds)).toMatchObject({ x: 55, y: 0 });
  });

  it("keeps every clamped view inside the bounds", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        (x, y, width) => {
          const view = clampView({ x, y, width, height: width / 2 }, bounds);
          expect(view.x).toBeGreaterThanOrEqual(-1e-9);
          expect(view.y).toBeGreaterThanOrEqual(-1e-9);
          expect(view.x + view.width).toBeLessThanOrEqual(400 + 1e-9);
          expect(view.y + view.height).toBeLessThanOrEqual(200 + 1e-9);
        },
      ),
    );
  });

  it("wraps a panorama's offset around", () => {
    expect(wrapOffset(-10, 100)).toBe(90);
    expect(wrapOffset(250, 100)).toBe(50);
  });
});
