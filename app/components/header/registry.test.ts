import { describe, expect, it } from "vitest";
import { brandSchema } from "~/config/brand-schema";
import { cityBrand as brand } from "~/config/brands/city";
import { venueBrand } from "~/config/brands/venue";
import { Footer1 } from "../footer/footer-1";
import { Footer6 } from "../footer/footer-6";
import { footerFor, footerVariants } from "../footer/registry";
import { PowerHeader } from "./power-header";
import { headerFor, headerVariants } from "./registry";
import { TabsHeader } from "./tabs-header";

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

  it("resolves the city's brand to the 'Power' app bar and footer 6, the venue's to the tabs and footer 1", () => {
    expect(headerFor(brand.headerVariant)).toBe(PowerHeader);
    expect(footerFor(brand.footerVariant)).toBe(Footer6);
    expect(headerFor(venueBrand.headerVariant)).toBe(TabsHeader);
    expect(footerFor(venueBrand.footerVariant)).toBe(Footer1);
  });

  it("rejects a brand that names a variant nobody built", () => {
    expect(brandSchema.safeParse({ ...brand, headerVariant: "mega" }).success).toBe(false);
    expect(brandSchema.safeParse({ ...brand, footerVariant: 13 }).success).toBe(false);
  });
});

describe("the shipped brands", () => {
  it("follow the brand rules checked at start", () => {
    expect(brandSchema.parse(brand)).toEqual(brand);
    expect(brandSchema.parse(venueBrand)).toEqual(venueBrand);
  });
});
