import { describe, expect, it } from "vitest";
import { distinctParts } from "./distinct-parts";

describe("distinctParts", () => {
  it("says a name and an equal description once", () => {
    expect(distinctParts(["Entrada general", "Entrada general"])).toEqual(["Entrada general"]);
    expect(distinctParts(["2×1", " 2×1 "])).toEqual(["2×1"]);
    expect(distinctParts(["2 for 1", "2 For  1"])).toEqual(["2 for 1"]);
  });

  it("keeps different parts in their order, without empty ones", () => {
    expect(distinctParts(["Tertulia", "Entrada general", ""])).toEqual([
      "Tertulia",
      "Entrada general",
    ]);
  });
});
