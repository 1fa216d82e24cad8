// Packing a sector's seats for the page: what is unpacked is what was packed (positions to a
// tenth), far smaller than the objects; the states travel beside them and come back with
// each seat named by the sector's namer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/services/i18n.server";
import {
  type PlacedSeat,
  packSeats,
  packStates,
  type UnnamedSeat,
  unpackSeats,
  withStates,
} from "./packed-seats";
import { seatNamer } from "./seat-names";

const name = seatNamer(i18nFor("en").t, 5000);

const seatArbitrary = fc.record({
  placeId: fc.integer({ min: 1, max: 2_000_000_000 }),
  number: fc.integer({ min: 0, max: 5000 }),
  seatIndex: fc.integer({ min: 0, max: 5000 }),
  block: fc.integer({ min: 0, max: 40 }),
  x: fc.integer({ min: -20_000, max: 200_000 }).map((n) => n / 10),
  y: fc.integer({ min: -20_000, max: 200_000 }).map((n) => n / 10),
  kind: fc.constantFrom("SEAT" as const, "WHEELCHAIR" as const, "COMPANION" as const),
  restrictedView: fc.boolean(),
});

const stateArbitrary = fc.constantFrom("FREE" as const, "TAKEN" as const, "MINE" as const);

/** Seats in row order, as mapSeats gives them: rows of any labels (commas, bars included). */
const sectorArbitrary = fc
  .array(
    fc.tuple(fc.string({ maxLength: 6 }), fc.array(seatArbitrary, { minLength: 1, maxLength: 12 })),
    { maxLength: 12 },
  )
  .map((rows) =>
    rows.flatMap(([label, seats], rowIndex) =>
      seats.map((seat): PlacedSeat => ({ ...seat, row: label, rowIndex })),
    ),
  );

const freeSeat: PlacedSeat = {
  placeId: 1,
  row: "A",
  number: 1,
  rowIndex: 0,
  seatIndex: 0,
  block: 0,
  x: 0,
  y: 0,
  kind: "SEAT",
  restrictedView: false,
};

describe("packSeats / unpackSeats", () => {
  it("gives back every seat as it was", () => {
    fc.assert(
      fc.property(sectorArbitrary, (seats) => {
        expect(unpackSeats(packSeats(seats))).toEqual(seats);
      }),
    );
  });

  it("gives back every seat's state, named, from the states packed beside them", () => {
    const sectorWithStates = sectorArbitrary.chain((seats) =>
      fc.tuple(
        fc.constant(seats),
        fc.array(stateArbitrary, { minLength: seats.length, maxLength: seats.length }),
      ),
    );
    fc.assert(
      fc.property(sectorWithStates, ([seats, states]) => {
        // Place ids are unique in a sector (the buyer's own are told apart by id).
        const unique = seats.map((seat, position) => ({ ...seat, placeId: position + 1 }));
        const named = withStates(unpackSeats(packSeats(unique)), packStates(unique, states), name);
        const expected = unique.map((seat, position) => {
          const withState: UnnamedSeat = { ...seat, state: states[position] };
          return { ...withState, name: name(withState) };
        });
        expect(named).toEqual(expected);
      }),
    );
  });

  it("offers no seat when the states do not fit the seats", () => {
    const seats = unpackSeats(
      packSeats([
        { ...freeSeat, placeId: 1 },
        { ...freeSeat, placeId: 2 },
      ]),
    );
    const named = withStates(seats, { taken: "AAAA", mine: [2] }, name);
    expect(named.map((seat) => seat.state)).toEqual(["TAKEN", "MINE"]);
  });

  it("names seats like the server did: row, seat, price, kind and state", () => {
    const [seat] = withStates(
      unpackSeats(
        packSeats([
          {
            placeId: 7,
            row: "F",
            number: 12,
            rowIndex: 5,
            seatIndex: 11,
            block: 0,
            x: 10.5,
            y: 20,
            kind: "WHEELCHAIR",
            restrictedView: false,
          },
        ]),
      ),
      { taken: "AA", mine: [] },
      name,
    );
    expect(seat.name).toBe("Row F, seat 12, $\u00a05.000, wheelchair space, available");
  });

  it("keeps an empty sector empty", () => {
    expect(unpackSeats(packSeats([]))).toEqual([]);
  });

  it("sends a 1,000-seat sector in a few bytes per seat", () => {
    const seats = Array.from({ length: 1000 }, (_, i): PlacedSeat => {
      const rowIndex = Math.floor(i / 40);
      return {
        placeId: 50_000 + i,
        row: String.fromCharCode(65 + rowIndex),
        number: (i % 40) + 1,
        rowIndex,
        seatIndex: i % 40,
        block: i % 40 < 20 ? 0 : 1,
        x: 812.3 + (i % 40) * 5,
        y: 455.1 + rowIndex * 8,
        kind: i % 97 === 0 ? "WHEELCHAIR" : "SEAT",
        restrictedView: i % 89 === 0,
      };
    });
    const packed = JSON.stringify(packSeats(seats));
    expect(packed.length).toBeLessThan(30 * seats.length);
    expect(packed.length).toBeLessThan(JSON.stringify(seats).length / 5);
  });
});
