import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  areSideBySide,
  type BestAvailableRequest,
  bestAvailable,
  type CandidateSeat,
  hasSideBySide,
} from "./best-available.ts";

/**
 * A hall from a picture, one string per row from the stage: `.` free seat, `x` taken,
 * `r` free with a restricted view, `W` free wheelchair place, `C` free companion seat of the
 * nearest `W` to its left, `|` an aisle (a new block; seat order goes on). Straight rows, 10
 * units apart, centred on the focus at (0, 0).
 */
function hall(...rows: string[]): CandidateSeat[] {
  const seats: CandidateSeat[] = [];
  let id = 1;
  rows.forEach((picture, rowIndex) => {
    const count = picture.replaceAll("|", "").length;
    let seatIndex = 0;
    let block = 0;
    let wheelchair: number | null = null;
    for (const mark of picture) {
      if (mark === "|") {
        block++;
        continue;
      }
      if (mark === "W") wheelchair = id;
      seats.push({
        id: id++,
        rowIndex,
        seatIndex,
        block,
        x: (seatIndex - (count - 1) / 2) * 10,
        y: 20 + rowIndex * 10,
        kind: mark === "W" ? "WHEELCHAIR" : mark === "C" ? "COMPANION" : "SEAT",
        companionOf: mark === "C" ? wheelchair : null,
        restrictedView: mark === "r",
        free: mark !== "x",
      });
      seatIndex++;
    }
  });
  return seats;
}

const focus = [0, 0] as const;

/** "row:seat" of the chosen seats, in seat order, to read results like the pictures. */
function labels(seats: readonly CandidateSeat[], ids: readonly number[] | undefined) {
  return (ids ?? [])
    .map((id) => seats.find((s) => s.id === id) as CandidateSeat)
    .sort((a, b) => a.rowIndex - b.rowIndex || a.seatIndex - b.seatIndex)
    .map((s) => `${s.rowIndex}:${s.seatIndex}`);
}

function best(seats: CandidateSeat[], quantity: number, wheelchair = false) {
  return bestAvailable({ seats, focus, quantity, wheelchair });
}

