import { describe, expect, it } from "vitest";
import { lineField, placeField, typedChoices } from "./place-field";

const lines = [
  { idFuncion: 7, listaPosiciones: [{ idPosicion: 1 }, { idPosicion: 2 }] },
  { idFuncion: 8, listaPosiciones: [{ idPosicion: 3 }] },
];
const form = (fields: Record<string, string>) => ({ get: (name: string) => fields[name] ?? null });

describe("typedChoices", () => {
  it("reads one choice per ticket with multi-promotion on", () => {
    const typed = typedChoices(
      lines,
      form({ [placeField(1)]: "10", [placeField(2)]: "11", [placeField(3)]: "" }),
      true,
    );
    expect([...typed]).toEqual([
      [1, "10"],
      [2, "11"],
      [3, ""],
    ]);
  });

  it("gives each performance's one choice to all its tickets with multi-promotion off", () => {
    const typed = typedChoices(
      lines,
      // A per-ticket field sent anyway is not read: the page showed none.
      form({ [lineField(7)]: "10", [placeField(1)]: "99", [lineField(8)]: "12" }),
      false,
    );
    expect([...typed]).toEqual([
      [1, "10"],
      [2, "10"],
      [3, "12"],
    ]);
  });

  it("reads a missing field as no promotion", () => {
    expect([...typedChoices(lines, form({}), true)].map(([, value]) => value)).toEqual([
      "",
      "",
      "",
    ]);
  });
});
