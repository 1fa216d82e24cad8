import type { Sector } from "@contract";
import { describe, expect, it } from "vitest";
import { chosenSectorOf } from "./page.server";

const sector = (idSector: number, cTipo: "NUMBERED" | "GENERAL") =>
  ({ idSector, cTipo }) as unknown as Sector;
const url = (query = "") => new URL(`https://shop.test/funcion/x/1${query}`);

describe("the sector a performance opens on (flag seatMapAutoShow, §2)", () => {
  const oneNumbered = [sector(1, "GENERAL"), sector(2, "NUMBERED")];

  it("on: the only numbered sector's seats, without being asked", () => {
    expect(chosenSectorOf(url(), oneNumbered, true)?.idSector).toBe(2);
  });

  it("off: the hall, until a sector is asked for", () => {
    expect(chosenSectorOf(url(), oneNumbered, false)).toBeNull();
    expect(chosenSectorOf(url("?sector=2"), oneNumbered, false)?.idSector).toBe(2);
  });

  it("on, with two numbered sectors: the hall, the buyer chooses", () => {
    expect(chosenSectorOf(url(), [sector(1, "NUMBERED"), sector(2, "NUMBERED")], true)).toBeNull();
  });
});

describe("the sector the buyer last opened on the performance (seatMapAutoShow, §2)", () => {
  const twoNumbered = [sector(1, "NUMBERED"), sector(2, "NUMBERED"), sector(3, "GENERAL")];

  it("on: reopens on the remembered sector's seats", () => {
    expect(chosenSectorOf(url(), twoNumbered, true, 2)?.idSector).toBe(2);
  });

  it("on: a remembered id that is no numbered sector of it is the hall", () => {
    expect(chosenSectorOf(url(), twoNumbered, true, 3)).toBeNull();
    expect(chosenSectorOf(url(), twoNumbered, true, 99)).toBeNull();
  });

  it("off: the hall, whatever was remembered", () => {
    expect(chosenSectorOf(url(), twoNumbered, false, 2)).toBeNull();
  });

  it("the hall link (?sector= with no id) shows the hall, never the seats", () => {
    expect(chosenSectorOf(url("?sector="), twoNumbered, true, 2)).toBeNull();
    expect(chosenSectorOf(url("?sector="), [sector(2, "NUMBERED")], true)).toBeNull();
  });
});
