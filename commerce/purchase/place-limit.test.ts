import { describe, expect, it } from "vitest";
import { exceedsPlaceLimit, placesAfterTake } from "./place-limit.ts";

describe("places after a take", () => {
  it("adds what is asked for to what the process holds", () => {
    expect(placesAfterTake({ held: [], generalPlaces: 4, seatIds: [7, 8] })).toBe(6);
    expect(placesAfterTake({ held: [1, 2, 3], generalPlaces: 2, seatIds: [] })).toBe(5);
  });

  it("counts a seat held and asked for again, or asked for twice, once", () => {
    expect(placesAfterTake({ held: [7, 1], generalPlaces: 0, seatIds: [7, 8, 8] })).toBe(3);
  });

  it("allows exactly the maximum", () => {
    expect(exceedsPlaceLimit({ held: [1, 2], generalPlaces: 8, seatIds: [] }, 10)).toBe(false);
    expect(exceedsPlaceLimit({ held: [1, 2], generalPlaces: 8, seatIds: [3] }, 10)).toBe(true);
    expect(exceedsPlaceLimit({ held: [], generalPlaces: 400, seatIds: [] }, 10)).toBe(true);
  });
});
