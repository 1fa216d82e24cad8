import { describe, expect, it } from "vitest";
import { exceedsPlaceLimit, placesAfterTake, placesCounted, placesLeft } from "./place-limit.ts";

const limit = { max: 10, countsBought: true };

describe("places after a take", () => {
  it("adds what is asked for to what the customer holds", () => {
    expect(placesAfterTake({ held: [], generalPlaces: 4, seatIds: [7, 8] })).toBe(6);
    expect(placesAfterTake({ held: [1, 2, 3], generalPlaces: 2, seatIds: [] })).toBe(5);
  });

  it("counts a seat held and asked for again, or asked for twice, once", () => {
    expect(placesAfterTake({ held: [7, 1], generalPlaces: 0, seatIds: [7, 8, 8] })).toBe(3);
  });

  it("counts places bought, unless the shop says not to", () => {
    const take = { held: [1, 2], bought: 5, generalPlaces: 1, seatIds: [] };
    expect(placesAfterTake(take)).toBe(8);
    expect(placesAfterTake(take, false)).toBe(3);
  });

  it("allows exactly the maximum", () => {
    expect(exceedsPlaceLimit({ held: [1, 2], generalPlaces: 8, seatIds: [] }, limit)).toBe(false);
    expect(exceedsPlaceLimit({ held: [1, 2], generalPlaces: 8, seatIds: [3] }, limit)).toBe(true);
    expect(exceedsPlaceLimit({ held: [], generalPlaces: 400, seatIds: [] }, limit)).toBe(true);
  });

  it("sums held (carts and bookings) and bought places against the maximum", () => {
    // 4 held in a cart and 3 in a booking, 2 bought: one more fits, two do not.
    const has = { held: [1, 2, 3, 4, 11, 12, 13], bought: 2 };
    expect(exceedsPlaceLimit({ ...has, generalPlaces: 1, seatIds: [] }, limit)).toBe(false);
    expect(exceedsPlaceLimit({ ...has, generalPlaces: 2, seatIds: [] }, limit)).toBe(true);
    // Bought places not counted: three more fit.
    const lenient = { max: 10, countsBought: false };
    expect(exceedsPlaceLimit({ ...has, generalPlaces: 3, seatIds: [] }, lenient)).toBe(false);
    expect(exceedsPlaceLimit({ ...has, generalPlaces: 4, seatIds: [] }, lenient)).toBe(true);
  });
});

describe("places left", () => {
  it("is the maximum less what the customer has, as the rule counts it", () => {
    expect(placesCounted({ held: [5, 5, 6], bought: 2 }, true)).toBe(4);
    expect(placesCounted({ held: [5, 5, 6], bought: 2 }, false)).toBe(2);
    expect(placesLeft({ held: [1, 2, 3], bought: 4 }, limit)).toBe(3);
    expect(placesLeft({ held: [1, 2, 3], bought: 4 }, { max: 10, countsBought: false })).toBe(7);
    expect(placesLeft({ held: [] }, limit)).toBe(10);
  });

  it("is never below zero, even when a lower maximum leaves the customer above it", () => {
    expect(placesLeft({ held: [1, 2], bought: 8 }, limit)).toBe(0);
    expect(placesLeft({ held: [1, 2], bought: 8 }, { max: 6, countsBought: true })).toBe(0);
  });
});
