// The catch-all's list of the shop's own words covers every route's first segment.
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { isShopWord } from "./shop-words";

describe("the shop's own words", () => {
  it("include the first static segment of every route", () => {
    const firsts = routes
      .map((entry) => entry.path?.split("/")[0] ?? "")
      .filter((word) => word !== "" && !word.startsWith(":") && word !== "*");
    expect(firsts.length).toBeGreaterThan(30);
    expect(firsts.filter((word) => !isShopWord(word))).toEqual([]);
  });

  it("leave venue slugs alone", () => {
    expect(isShopWord("teatro-de-prueba")).toBe(false);
    expect(isShopWord("foo")).toBe(false);
    expect(isShopWord("buyticketbox")).toBe(true);
  });
});
