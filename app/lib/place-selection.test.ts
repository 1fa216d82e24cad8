import { describe, expect, it } from "vitest";
import { readPlaceSelection } from "./place-selection";

function form(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe("readPlaceSelection", () => {
  it("reads quantities per sector and numbered seats, ignoring zeros and blanks", () => {
    const result = readPlaceSelection(
      form([
        ["qty-3", "2"],
        ["qty-4", "0"],
        ["qty-5", ""],
        ["seat", "17"],
        ["seat", "17"],
        ["seat", "18"],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      selection: { sectors: [{ idSector: 3, nCantidad: 2 }], seats: [17, 18] },
    });
  });

  it("asks for at least one place", () => {
    expect(readPlaceSelection(form([["qty-3", "0"]]))).toEqual({
      ok: false,
      error: "quantityRequired",
    });
  });

  it("rejects negative, fractional and non-numeric input", () => {
    for (const bad of ["-1", "1.5", "abc", "99"]) {
      expect(readPlaceSelection(form([["qty-3", bad]]))).toEqual({
        ok: false,
        error: "quantityInvalid",
      });
    }
    expect(readPlaceSelection(form([["seat", "x"]]))).toEqual({
      ok: false,
      error: "quantityInvalid",
    });
  });

  it("caps the places of one purchase", () => {
    expect(
      readPlaceSelection(
        form([
          ["qty-1", "6"],
          ["qty-2", "5"],
        ]),
      ),
    ).toEqual({ ok: false, error: "quantityTooMany" });
  });
});