describe("best available, by example", () => {
  it("gives N seats side by side in the row nearest the centre of the stage", () => {
    const seats = hall("..........", "..........", "..........");
    const result = best(seats, 4);
    expect(result?.contiguous).toBe(true);
    expect(labels(seats, result?.ids)).toEqual(["0:3", "0:4", "0:5", "0:6"]);
  });

  it("leaves no single seat stranded when another choice exists", () => {
    // Row 0 has 5 free: any 4 of them strands one. Row 1 (farther) has 6: 0-3 or 2-5 strand none.
    const seats = hall(".....", "......");
    expect(labels(seats, best(seats, 4)?.ids)).toEqual(["1:0", "1:1", "1:2", "1:3"]);
    // Next to a taken seat too: in "x....x..." taking 1-4 leaves nothing stranded.
    const beside = hall("x....x...");
    expect(labels(beside, best(beside, 2)?.ids)).not.toContain("0:7");
  });

  it("strands a seat when nothing else is left", () => {
    const seats = hall(".....");
    const result = best(seats, 4);
    expect(result?.contiguous).toBe(true);
    expect(result?.ids).toHaveLength(4);
  });

  it("fills a lone free seat rather than splitting a pair", () => {
    const seats = hall("x.x..x");
    expect(labels(seats, best(seats, 1)?.ids)).toEqual(["0:1"]);
  });

  it("judges curved rows by seat order, not by where the seats are drawn", () => {
    // A row bent round the stage: every seat the same distance from the focus, drawn in an
    // order that is not the seat order; seat 3 is taken.
    const count = 9;
    const seats: CandidateSeat[] = Array.from({ length: count }, (_, seatIndex) => {
      const angle = Math.PI * (0.1 + (0.8 * seatIndex) / (count - 1));
      return {
        id: 100 - seatIndex * 7,
        rowIndex: 0,
        seatIndex,
        block: 0,
        x: Math.cos(angle) * 50,
        y: Math.sin(angle) * 50,
        kind: "SEAT",
        companionOf: null,
        free: seatIndex !== 3,
      };
    });
    const result = best([...seats].reverse(), 4);
    expect(result?.contiguous).toBe(true);
    expect(areSideBySide(seats, result?.ids ?? [])).toBe(true);
    expect(labels(seats, result?.ids)).not.toContain("0:3");
  });

  it("does not count seats across an aisle as side by side", () => {
    const seats = hall("...|...");
    const result = best(seats, 4);
    expect(result?.contiguous).toBe(false);
    expect(result?.ids).toHaveLength(4);
    expect(areSideBySide(seats, result?.ids ?? [])).toBe(false);
  });

  it("gives separate seats in as few groups as possible when no N side by side are left", () => {
    const seats = hall(".x.x...x..", "..x.x.x..x");
    const result = best(seats, 5);
    expect(result?.contiguous).toBe(false);
    // Three side by side (row 0, 4-6) and then the nearest pair, not five singles.
    expect(labels(seats, result?.ids)).toEqual(["0:4", "0:5", "0:6", "1:7", "1:8"]);
  });

  it("gives exactly N seats or nothing", () => {
    const seats = hall("x..x", "xx.x");
    expect(best(seats, 3)?.ids).toHaveLength(3);
    expect(best(seats, 4)).toBeNull();
    expect(best(seats, 0)).toBeNull();
  });

  it("keeps wheelchair and companion places for those who need them while other seats remain", () => {
    const seats = hall("..WC..", "......");
    const result = best(seats, 2);
    expect(labels(seats, result?.ids)).toEqual(["0:0", "0:1"]);
    // When nothing else is left, they are given like any seat.
    const full = hall("xxWCxx");
    expect(best(full, 2)?.ids).toHaveLength(2);
  });

  it("gives a wheelchair place with its own companion seats first", () => {
    const seats = hall("W..WC.", "......");
    const result = best(seats, 2, true);
    expect(result).toEqual({ ids: [4, 5], contiguous: true });
    // More than its companions: the nearest other seats, and the group is not side by side.
    const more = best(seats, 3, true);
    expect(more?.ids.slice(0, 2)).toEqual([4, 5]);
    expect(more?.ids).toHaveLength(3);
    expect(more?.contiguous).toBe(false);
  });

  it("gives nothing to a wheelchair request when no wheelchair place is free", () => {
    expect(best(hall("xC...."), 2, true)).toBeNull();
  });

  it("gives restricted-view seats only when nothing better is left", () => {
    const seats = hall("rrrrrr", "......");
    // Row 1, and one end of it: 1-3 or 2-4 would strand a seat.
    expect(labels(seats, best(seats, 3)?.ids)).toEqual(["1:0", "1:1", "1:2"]);
    const onlyRestricted = hall("rrrrrr", "x.x.x.");
    expect(best(onlyRestricted, 3)?.contiguous).toBe(true);
  });

  it("compares sectors of the whole hall but never joins their rows", () => {
    const stalls = hall("x..x").map((s) => ({ ...s, sectorId: 1 }));
    const box = hall("...").map((s) => ({ ...s, id: s.id + 10, sectorId: 2, x: s.x + 200 }));
    // Stalls row 0 has seats 1-2 and the box 0-2: same rowIndex and block, other sectors.
    const result = best([...stalls, ...box], 3);
    expect(result).toEqual({ ids: [11, 12, 13], contiguous: true });
  });
});

// ---------------------------------------------------------------- properties

const seatMark = fc.constantFrom(".", ".", ".", "x", "x", "r", "|");
const rowPicture = fc.array(seatMark, { minLength: 1, maxLength: 14 }).map((m) => m.join(""));
const layout = fc.array(rowPicture, { minLength: 1, maxLength: 5 }).map((rows) => hall(...rows));

