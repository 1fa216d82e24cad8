import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shippedBrands } from "~/config/brands";
import { contrastRatio, parseHexColour, relativeLuminance } from "./contrast";

/** The shop's stylesheet: its entry and the files by area it imports (app/styles/). */
function shopStyles(): string {
  const folder = join(import.meta.dirname, "../styles");
  const parts = readdirSync(folder).filter((name) => name.endsWith(".css"));
  return [join(import.meta.dirname, "../styles.css"), ...parts.map((name) => join(folder, name))]
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
}

describe("contrast ratio (WCAG 2.x)", () => {
  it("reads #rgb and #rrggbb", () => {
    expect(parseHexColour("#fff")).toEqual([255, 255, 255]);
    expect(parseHexColour("#0B5CAD")).toEqual([11, 92, 173]);
    expect(() => parseHexColour("orange")).toThrow();
  });

  it("gives the known values", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(contrastRatio("#000", "#fff")).toBe(21);
    expect(contrastRatio("#fff", "#000")).toBe(21);
    expect(contrastRatio("#777", "#777")).toBe(1);
    // The old focus ring, amber on the page: under the 3:1 a focus indicator needs.
    expect(contrastRatio("#f59e0b", "#fafaf9")).toBeCloseTo(2.06, 2);
  });
});

describe("the focus ring", () => {
  const css = shopStyles();
  const variable = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,6})\\s*;`).exec(css)?.[1];
    if (!value) throw new Error(`the styles define no --${name}`);
    return value;
  };

  // Every background a focusable thing sits on: the page (stone-50), white cards, panels,
  // menus and fields, hovered menu items (stone-100), the error summary (red-50), the blue
  // app bar and its open or hovered buttons, and the dark footer (stone-900).
  const backgrounds = {
    page: "#fafaf9",
    white: "#ffffff",
    menuHover: "#f5f5f4",
    errorSummary: "#fef2f2",
    header: variable("color-brand"),
    headerOpen: variable("color-brand-dark"),
    footer: "#1c1917",
  };

  it("is two-tone: its dark and light parts differ by at least 3:1", () => {
    expect(
      contrastRatio(variable("focus-ring-dark"), variable("focus-ring-light")),
    ).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.entries(backgrounds))("stands out at 3:1 or more on %s (%s)", (_, background) => {
    const best = Math.max(
      contrastRatio(variable("focus-ring-dark"), background),
      contrastRatio(variable("focus-ring-light"), background),
    );
    expect(best).toBeGreaterThanOrEqual(3);
  });

  it("is the only focus style: no other colour is given to an outline", () => {
    const outlines = [...css.matchAll(/outline:\s*([^;]+);/g)].map((match) => match[1].trim());
    expect(outlines.length).toBeGreaterThan(0);
    for (const outline of outlines) expect(outline).toMatch(/var\(--focus-ring-dark\)|^none$/);
  });
});

describe("each shipped brand's colours", () => {
  const css = shopStyles();
  const ring = (name: string) =>
    new RegExp(`--focus-ring-${name}:\\s*(#[0-9a-fA-F]{3,6})\\s*;`).exec(css)?.[1] ?? "#000";

  it.each(Object.entries(shippedBrands))(
    "%s: white text at 4.5:1 on the app bar and its dark shade, the focus ring at 3:1",
    (_, brand) => {
      for (const background of [brand.colours.brand, brand.colours.brandDark]) {
        expect(contrastRatio("#ffffff", background)).toBeGreaterThanOrEqual(4.5);
        const best = Math.max(
          contrastRatio(ring("dark"), background),
          contrastRatio(ring("light"), background),
        );
        expect(best).toBeGreaterThanOrEqual(3);
      }
    },
  );
});
