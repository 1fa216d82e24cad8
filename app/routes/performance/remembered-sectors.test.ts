import { describe, expect, it } from "vitest";
import {
  afterOpening,
  rememberedPerformances,
  rememberedSectorOf,
  rememberedSectorsOf,
} from "./remembered-sectors";

describe("the sectors remembered per performance", () => {
  it("remembers the last sector opened on each performance, the latest first", () => {
    let list = afterOpening([], 10, 1);
    list = afterOpening(list, 20, 5);
    list = afterOpening(list, 10, 2);
    expect(list).toEqual([
      [10, 2],
      [20, 5],
    ]);
    expect(rememberedSectorOf(list, 10)).toBe(2);
    expect(rememberedSectorOf(list, 30)).toBeNull();
  });

  it("forgets a performance's sector when the whole hall is chosen", () => {
    const list = afterOpening(afterOpening([], 10, 1), 20, 5);
    expect(afterOpening(list, 10, null)).toEqual([[20, 5]]);
  });

  it("answers the same list when nothing changes", () => {
    const list = afterOpening([], 10, 1);
    expect(afterOpening(list, 10, 1)).toBe(list);
    expect(afterOpening(list, 20, null)).toBe(list);
  });

  it(`keeps the ${rememberedPerformances} latest performances`, () => {
    let list = afterOpening([], 1, 1);
    for (let performance = 2; performance <= rememberedPerformances + 2; performance++) {
      list = afterOpening(list, performance, 1);
    }
    expect(list).toHaveLength(rememberedPerformances);
    expect(rememberedSectorOf(list, 1)).toBeNull();
    expect(rememberedSectorOf(list, rememberedPerformances + 2)).toBe(1);
  });

  it("reads anything that is not a list of id pairs as none", () => {
    expect(rememberedSectorsOf(undefined)).toEqual([]);
    expect(rememberedSectorsOf("10:2")).toEqual([]);
    expect(rememberedSectorsOf([[10, 2], [0, 1], ["20", 3], [30], [40, 1.5], [50, 6]])).toEqual([
      [10, 2],
      [50, 6],
    ]);
  });
});
