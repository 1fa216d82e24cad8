import { describe, expect, it } from "vitest";
import {
  countryCodes,
  provinceBelongsToCountry,
  subdivisionCodes,
  subdivisionName,
  subdivisionsByCountry,
} from "./places.ts";

describe("places", () => {
  it("lists every first-level subdivision of each country", () => {
    const counts = Object.fromEntries(
      countryCodes.map((code) => [code, subdivisionsByCountry[code].length]),
    );
    // 23 provinces + CABA; 19 departments; 17 departments + Asunción; 16 regions; 26 states + DF.
    expect(counts).toEqual({ AR: 24, UY: 19, PY: 18, CL: 16, BR: 27 });
  });

  it("uses ISO 3166-2 codes of the country, each once", () => {
    for (const country of countryCodes) {
      for (const { code, name } of subdivisionsByCountry[country]) {
        expect(code, name).toMatch(new RegExp(`^${country}-[A-Z0-9]{1,3}$`));
      }
    }
    expect(new Set(subdivisionCodes).size).toBe(subdivisionCodes.length);
  });

  it("tells whether a province belongs to a country", () => {
    expect(provinceBelongsToCountry("AR", "AR-C")).toBe(true);
    expect(provinceBelongsToCountry("UY", "UY-MO")).toBe(true);
    expect(provinceBelongsToCountry("AR", "UY-MO")).toBe(false);
    expect(provinceBelongsToCountry("US", "US-CA")).toBe(false);
    expect(provinceBelongsToCountry("BR", "")).toBe(false);
    expect(subdivisionName("PY-ASU")).toBe("Asunción");
    expect(subdivisionName("XX-1")).toBeUndefined();
  });
});
