// Packing a sector's seats for the page: what is unpacked is what was packed (positions to a
// tenth), names filled in by the sector's namer, and far smaller than the objects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/services/i18n.server";
import { packSeats, type UnnamedSeat, unpackSeats } from "./packed-seats";
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
  state: fc.constantFrom("FREE" as const, "TAKEN" as const, "MINE" as const),
});

/** Seats in row order, as mapSeats gives them: rows of any labels (commas, bars included). */
const sectorArbitrary = fc
  .array(
    fc.tuple(fc.string({ maxLength: 6 }), fc.array(seatArbitrary, { minLength: 1, maxLength: 12 })),
    { maxLength: 12 },
  )
  .map((rows) =>
    rows.flatMap(([label, seats], rowIndex) =>
      seats.map((seat): UnnamedSeat => ({ ...seat, row: label, rowIndex })),
    ),
  );

describe("packSeats / unpackSeats", () => {
  it("gives back every seat as it was, named", () => {
    fc.assert(
      fc.property(sectorArbitrary, (seats) => {
        const unpacked = unpackSeats(packSeats(seats), name);
        expect(unpacked).toEqual(seats.map((seat) => ({ ...seat, name: name(seat) })));
      }),
    );
  });

  it("names seats like the server did: row, seat, price, kind and state", () => {
    const [seat] = unpackSeats(
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
          state: "FREE",
        },
      ]),
      name,
    );
    expect(seat.name).toBe("Row F, seat 12, $\u00a05.000, wheelchair space, available");
  });

  it("keeps an empty sector empty", () => {
    expect(unpackSeats(packSeats([]), name)).toEqual([]);
  });

  it("sends a 1,000-seat sector in a few bytes per seat", () => {
    const seats = Array.from({ length: 1000 }, (_, i): UnnamedSeat => {
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
        kind: "SEAT",
        restrictedView: false,
        state: i % 3 === 0 ? "TAKEN" : "FREE",
      };
    });
    const packed = JSON.stringify(packSeats(seats));
    expect(packed.length).toBeLessThan(30 * seats.length);
    expect(packed.length).toBeLessThan(JSON.stringify(seats).length / 5);
  });
});
