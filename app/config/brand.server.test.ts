import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BrandConfigError, loadBrand } from "./brand.server";
import { cityBrand } from "./brands/city";
import { venueBrand } from "./brands/venue";

describe("the brand chosen at start", () => {
  it("is the city's unless BRAND names another shipped brand", () => {
    expect(loadBrand({})).toEqual(cityBrand);
    expect(loadBrand({ BRAND: "venue" })).toEqual(venueBrand);
  });

  it("stops the start on an unknown brand, naming the ones there are", () => {
    expect(() => loadBrand({ BRAND: "nope" })).toThrow(/BRAND=nope .*city, venue/);
  });

  it("reads a whole brand from BRAND_CONFIG, and refuses one that breaks the rules", () => {
    const dir = mkdtempSync(join(tmpdir(), "brand-"));
    const good = join(dir, "good.json");
    writeFileSync(good, JSON.stringify({ ...venueBrand, name: "Otra sala" }));
    expect(loadBrand({ BRAND_CONFIG: good }).name).toBe("Otra sala");
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ ...venueBrand, colours: { brand: "red" } }));
    expect(() => loadBrand({ BRAND_CONFIG: bad })).toThrow(BrandConfigError);
    expect(() => loadBrand({ BRAND_CONFIG: bad })).toThrow(/colours/);
    expect(() => loadBrand({ BRAND_CONFIG: join(dir, "none.json") })).toThrow(/cannot read/);
  });

  it("takes FEATURE_FLAGS over the brand's flags, a nested group in part", () => {
    const brand = loadBrand({
      FEATURE_FLAGS: '{"seatMapAutoShow": false, "cardValidation": {"cvc": false}}',
    });
    expect(brand.flags.seatMapAutoShow).toBe(false);
    expect(brand.flags.cardValidation).toEqual({ number: true, cvc: false, expiry: true });
    expect(brand.flags.queue).toBe(cityBrand.flags.queue);
  });

  it("refuses FEATURE_FLAGS that are not JSON, name no flag, or give a flag a wrong value", () => {
    expect(() => loadBrand({ FEATURE_FLAGS: "{nope" })).toThrow(/FEATURE_FLAGS is not JSON/);
    expect(() => loadBrand({ FEATURE_FLAGS: '{"seatMap": true}' })).toThrow(/FEATURE_FLAGS/);
    expect(() => loadBrand({ FEATURE_FLAGS: '{"queue": "yes"}' })).toThrow(/queue/);
  });
});
