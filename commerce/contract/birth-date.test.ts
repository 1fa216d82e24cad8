import { describe, expect, it } from "vitest";
import { birthDateParts, birthDateProblems, isoBirthDate, oldestAgeYears } from "./birth-date.ts";

const year2026 = 2026;
const problems = (day: number, month: number, year: number, currentYear = year2026) =>
  birthDateProblems({ day, month, year }, currentYear).map((p) => `${p.field}:${p.error}`);

describe("birthDateProblems", () => {
  it("accepts real dates, 29 February of leap years and this year", () => {
    expect(problems(14, 3, 1990)).toEqual([]);
    expect(problems(29, 2, 2000)).toEqual([]);
    expect(problems(31, 12, year2026)).toEqual([]);
    expect(problems(1, 1, year2026 - oldestAgeYears)).toEqual([]);
  });

  it("says 'Invalid day' outside 1–31 or for a fraction", () => {
    for (const day of [0, 32, -1, 1.5, Number.NaN]) {
      expect(problems(day, 5, 1990), String(day)).toEqual(["day:birthDayInvalid"]);
    }
  });

  it("says 'Invalid month' outside 1–12", () => {
    for (const month of [0, 13, 2.5]) {
      expect(problems(10, month, 1990), String(month)).toEqual(["month:birthMonthInvalid"]);
    }
  });

  it("says 'Invalid year' above the current year (from the clock given) or not a year", () => {
    expect(problems(1, 1, year2026 + 1)).toEqual(["year:birthYearInvalid"]);
    expect(problems(1, 1, 2027, 2027)).toEqual([]);
    expect(problems(1, 1, 0)).toEqual(["year:birthYearInvalid"]);
    expect(problems(1, 1, 1990.5)).toEqual(["year:birthYearInvalid"]);
  });

  it("says 'Year of birth too small' past the oldest age", () => {
    expect(problems(1, 1, year2026 - oldestAgeYears - 1)).toEqual(["year:birthYearTooSmall"]);
    expect(problems(1, 1, 1800)).toEqual(["year:birthYearTooSmall"]);
  });

  it("says 'Invalid date' on the day for a day its month lacks", () => {
    expect(problems(31, 2, 1990)).toEqual(["day:birthDateInvalid"]);
    expect(problems(29, 2, 2023)).toEqual(["day:birthDateInvalid"]);
    expect(problems(31, 4, 1990)).toEqual(["day:birthDateInvalid"]);
    expect(problems(29, 2, 1900, 2000)).toEqual(["day:birthDateInvalid"]);
  });

  it("reports each bad part at once, and the date only when the parts are fine", () => {
    expect(problems(40, 13, 3000)).toEqual([
      "day:birthDayInvalid",
      "month:birthMonthInvalid",
      "year:birthYearInvalid",
    ]);
    expect(problems(31, 2, 1800)).toEqual(["year:birthYearTooSmall"]);
  });
});

describe("stored form", () => {
  it("round-trips YYYY-MM-DD", () => {
    expect(isoBirthDate({ day: 4, month: 7, year: 1990 })).toBe("1990-07-04");
    expect(birthDateParts("1990-07-04")).toEqual({ day: 4, month: 7, year: 1990 });
    expect(birthDateParts(null)).toBeNull();
    expect(birthDateParts("04/07/1990")).toBeNull();
  });
});
