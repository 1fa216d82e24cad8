import { describe, expect, it } from "vitest";
import {
  addMonths,
  calendarSelection,
  dateKeyOf,
  dayLabel,
  groupByDay,
  isBookable,
  monthGrid,
  monthLabel,
  monthsBetween,
  parseDateKey,
  parseMonthKey,
  weekdayNames,
} from "./calendar";

const at = (year: number, month: number, day: number, id: number) => ({
  id,
  oFuncionFecha: { nFuncionAnio: year, nFuncionMes: month, nFuncionDia: day },
});

describe("parsing URL dates", () => {
  it("accepts real calendar days only", () => {
    expect(parseDateKey("2026-11-28")).toEqual({ year: 2026, month: 11, day: 28 });
    expect(parseDateKey("2028-02-29")).not.toBeNull();
    expect(parseDateKey("2026-02-29")).toBeNull();
    expect(parseDateKey("2026-13-01")).toBeNull();
    expect(parseDateKey("2026-1-01")).toBeNull();
    expect(parseDateKey("28/11/2026")).toBeNull();
    expect(parseDateKey(null)).toBeNull();
  });

  it("accepts months as YYYY-MM", () => {
    expect(parseMonthKey("2026-12")).toEqual({ year: 2026, month: 12 });
    expect(parseMonthKey("2026-00")).toBeNull();
    expect(parseMonthKey("2026-12-01")).toBeNull();
  });
});

describe("months", () => {
  it("moves across years", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(monthsBetween("2026-11", "2027-01")).toEqual(["2026-11", "2026-12", "2027-01"]);
  });

  it("builds Monday-first weeks of 7 cells with blanks outside the month", () => {
    // November 2026 starts on a Sunday: six blanks, then the 1st.
    const weeks = monthGrid("2026-11");
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0].slice(0, 6).every((cell) => cell.day === null)).toBe(true);
    expect(weeks[0][6]).toEqual({ key: "2026-11-01", day: 1 });
    expect(weeks[5][0]).toEqual({ key: "2026-11-30", day: 30 });
    const days = weeks.flat().filter((cell) => cell.day !== null);
    expect(days).toHaveLength(30);
    // Every key is distinct, blanks included (they key table cells).
    expect(new Set(weeks.flat().map((cell) => cell.key)).size).toBe(42);
  });

  it("gives February of a leap year 29 days and a month starting Monday no leading blank", () => {
    const weeks = monthGrid("2027-02"); // 1 Feb 2027 is a Monday
    expect(weeks[0][0]).toEqual({ key: "2027-02-01", day: 1 });
    expect(
      monthGrid("2028-02")
        .flat()
        .filter((c) => c.day !== null),
    ).toHaveLength(29);
  });
});

describe("grouping performances by city day", () => {
  it("uses the city-local parts and sorts the days", () => {
    const grouped = groupByDay([at(2026, 12, 3, 1), at(2026, 11, 28, 2), at(2026, 12, 3, 3)]);
    expect([...grouped.keys()]).toEqual(["2026-11-28", "2026-12-03"]);
    expect(grouped.get("2026-12-03")?.map((p) => p.id)).toEqual([1, 3]);
    expect(dateKeyOf(at(2026, 1, 5, 0).oFuncionFecha)).toBe("2026-01-05");
  });

  it("counts only on-sale, not sold-out performances as bookable", () => {
    expect(isBookable({ cEstado: "ON_SALE", lAgotado: false })).toBe(true);
    expect(isBookable({ cEstado: "ON_SALE", lAgotado: true })).toBe(false);
    expect(isBookable({ cEstado: "CANCELLED", lAgotado: false })).toBe(false);
  });
});

describe("calendarSelection", () => {
  const days = ["2026-11-28", "2026-12-03", "2026-12-19", "2027-01-09"];
  const bookable = new Set(["2026-12-03", "2027-01-09"]);

  it("selects the first bookable day by default, in its month", () => {
    expect(calendarSelection(days, bookable)).toEqual({
      selected: "2026-12-03",
      month: "2026-12",
      months: ["2026-11", "2026-12", "2027-01"],
    });
  });

  it("falls back to the first day when nothing can be bought", () => {
    expect(calendarSelection(days, new Set()).selected).toBe("2026-11-28");
  });

  it("honours ?fecha, even a day without performances", () => {
    expect(calendarSelection(days, bookable, { fecha: "2026-11-28" })).toMatchObject({
      selected: "2026-11-28",
      month: "2026-11",
    });
    expect(calendarSelection(days, bookable, { fecha: "2026-12-25" }).selected).toBe("2026-12-25");
  });

  it("shows ?mes within range and selects its first bookable day", () => {
    expect(calendarSelection(days, bookable, { mes: "2027-01" })).toMatchObject({
      selected: "2027-01-09",
      month: "2027-01",
    });
    expect(calendarSelection(days, bookable, { mes: "2026-11" }).selected).toBe("2026-11-28");
  });

  it("ignores malformed or out-of-range parameters", () => {
    expect(
      calendarSelection(days, bookable, { fecha: "2026-02-30", mes: "2031-05" }),
    ).toMatchObject({ selected: "2026-12-03", month: "2026-12" });
  });

  it("has nothing to show without performances", () => {
    expect(calendarSelection([], new Set())).toEqual({ selected: null, month: null, months: [] });
  });
});

describe("labels", () => {
  it("names months and days in the page's language without shifting the day", () => {
    expect(monthLabel("2026-11", "es")).toBe("noviembre de 2026");
    expect(monthLabel("2026-11", "en")).toBe("November 2026");
    expect(dayLabel("2026-11-28", "es")).toBe("sábado, 28 de noviembre");
    expect(dayLabel("2026-11-28", "pt")).toMatch(/sábado, 28 de novembro/);
  });

  it("lists weekdays from Monday", () => {
    const names = weekdayNames("en");
    expect(names).toHaveLength(7);
    expect(names[0].long).toBe("Monday");
    expect(names[6].long).toBe("Sunday");
  });
});
