import { describe, expect, it } from "vitest";
import { gridPageIndexOf, gridPagesOf } from "./grid-pages";

const rows = (...sizes: number[]) =>
  sizes.map((size, i) => ({ row: String.fromCharCode(65 + i), seats: Array(size).fill(0) }));

describe("gridPagesOf", () => {
  it("keeps a small sector on one page", () => {
    expect(gridPagesOf(rows(10, 12, 14), 300)).toEqual([
      { firstRow: "A", lastRow: "C", fromRow: 0, toRow: 3 },
    ]);
  });

  it("fills pages with whole rows up to the limit; a longer row is a page of its own", () => {
    expect(gridPagesOf(rows(40, 40, 30, 120, 10), 80)).toEqual([
      { firstRow: "A", lastRow: "B", fromRow: 0, toRow: 2 },
      { firstRow: "C", lastRow: "C", fromRow: 2, toRow: 3 },
      { firstRow: "D", lastRow: "D", fromRow: 3, toRow: 4 },
      { firstRow: "E", lastRow: "E", fromRow: 4, toRow: 5 },
    ]);
  });

  it("covers every row once, in order, whatever the sizes", () => {
    const sizes = [3, 50, 7, 7, 300, 1, 299, 2, 2];
    const pages = gridPagesOf(rows(...sizes), 300);
    expect(pages[0].fromRow).toBe(0);
    expect(pages.at(-1)?.toRow).toBe(sizes.length);
    for (let i = 1; i < pages.length; i++) expect(pages[i].fromRow).toBe(pages[i - 1].toRow);
    for (const page of pages) {
      const seats = sizes.slice(page.fromRow, page.toRow).reduce((a, b) => a + b, 0);
      expect(seats <= 300 || page.toRow - page.fromRow === 1).toBe(true);
    }
  });
});

describe("gridPageIndexOf", () => {
  const pages = gridPagesOf(rows(40, 40, 40), 40);
  const at = (query: string) => gridPageIndexOf(new URL(`https://shop.test/f${query}`), pages);

  it("reads ?filas= from 1, the first page without it", () => {
    expect(at("")).toBe(0);
    expect(at("?filas=1")).toBe(0);
    expect(at("?filas=3")).toBe(2);
  });

  it("names no page for anything else", () => {
    for (const bad of ["?filas=0", "?filas=4", "?filas=-1", "?filas=1.5", "?filas=a", "?filas="]) {
      expect(at(bad), bad).toBeNull();
    }
  });
});