describe("best available, properties", () => {
  it("gives exactly N free seats, never a taken one nor one twice, or nothing when fewer are free", () => {
    fc.assert(
      fc.property(layout, fc.integer({ min: 1, max: 8 }), (seats, quantity) => {
        const result = best(seats, quantity);
        const free = seats.filter((s) => s.free).length;
        if (free < quantity) return result === null;
        if (!result) return false;
        const freeIds = new Set(seats.filter((s) => s.free).map((s) => s.id));
        return (
          result.ids.length === quantity &&
          new Set(result.ids).size === quantity &&
          result.ids.every((id) => freeIds.has(id))
        );
      }),
      { seed: 9, numRuns: 400 },
    );
  });

  it("gives seats side by side whenever N side by side are free, and says so truthfully", () => {
    fc.assert(
      fc.property(layout, fc.integer({ min: 1, max: 6 }), (seats, quantity) => {
        const result = best(seats, quantity);
        if (!result) return !hasSideBySide(seats, quantity);
        if (result.contiguous !== areSideBySide(seats, result.ids)) return false;
        return result.contiguous === hasSideBySide(seats, quantity);
      }),
      { seed: 9, numRuns: 400 },
    );
  });

  it("strands a single seat only when every group of N side by side would", () => {
    const plainLayout = fc
      .array(fc.array(fc.constantFrom(".", ".", "x", "|"), { minLength: 1, maxLength: 12 }), {
        minLength: 1,
        maxLength: 4,
      })
      .map((rows) => hall(...rows.map((r) => r.join(""))));
    // A stranded seat: free, and its neighbours in the run (if any) taken or absent.
    const loneSeats = (seats: readonly CandidateSeat[]) =>
      seats.filter((s) => {
        if (!s.free) return false;
        const neighbour = (d: number) =>
          seats.find(
            (o) =>
              o.rowIndex === s.rowIndex && o.block === s.block && o.seatIndex === s.seatIndex + d,
          );
        return !neighbour(-1)?.free && !neighbour(1)?.free;
      }).length;
    const strands = (seats: CandidateSeat[], ids: readonly number[]) => {
      const chosen = new Set(ids);
      const after = seats.map((s) => (chosen.has(s.id) ? { ...s, free: false } : s));
      return loneSeats(after) > loneSeats(seats);
    };
    fc.assert(
      fc.property(plainLayout, fc.integer({ min: 1, max: 5 }), (seats, quantity) => {
        const result = best(seats, quantity);
        if (!result?.contiguous || !strands(seats, result.ids)) return true;
        // It stranded one: then every side-by-side group of N would have.
        const byRun = new Map<string, CandidateSeat[]>();
        for (const s of seats) {
          const key = `${s.rowIndex}:${s.block}`;
          byRun.set(key, [...(byRun.get(key) ?? []), s]);
        }
        for (const run of byRun.values()) {
          run.sort((a, b) => a.seatIndex - b.seatIndex);
          for (let i = 0; i + quantity <= run.length; i++) {
            const group = run.slice(i, i + quantity);
            if (!group.every((s) => s.free)) continue;
            if (
              !strands(
                seats,
                group.map((s) => s.id),
              )
            )
              return false;
          }
        }
        return true;
      }),
      { seed: 9, numRuns: 400 },
    );
  });

  it("answers the same whatever order the seats come in", () => {
    fc.assert(
      fc.property(
        layout,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 1000 }),
        (seats, quantity, shift) => {
          const rotated = [
            ...seats.slice(shift % seats.length),
            ...seats.slice(0, shift % seats.length),
          ];
          const request = (s: CandidateSeat[]): BestAvailableRequest => ({
            seats: s,
            focus,
            quantity,
          });
          const a = bestAvailable(request(seats));
          const b = bestAvailable(request(rotated.reverse()));
          return JSON.stringify(a) === JSON.stringify(b);
        },
      ),
      { seed: 9, numRuns: 200 },
    );
  });

  it("gives a wheelchair request one free wheelchair place first, and the rest from free seats", () => {
    const accessible = fc
      .array(fc.array(fc.constantFrom(".", "x", "W", "C", "C"), { minLength: 1, maxLength: 10 }), {
        minLength: 1,
        maxLength: 4,
      })
      .map((rows) => hall(...rows.map((r) => r.join(""))));
    fc.assert(
      fc.property(accessible, fc.integer({ min: 1, max: 4 }), (seats, quantity) => {
        const result = best(seats, quantity, true);
        const free = seats.filter((s) => s.free);
        if (!result) {
          // Other wheelchair places are not given as companion seats.
          const seatsBeside = free.filter((s) => s.kind !== "WHEELCHAIR").length;
          return seatsBeside < quantity - 1 || !free.some((s) => s.kind === "WHEELCHAIR");
        }
        const byId = new Map(seats.map((s) => [s.id, s]));
        const [place, ...rest] = result.ids.map((id) => byId.get(id) as CandidateSeat);
        const ownFree = free.filter((s) => s.companionOf === place.id).length;
        const ownGiven = rest.filter((s) => s.companionOf === place.id).length;
        return (
          result.ids.length === quantity &&
          new Set(result.ids).size === quantity &&
          place.kind === "WHEELCHAIR" &&
          place.free &&
          rest.every((s) => s.free && s.kind !== "WHEELCHAIR") &&
          // Its own free companions come first, as many as fit.
          ownGiven === Math.min(ownFree, quantity - 1) &&
          rest.slice(0, ownGiven).every((s) => s.companionOf === place.id)
        );
      }),
      { seed: 9, numRuns: 300 },
    );
  });
});
