import { describe, expect, it } from "vitest";
import { highlightsOf } from "./highlights";

describe("the billboard's highlights (brand.highlightedShows, §9)", () => {
  const featured = ["a", "b", "c", "d", "e"];

  it("shows as many as the brand says, in the API's order", () => {
    expect(highlightsOf(featured, 3)).toEqual(["a", "b", "c"]);
    expect(highlightsOf(featured, 1)).toEqual(["a"]);
  });

  it("shows every featured show when fewer are featured, none when the brand says 0", () => {
    expect(highlightsOf(["a", "b"], 3)).toEqual(["a", "b"]);
    expect(highlightsOf(featured, 0)).toEqual([]);
  });
});
