import { describe, expect, it } from "vitest";
import { brand } from "~/config/brand";
import { brandSchema } from "~/config/brand-schema";
import { Footer6 } from "../footer/footer-6";
import { footerFor, footerVariants } from "../footer/registry";
import { PowerHeader } from "./power-header";
import { headerFor, headerVariants } from "./registry";

describe("layout variant registries", () => {
  it("has a header component for every header variant a brand may name", () => {
    for (const variant of brandSchema.shape.headerVariant.options) {
      expect(typeof headerFor(variant), variant).toBe("function");
    }
    expect(Object.keys(headerVariants).sort()).toEqual(
      [...brandSchema.shape.headerVariant.options].sort(),
    );
  });

  it("has a footer component for every footer variant a brand may name", () => {
    const allowed = brandSchema.shape.footerVariant.options.map((option) => option.value);
    for (const variant of allowed)
      expect(typeof footerFor(variant), String(variant)).toBe("function");
    expect(Object.keys(footerVariants).map(Number).sort()).toEqual([...allowed].sort());
  });

  it("resolves this build's brand to the 'Power' app bar and footer 6", () => {
    expect(headerFor(brand.headerVariant)).toBe(PowerHeader);
    expect(footerFor(brand.footerVariant)).toBe(Footer6);
  });

  it("rejects a brand that names a variant nobody built", () => {
    expect(brandSchema.safeParse({ ...brand, headerVariant: "tabs" }).success).toBe(false);
    expect(brandSchema.safeParse({ ...brand, footerVariant: 13 }).success).toBe(false);
  });
});

describe("this build's brand", () => {
  it("follows the brand rules checked at start", () => {
    expect(brandSchema.parse(brand)).toEqual(brand);
  });
});
