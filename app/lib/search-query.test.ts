import { describe, expect, it } from "vitest";
import { hasFilters, pageCount, parseSearchParams, searchQuery } from "./search-query";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("parseSearchParams", () => {
  it("turns the form's query into the API filter, combining every filter", () => {
    const parsed = parse(
      "cBuscar=%20%20tango%20&idEstablecimiento=4&dDesde=2026-12-01&dHasta=2026-12-31" +
        "&aListaidTipoDeEspectaculo=2&aListaidTipoDeEspectaculo=1&cZona=La%20Boca&pagina=2",
    );
    expect(parsed.errors).toEqual({});
    expect(parsed.page).toBe(2);
    expect(parsed.filter).toEqual({
      cBuscar: "tango",
      idEstablecimiento: 4,
      dDesde: "2026-12-01",
      dHasta: "2026-12-31",
      aListaidTipoDeEspectaculo: [2, 1],
      cZona: "La Boca",
    });
  });

  it("treats blank fields as absent: an empty form searches everything", () => {
    const parsed = parse("cBuscar=%20&idEstablecimiento=&dDesde=&dHasta=&cZona=");
    expect(parsed.filter).toEqual({});
    expect(parsed.page).toBe(1);
    expect(hasFilters(parsed.values)).toBe(false);
  });

  it("accepts a comma-separated category list and drops repeats", () => {
    expect(parse("aListaidTipoDeEspectaculo=3,5&aListaidTipoDeEspectaculo=3").filter).toEqual({
      aListaidTipoDeEspectaculo: [3, 5],
    });
  });

  it("refuses a term under 3 characters after trimming, keeping what was typed", () => {
    const parsed = parse("cBuscar=%20ab%20&aListaidTipoDeEspectaculo=1");
    expect(parsed.filter).toBeNull();
    expect(parsed.errors).toEqual({ cBuscar: ["searchTooShort"] });
    expect(parsed.values.cBuscar).toBe(" ab ");
    expect(parsed.values.aListaidTipoDeEspectaculo).toEqual(["1"]);
  });

  it("refuses impossible dates and a range that ends before it starts", () => {
    expect(parse("dDesde=2026-02-30").errors).toEqual({ dDesde: ["dateInvalid"] });
    expect(parse("dHasta=30/12/2026").errors).toEqual({ dHasta: ["dateInvalid"] });
    expect(parse("dDesde=2026-12-10&dHasta=2026-12-01").errors).toEqual({
      dHasta: ["dateRangeInvalid"],
    });
  });

  it("refuses non-numeric ids", () => {
    expect(parse("idEstablecimiento=abc").errors).toEqual({ idEstablecimiento: ["invalid"] });
    expect(parse("aListaidTipoDeEspectaculo=1&aListaidTipoDeEspectaculo=x").errors).toEqual({
      aListaidTipoDeEspectaculo: ["invalid"],
    });
    expect(parse("idEstablecimiento=0").filter).toBeNull();
  });

  it("reports a bad page but still searches page 1 with valid filters", () => {
    const parsed = parse("cBuscar=tango&pagina=-3");
    expect(parsed.errors).toEqual({ pagina: ["pageInvalid"] });
    expect(parsed.page).toBe(1);
    expect(parsed.filter).toEqual({ cBuscar: "tango" });
  });
});

describe("searchQuery", () => {
  it("keeps every filter in pager links, trimmed, and the page after the first", () => {
    const { values } = parse(
      "cBuscar=%20tango%20&aListaidTipoDeEspectaculo=2&aListaidTipoDeEspectaculo=3&dDesde=2026-12-01&cZona=",
    );
    expect(searchQuery(values, 3)).toBe(
      "?cBuscar=tango&dDesde=2026-12-01&aListaidTipoDeEspectaculo=2&aListaidTipoDeEspectaculo=3&pagina=3",
    );
    expect(searchQuery(values, 1)).not.toContain("pagina");
    expect(parse(searchQuery(values, 3).slice(1)).filter).toEqual(
      parse(searchQuery(values, 1).slice(1)).filter,
    );
  });

  it("is empty for an empty search", () => {
    expect(searchQuery(parse("").values)).toBe("");
  });
});

describe("pageCount", () => {
  it("rounds up and never says 0 pages", () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(34, 12)).toBe(3);
  });
});
