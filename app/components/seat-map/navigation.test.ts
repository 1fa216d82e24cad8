import { describe, expect, it } from "vitest";
import { isNavigationKey, moveFrom, type NavigableSeat, navigationOf } from "./navigation";

/** Row 0: 4 seats on an arc; row 1: 6 seats, wider; row 2: 2 seats at the right. */
const seats: NavigableSeat[] = [
  ...[0, 1, 2, 3].map((i) => ({ placeId: 10 + i, rowIndex: 0, seatIndex: i, x: 30 + i * 10 })),
  ...[0, 1, 2, 3, 4, 5].map((i) => ({
    placeId: 20 + i,
    rowIndex: 1,
    seatIndex: i,
    x: 20 + i * 10,
  })),
  ...[0, 1].map((i) => ({ placeId: 30 + i, rowIndex: 2, seatIndex: i, x: 60 + i * 10 })),
];
// Given shuffled, as nothing promises the order.
const nav = navigationOf([...seats].reverse());

describe("seat map keyboard", () => {
  it("walks a row and stops at its ends", () => {
    expect(moveFrom(nav, 11, "ArrowRight")).toBe(12);
    expect(moveFrom(nav, 11, "ArrowLeft")).toBe(10);
    expect(moveFrom(nav, 10, "ArrowLeft")).toBe(10);
    expect(moveFrom(nav, 13, "ArrowRight")).toBe(13);
    expect(moveFrom(nav, 22, "Home")).toBe(20);
    expect(moveFrom(nav, 22, "End")).toBe(25);
  });

  it("goes to the nearest seat by x in the row in front or behind", () => {
    // Seat 21 is at x 30, right behind seat 10 (x 30).
    expect(moveFrom(nav, 10, "ArrowDown")).toBe(21);
    expect(moveFrom(nav, 21, "ArrowUp")).toBe(10);
    // Seat 20 (x 20) has nothing in front: the nearest is the row's first seat.
    expect(moveFrom(nav, 20, "ArrowUp")).toBe(10);
    // Row 2 is short and to the right: from the far left, its first seat.
    expect(moveFrom(nav, 20, "ArrowDown")).toBe(30);
    expect(moveFrom(nav, 10, "ArrowUp")).toBe(10);
    expect(moveFrom(nav, 31, "ArrowDown")).toBe(31);
  });

  it("jumps to the first and last rows", () => {
    expect(moveFrom(nav, 31, "PageUp")).toBe(13);
    expect(moveFrom(nav, 10, "PageDown")).toBe(30);
  });

  it("starts from the first seat when the focused one is unknown", () => {
    expect(moveFrom(nav, 999, "ArrowRight")).toBe(10);
  });

  it("knows its keys", () => {
    expect(isNavigationKey("ArrowUp")).toBe(true);
    expect(isNavigationKey(" ")).toBe(false);
  });
});
