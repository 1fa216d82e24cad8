import { describe, expect, it } from "vitest";
import { functionDateParts } from "./dates.ts";

describe("functionDateParts", () => {
  it("reads the instant on Buenos Aires' clock (UTC-3)", () => {
    // 2031-05-10 00:30 UTC is still Friday 9 May, 21:30 in Buenos Aires.
    expect(functionDateParts(new Date("2031-05-10T00:30:00.000Z"))).toEqual({
      dFecha: "2031-05-10T00:30:00.000Z",
      oFuncionDiaDeLaSemana: 5,
      nFuncionDia: 9,
      nFuncionMes: 5,
      nFuncionAnio: 2031,
      nFuncionHora: 21,
      nFuncionMinuto: 30,
    });
  });

  it("crosses year boundaries on the local clock", () => {
    const parts = functionDateParts(new Date("2031-01-01T02:59:00.000Z"));
    expect([parts.nFuncionAnio, parts.nFuncionMes, parts.nFuncionDia]).toEqual([2030, 12, 31]);
    expect([parts.nFuncionHora, parts.nFuncionMinuto]).toEqual([23, 59]);
    expect(parts.oFuncionDiaDeLaSemana).toBe(2); // Tuesday
  });

  it("accepts another offset", () => {
    const parts = functionDateParts(new Date("2031-05-10T12:00:00.000Z"), 0);
    expect(parts.nFuncionHora).toBe(12);
    expect(parts.oFuncionDiaDeLaSemana).toBe(6); // Saturday
  });

  it("rejects an invalid date", () => {
    expect(() => functionDateParts(new Date("nope"))).toThrow(RangeError);
  });
});
