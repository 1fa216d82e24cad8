// The seat map's seats: names from one translated template per sector, the drawn hall's
// geometry joined with the places' states, row order, and a sector's part of the plan.
import type { HallSeat, SectorPlace } from "@contract";
import { describe, expect, it, vi } from "vitest";
import { seatNamer } from "~/components/seat-map/seat-names";
import { i18nFor } from "~/services/i18n.server";
import { priceBands } from "./price-bands";
import { seatRows } from "./seat-grid";
import { mapSeats, sectorViewBox } from "./seats.server";

const drawnSeat = (id: number, row: string, number: number, extra: Partial<HallSeat> = {}) =>
  [
    id,
    {
      idButaca: id,
      cFila: row,
      nNumero: number,
      nFila: row.charCodeAt(0) - 65,
      nOrden: number - 1,
      nBloque: 0,
      x: number * 10,
      y: (row.charCodeAt(0) - 64) * 10,
      cTipo: "SEAT",
      idAcompananteDe: null,
      lVisionReducida: false,
      ...extra,
    } satisfies HallSeat,
  ] as const;

const place = (id: number, seat: number | null, state: SectorPlace["cEstado"] = "FREE") =>
  ({ idPosicion: id, idButaca: seat, cFila: "Z", nNumero: id, cEstado: state }) as SectorPlace;

describe("seatNamer", () => {
  it("names a seat with row, seat, price and state in the buyer's language", () => {
    const name = seatNamer(i18nFor("en").t, 5000);
    expect(name({ row: "F", number: 12, state: "FREE", kind: "SEAT", restrictedView: false })).toBe(
      "Row F, seat 12, $\u00a05.000, available",
    );
    expect(
      name({ row: "F", number: 13, state: "TAKEN", kind: "SEAT", restrictedView: false }),
    ).toBe("Row F, seat 13, $\u00a05.000, taken");
    const es = seatNamer(i18nFor("es").t, 8000);
    expect(es({ row: "A", number: 1, state: "MINE", kind: "SEAT", restrictedView: false })).toBe(
      "Fila A, butaca 1, $\u00a08.000, en tu carrito",
    );
  });

  it("says wheelchair spaces, companion seats and restricted views", () => {
    const name = seatNamer(i18nFor("en").t, 100);
    expect(
      name({ row: "B", number: 2, state: "FREE", kind: "WHEELCHAIR", restrictedView: true }),
    ).toBe("Row B, seat 2, $\u00a0100, wheelchair space, restricted view, available");
    expect(
      name({ row: "B", number: 3, state: "FREE", kind: "COMPANION", restrictedView: false }),
    ).toBe("Row B, seat 3, $\u00a0100, companion seat, available");
  });

  it("takes labels as they are, even ones that look like replacement patterns", () => {
    const name = seatNamer(i18nFor("en").t, 1);
    expect(name({ row: "$&", number: 1, state: "FREE", kind: "SEAT", restrictedView: false })).toBe(
      "Row $&, seat 1, $\u00a01, available",
    );
  });

  it("translates once per sector, not once per seat", () => {
    const t = vi.fn(i18nFor("en").t) as unknown as ReturnType<typeof i18nFor>["t"];
    const name = seatNamer(t, 5000);
    const calls = vi.mocked(t).mock.calls.length;
    for (let number = 1; number <= 1000; number++) {
      name({ row: "A", number, state: "FREE", kind: "SEAT", restrictedView: false });
    }
    expect(vi.mocked(t).mock.calls.length).toBe(calls);
  });
});

describe("mapSeats", () => {
  it("joins places with their drawn seats and orders them by row, then along the row", () => {
    const drawn = new Map([
      drawnSeat(11, "A", 1),
      drawnSeat(12, "A", 2),
      drawnSeat(21, "B", 1, { cTipo: "WHEELCHAIR", lVisionReducida: true, nBloque: 1 }),
    ]);
    const seats = mapSeats([place(3, 21), place(2, 12, "TAKEN"), place(1, 11, "MINE")], drawn);
    expect(seats.map((s) => s.placeId)).toEqual([1, 2, 3]);
    expect(seats[0]).toMatchObject({
      row: "A",
      number: 1,
      rowIndex: 0,
      seatIndex: 0,
      x: 10,
      y: 10,
      state: "MINE",
    });
    expect(seats[2]).toMatchObject({ kind: "WHEELCHAIR", restrictedView: true, block: 1 });
    expect(seatRows(seats).map((row) => [row.row, row.seats.length])).toEqual([
      ["A", 2],
      ["B", 1],
    ]);
  });

  it("keeps places without a drawn seat, with their own row and number, after the drawn rows", () => {
    const drawn = new Map([drawnSeat(11, "A", 1)]);
    const seats = mapSeats([place(7, null), place(1, 11)], drawn);
    expect(seats.map((s) => [s.placeId, s.row, s.number])).toEqual([
      [1, "A", 1],
      [7, "Z", 7],
    ]);
    expect(mapSeats([place(5, 99)], null)[0]).toMatchObject({ row: "Z", x: 0, y: 0 });
  });
});

describe("sectorViewBox", () => {
  it("covers the outline and the seats with a margin", () => {
    expect(
      sectorViewBox(
        [
          [50, 130],
          [350, 130],
          [350, 290],
        ],
        [{ x: 400, y: 100 }],
      ),
    ).toEqual([40, 90, 370, 210]);
    expect(sectorViewBox([], [])).toEqual([0, 0, 0, 0]);
  });
});

describe("priceBands", () => {
  it("gives each distinct price a band, dearest first", () => {
    expect([...priceBands([5000, 8000, 5000, 3000]).entries()]).toEqual([
      [8000, 0],
      [5000, 1],
      [3000, 2],
    ]);
  });
});
