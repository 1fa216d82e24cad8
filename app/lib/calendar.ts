// The landing's performance calendar: month grids (weeks start on Monday, as in Argentina),
// performances grouped by their day on the city's calendar, and which day and month to show
// from the URL (?fecha=YYYY-MM-DD, ?mes=YYYY-MM).
import type { Locale } from "./locales";

/** YYYY-MM-DD */
export type DateKey = string;
/** YYYY-MM */
export type MonthKey = string;

export type CityDateParts = { nFuncionAnio: number; nFuncionMes: number; nFuncionDia: number };

const pad = (value: number, size = 2) => String(value).padStart(size, "0");

export function dateKey(year: number, month: number, day: number): DateKey {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function monthKey(year: number, month: number): MonthKey {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** The day of a performance on the city's calendar (the API sends city-local parts). */
export function dateKeyOf(parts: CityDateParts): DateKey {
  return dateKey(parts.nFuncionAnio, parts.nFuncionMes, parts.nFuncionDia);
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A real calendar date in YYYY-MM-DD, or null (2026-02-30 is not a date). */
export function parseDateKey(
  value: string | null | undefined,
): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1900 || year > 2999 || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function parseMonthKey(
  value: string | null | undefined,
): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const [year, month] = match.slice(1).map(Number);
  if (year < 1900 || year > 2999 || month < 1 || month > 12) return null;
  return { year, month };
}

export function monthOf(key: DateKey): MonthKey {
  return key.slice(0, 7);
}

export function addMonths(key: MonthKey, delta: number): MonthKey {
  const parsed = parseMonthKey(key);
  if (!parsed) throw new RangeError(`not a month: ${key}`);
  const index = parsed.year * 12 + (parsed.month - 1) + delta;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

/** Every month from `first` to `last`, inclusive. */
export function monthsBetween(first: MonthKey, last: MonthKey): MonthKey[] {
  const months: MonthKey[] = [];
  for (let month = first; month <= last && months.length < 240; month = addMonths(month, 1)) {
    months.push(month);
  }
  return months;
}

/** A day of the month, or a blank (`day` null) that pads a week outside the month. */
export type CalendarCell = { key: string; day: number | null };

/** The weeks of a month, Monday first, each 7 cells long (a table row each). */
export function monthGrid(key: MonthKey): CalendarCell[][] {
  const parsed = parseMonthKey(key);
  if (!parsed) throw new RangeError(`not a month: ${key}`);
  const { year, month } = parsed;
  // getUTCDay: 0 = Sunday; shifted so Monday is column 0.
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const blank = (i: number): CalendarCell => ({ key: `${key}-blank-${i}`, day: null });
  const cells: CalendarCell[] = Array.from({ length: leading }, (_, i) => blank(i));
  const days = daysInMonth(year, month);
  for (let day = 1; day <= days; day++) cells.push({ key: dateKey(year, month, day), day });
  while (cells.length % 7 !== 0) cells.push(blank(cells.length));
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Items grouped by their city day, days in order, items in their given order. */
export function groupByDay<T extends { oFuncionFecha: CityDateParts }>(
  items: readonly T[],
): Map<DateKey, T[]> {
  const byDay = new Map<DateKey, T[]>();
  for (const item of items) {
    const key = dateKeyOf(item.oFuncionFecha);
    const list = byDay.get(key);
    if (list) list.push(item);
    else byDay.set(key, [item]);
  }
  return new Map([...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Something can still be bought for it: on sale and not sold out. */
export function isBookable(performance: { cEstado: string; lAgotado: boolean }): boolean {
  return performance.cEstado === "ON_SALE" && !performance.lAgotado;
}

export type CalendarSelection = {
  /** The day whose performances are listed (may have none when asked for explicitly). */
  selected: DateKey | null;
  /** The month on screen. */
  month: MonthKey | null;
  /** The months that have performances, first to last (navigation stays inside). */
  months: MonthKey[];
};

/**
 * What the calendar shows. A (valid) ?fecha selects that day and shows its month. Otherwise
 * ?mes (within the months that have performances) shows that month and selects its first
 * day where something can be bought, else its first day with performances. With neither,
 * the first bookable day overall is selected, else the first day with performances.
 */
export function calendarSelection(
  days: readonly DateKey[],
  bookableDays: ReadonlySet<DateKey>,
  requested: { fecha?: string | null; mes?: string | null } = {},
): CalendarSelection {
  const sorted = [...days].sort();
  if (sorted.length === 0) return { selected: null, month: null, months: [] };
  const months = monthsBetween(monthOf(sorted[0]), monthOf(sorted[sorted.length - 1]));
  const firstOf = (candidates: DateKey[]) =>
    candidates.find((day) => bookableDays.has(day)) ?? candidates[0];
  if (parseDateKey(requested.fecha)) {
    const selected = requested.fecha as DateKey;
    const month = months.includes(monthOf(selected)) ? monthOf(selected) : months[0];
    return { selected, month, months };
  }
  const askedMonth = parseMonthKey(requested.mes) ? (requested.mes as MonthKey) : null;
  if (askedMonth && months.includes(askedMonth)) {
    const inMonth = sorted.filter((day) => monthOf(day) === askedMonth);
    return { selected: inMonth.length ? firstOf(inMonth) : null, month: askedMonth, months };
  }
  const selected = firstOf(sorted);
  return { selected, month: monthOf(selected), months };
}

// ---------------------------------------------------------------- labels (Intl, no messages)

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, options: Intl.DateTimeFormatOptions) {
  const id = `${locale}|${JSON.stringify(options)}`;
  let found = formats.get(id);
  if (!found) {
    // Keys are calendar days, not instants: read them in UTC so nothing shifts a day.
    found = new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
    formats.set(id, found);
  }
  return found;
}

const noonOf = (key: DateKey) => new Date(`${key}T12:00:00Z`);

/** "noviembre de 2026" */
export function monthLabel(key: MonthKey, locale: Locale): string {
  return format(locale, { month: "long", year: "numeric" }).format(noonOf(`${key}-01`));
}

/** "sábado, 28 de noviembre" */
export function dayLabel(key: DateKey, locale: Locale): string {
  return format(locale, { weekday: "long", day: "numeric", month: "long" }).format(noonOf(key));
}

/** Monday first: [{ short: "lun", long: "lunes" }, …] */
export function weekdayNames(locale: Locale): Array<{ short: string; long: string }> {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = noonOf(dateKey(2024, 1, 1 + i));
    return {
      short: format(locale, { weekday: "short" }).format(day),
      long: format(locale, { weekday: "long" }).format(day),
    };
  });
}
