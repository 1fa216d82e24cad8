import { describe, expect, it } from "vitest";
import { decodeTakenBits, encodeTakenBits } from "../contract/availability-bits.ts";
import {
  emptyHolds,
  freeCounts,
  heldByViewer,
  type PlacesLayout,
  placeIndexOf,
  recordHold,
  sectorChanges,
  sectorTakenFlags,
  stateAt,
  takenBitsAt,
  VersionHistory,
  versionOf,
} from "./place-states.ts";

const NOW = Date.UTC(2031, 2, 10, 15);
const at = (minutes: number) => new Date(NOW + minutes * 60_000);

/** Two sectors whose places interleave by id: 10, 11 (A), 12 (B), 13 (A), 20 (B). */
const layout: PlacesLayout = {
  performanceId: 1,
  sectors: [
    { id: 1, kind: "NUMBERED", places: Int32Array.from([0, 1, 3]) },
    { id: 2, kind: "GENERAL", places: Int32Array.from([2, 4]) },
  ],
  ids: Int32Array.from([10, 11, 12, 13, 20]),
  rows: ["A", "A", null, "A", null],
  numbers: [1, 2, null, 3, null],
  hallSeatIds: [100, 101, null, 102, null],
};

function holdsOf(
  rows: [index: number, sold: boolean, processId: number | null, until: Date | null][],
) {
  const holds = emptyHolds(layout.ids.length);
  for (const [index, sold, heldByProcessId, heldUntil] of rows) {
    recordHold(holds, index, { sold, heldByProcessId, heldUntil });
  }
  return holds;
}

describe("states at a given instant", () => {
  const holds = holdsOf([
    [0, true, null, null], // sold
    [1, false, 7, at(5)], // held by process 7 until +5 min
    [2, false, 8, at(-1)], // held by 8, expired a minute ago
    [3, false, 9, null], // held with no deadline: holds
  ]);

  it("counts a hold as taken until its deadline's exact instant, then free with no write", () => {
    const none = new Set<number>();
    expect([0, 1, 2, 3, 4].map((i) => stateAt(holds, i, NOW, none))).toEqual([
      "TAKEN",
      "TAKEN",
      "FREE",
      "TAKEN",
      "FREE",
    ]);
    expect(stateAt(holds, 1, at(5).getTime() - 1, none)).toBe("TAKEN");
    expect(stateAt(holds, 1, at(5).getTime(), none)).toBe("FREE");
    expect(stateAt(holds, 3, at(10_000).getTime(), none)).toBe("TAKEN");
  });

  it("shows the viewer's live holds as MINE, never a sold place or an expired hold", () => {
    const viewer = new Set([7, 8]);
    expect(stateAt(holds, 1, NOW, viewer)).toBe("MINE");
    expect(stateAt(holds, 2, NOW, viewer)).toBe("FREE");
    const soldToViewer = holdsOf([[0, true, 7, at(5)]]);
    expect(stateAt(soldToViewer, 0, NOW, viewer)).toBe("TAKEN");
    expect(heldByViewer(layout, holds, NOW, viewer)).toEqual([11]);
    expect(heldByViewer(layout, holds, at(6).getTime(), viewer)).toEqual([]);
  });

  it("packs taken bits per place and counts each sector's free places", () => {
    const bits = takenBitsAt(holds, NOW);
    expect(sectorTakenFlags(layout.sectors[0], bits)).toEqual([true, true, true]);
    expect(sectorTakenFlags(layout.sectors[1], bits)).toEqual([false, false]);
    expect(freeCounts(layout, bits)).toEqual([
      { idSector: 1, nDisponibles: 0 },
      { idSector: 2, nDisponibles: 2 },
    ]);
    const later = takenBitsAt(holds, at(6).getTime());
    expect(freeCounts(layout, later)[0].nDisponibles).toBe(1);
    // The sector's flags round-trip through the contract's encoding.
    const flags = sectorTakenFlags(layout.sectors[0], later);
    expect(decodeTakenBits(encodeTakenBits(flags), flags.length)).toEqual(flags);
  });
});

describe("versions and deltas", () => {
  it("gives equal bits equal versions, and any changed bit another version", () => {
    const free = takenBitsAt(holdsOf([]), NOW);
    const one = takenBitsAt(holdsOf([[3, false, 9, at(5)]]), NOW);
    expect(versionOf(free, 5)).toBe(versionOf(takenBitsAt(holdsOf([]), NOW), 5));
    expect(versionOf(one, 5)).not.toBe(versionOf(free, 5));
    // Same bytes, another count of places: another version.
    expect(versionOf(free, 4)).not.toBe(versionOf(free, 5));
    expect(versionOf(one, 5)).toMatch(/^[0-9a-z]{1,11}$/);
    // Every single-place change of a 1,000-place hall has its own version.
    const versions = new Set<string>();
    for (let index = 0; index < 1_000; index++) {
      const bits = new Uint8Array(125);
      bits[index >> 3] |= 1 << (index & 7);
      versions.add(versionOf(bits, 1_000));
    }
    expect(versions.size).toBe(1_000);
  });

  it("names exactly the places of the sector whose state changed, with their new state", () => {
    const before = takenBitsAt(holdsOf([[0, false, 7, at(5)]]), NOW);
    const after = takenBitsAt(
      holdsOf([
        [1, true, null, null],
        [2, false, 8, at(5)],
      ]),
      NOW,
    );
    expect(sectorChanges(layout, layout.sectors[0], before, after)).toEqual([
      [10, 0],
      [11, 1],
    ]);
    expect(sectorChanges(layout, layout.sectors[1], before, after)).toEqual([[12, 1]]);
    expect(sectorChanges(layout, layout.sectors[1], after, after)).toEqual([]);
  });

  it("keeps the last versions only, a version seen again counting as the newest", () => {
    const history = new VersionHistory(2);
    const bits = (n: number) => Uint8Array.from([n]);
    history.remember("a", bits(1));
    history.remember("b", bits(2));
    history.remember("a", bits(1));
    history.remember("c", bits(3));
    expect(history.bitsOf("b")).toBeUndefined();
    expect(history.bitsOf("a")).toEqual(bits(1));
    expect(history.bitsOf("c")).toEqual(bits(3));
  });

  it("finds a place's index by id, -1 when it is not the performance's", () => {
    expect([10, 12, 20, 15, 1].map((id) => placeIndexOf(layout, id))).toEqual([0, 2, 4, -1, -1]);
  });
});
