import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRows, compareTicketPlaces, type TicketPlace } from "./ticket-order.ts";

const sortRows = (rows: Array<string | null>) => [...rows].sort(compareRows);

describe("compareRows", () => {
  it("puts numbered rows in numeric order", () => {
    expect(sortRows(["10", "2", "1", "11"])).toEqual(["1", "2", "10", "11"]);
  });

  it("puts lettered rows A … Z, then AA", () => {
    expect(sortRows(["AA", "B", "Z", "A", "AB"])).toEqual(["A", "B", "Z", "AA", "AB"]);
  });

  it("reads digits inside a row as numbers, and no row comes last", () => {
    expect(sortRows(["P10", null, "P2", "P1", "B1", "Z"])).toEqual([
      "B1",
      "P1",
      "P2",
      "P10",
      "Z",
      null,
    ]);
  });

  it("is a total order: antisymmetric and transitive", () => {
    const row = fc.option(fc.stringMatching(/^[A-Za-z0-9 -]{1,4}$/), { nil: null });
    fc.assert(
      fc.property(row, row, row, (a, b, c) => {
        expect(compareRows(a, a)).toBe(0);
        expect(Math.sign(compareRows(a, b)) + Math.sign(compareRows(b, a))).toBe(0);
        if (compareRows(a, b) === 0) expect(a).toBe(b);
        if (compareRows(a, b) < 0 && compareRows(b, c) < 0) {
          expect(compareRows(a, c)).toBeLessThan(0);
        }
      }),
    );
  });
});

describe("compareTicketPlaces", () => {
  const day = (n: number) => new Date(Date.UTC(2031, 2, n, 23));
  const place = (overrides: Partial<TicketPlace>): TicketPlace => ({
    startsAt: day(10),
    performanceId: 1,
    sectorOrder: 1,
    sectorId: 1,
    row: null,
    number: null,
    ticketId: 1,
    ...overrides,
  });

  it("orders by performance date, sector, row and seat number, not by when they were bought", () => {
    const tickets = [
      place({ ticketId: 1, sectorOrder: 2, sectorId: 2, row: "A", number: 3 }),
      place({ ticketId: 2, sectorOrder: 2, sectorId: 2, row: "A", number: 2 }),
      place({ ticketId: 3, sectorOrder: 2, sectorId: 2, row: "B", number: 1 }),
      place({ ticketId: 4, sectorOrder: 2, sectorId: 2, row: "A", number: 10 }),
      place({ ticketId: 5 }),
      place({ ticketId: 6, startsAt: day(9), performanceId: 2 }),
    ];
    expect([...tickets].sort(compareTicketPlaces).map((t) => t.ticketId)).toEqual([
      6, 5, 2, 1, 4, 3,
    ]);
  });

  it("gives one order whatever order the tickets come in", () => {
    const ticket = fc.record({
      startsAt: fc.integer({ min: 1, max: 3 }).map(day),
      performanceId: fc.integer({ min: 1, max: 3 }),
      sectorOrder: fc.integer({ min: 1, max: 2 }),
      sectorId: fc.integer({ min: 1, max: 3 }),
      row: fc.option(fc.constantFrom("A", "B", "AA", "2", "10"), { nil: null }),
      number: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
    });
    const tickets = fc
      .array(ticket, { maxLength: 12 })
      .map((list) => list.map((t, i) => ({ ...t, ticketId: i + 1 })));
    fc.assert(
      fc.property(tickets, fc.integer(), (list, seed) => {
        const shuffled = [...list].sort(
          (a, b) => ((a.ticketId * 7919 + seed) % 13) - ((b.ticketId * 7919 + seed) % 13),
        );
        expect(shuffled.sort(compareTicketPlaces)).toEqual([...list].sort(compareTicketPlaces));
      }),
    );
  });
});
