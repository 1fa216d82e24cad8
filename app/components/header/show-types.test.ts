import type { ShowType } from "@contract";
import { describe, expect, it } from "vitest";
import { categoriesOf, categoryHref, shortcutsOf } from "./show-types";

const type = (idEspectaculoTipo: number, nOrden: number): ShowType => ({
  idEspectaculoTipo,
  cNombre: `type ${idEspectaculoTipo}`,
  nOrden,
});

describe("header show types", () => {
  // Deliberately unsorted, with the shop's product type ordered first and a tie on nOrden.
  const types = [
    type(7, 7),
    type(100, 0),
    type(3, 3),
    type(1, 1),
    type(6, 6),
    type(2, 2),
    type(9, 4),
    type(4, 4),
    type(5, 5),
  ];

  it("lists every category by nOrden, ties by id, without products", () => {
    expect(categoriesOf(types).map((t) => t.idEspectaculoTipo)).toEqual([1, 2, 3, 4, 9, 5, 6, 7]);
  });

  it("takes the first 5 by nOrden as shortcuts, never the product type", () => {
    expect(shortcutsOf(types, 5).map((t) => t.idEspectaculoTipo)).toEqual([1, 2, 3, 4, 9]);
  });

  it("copes with fewer types than shortcuts, and with a count of 0", () => {
    expect(shortcutsOf([type(100, 1), type(2, 9)], 5).map((t) => t.idEspectaculoTipo)).toEqual([2]);
    expect(shortcutsOf(types, 0)).toEqual([]);
  });

  it("does not reorder the caller's list", () => {
    const copy = [...types];
    categoriesOf(types);
    expect(types).toEqual(copy);
  });

  it("links a category to advanced search with its type list", () => {
    expect(categoryHref(3)).toBe("/AdvancedSearch?aListaidTipoDeEspectaculo=3");
  });
});
