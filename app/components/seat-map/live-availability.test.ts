import { type Availability, encodeTakenBits } from "@contract";
import { describe, expect, it } from "vitest";
import { applyAvailability, type LiveSeats } from "./live-availability";

const placeIds = [1, 2, 3, 4];
const start: LiveSeats = {
  version: "v1",
  states: new Map([
    [1, "FREE"],
    [2, "FREE"],
    [3, "TAKEN"],
    [4, "MINE"],
  ]),
};
const answer = (over: Partial<Availability>): Availability => ({
  cVersion: "v2",
  lSinCambios: false,
  listaSectores: [{ idSector: 7, nDisponibles: 1 }],
  listaMias: [4],
  ...over,
});

describe("applying availability to the map", () => {
  it("keeps everything on an unchanged answer, with its version", () => {
    const update = applyAvailability(start, placeIds, 7, answer({ lSinCambios: true }));
    expect(update.states).toEqual(start.states);
    expect(update.newlyTaken).toEqual([]);
  });

  it("applies a delta and says which free seats were taken", () => {
    const update = applyAvailability(
      start,
      placeIds,
      7,
      answer({
        oSector: {
          idSector: 7,
          listaCambios: [
            [2, 1],
            [3, 0],
            [99, 1],
          ],
        },
      }),
    );
    expect(update.version).toBe("v2");
    expect(update.states.get(2)).toBe("TAKEN");
    expect(update.states.get(3)).toBe("FREE");
    expect(update.states.has(99)).toBe(false);
    expect(update.newlyTaken).toEqual([2]);
  });

  it("applies a full bitset in place-id order, the buyer's own holds as MINE", () => {
    const update = applyAvailability(
      start,
      placeIds,
      7,
      answer({ oSector: { idSector: 7, cOcupadas: encodeTakenBits([true, false, false, true]) } }),
    );
    expect([...update.states.values()]).toEqual(["TAKEN", "FREE", "FREE", "MINE"]);
    expect(update.newlyTaken).toEqual([1]);
  });

  it("ignores another sector's answer and a bitset of the wrong size", () => {
    const other = answer({ oSector: { idSector: 8, cOcupadas: encodeTakenBits([true]) } });
    expect(applyAvailability(start, placeIds, 7, other).version).toBe("v1");
    const wrong = answer({
      oSector: { idSector: 7, cOcupadas: encodeTakenBits(Array(40).fill(true)) },
    });
    expect(applyAvailability(start, placeIds, 7, wrong).states).toEqual(start.states);
  });
});
