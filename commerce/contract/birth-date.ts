// The birthday rules of sign-up and personal data (spec §5): day 1–31, month 1–12, a year not
// above the current one and not too small, and a date that exists (no 31 February). Pure: the
// current year is an argument, so the rule is tested against any "today".

/** Older than this many years is taken for a typing mistake: 'Year of birth too small'. */
export const oldestAgeYears = 120;

/** The "validation" i18n keys of the birthday messages (§8 word for word in English). */
export const birthDateErrors = {
  date: "birthDateInvalid",
  day: "birthDayInvalid",
  month: "birthMonthInvalid",
  year: "birthYearInvalid",
  yearTooSmall: "birthYearTooSmall",
} as const;

export type BirthDateParts = { day: number; month: number; year: number };
export type BirthDateField = "day" | "month" | "year";
export type BirthDateProblem = { field: BirthDateField; error: string };

const isWhole = (value: number) => Number.isInteger(value);

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (UTC: no time-zone shifts).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Every problem of a birthday, each on the field to fix. Day, month and year are judged on
 * their own first; only when all three are fine is the date itself checked ('Invalid date',
 * shown on the day: 31 February has a day its month lacks).
 */
export function birthDateProblems(
  { day, month, year }: BirthDateParts,
  currentYear: number,
): BirthDateProblem[] {
  const problems: BirthDateProblem[] = [];
  if (!isWhole(day) || day < 1 || day > 31)
    problems.push({ field: "day", error: birthDateErrors.day });
  if (!isWhole(month) || month < 1 || month > 12) {
    problems.push({ field: "month", error: birthDateErrors.month });
  }
  if (!isWhole(year) || year < 1 || year > currentYear) {
    problems.push({ field: "year", error: birthDateErrors.year });
  } else if (year < currentYear - oldestAgeYears) {
    problems.push({ field: "year", error: birthDateErrors.yearTooSmall });
  }
  if (problems.length === 0 && day > daysInMonth(year, month)) {
    problems.push({ field: "day", error: birthDateErrors.date });
  }
  return problems;
}

/** The stored form of a valid birthday: YYYY-MM-DD. */
export function isoBirthDate({ day, month, year }: BirthDateParts): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** A stored YYYY-MM-DD back into its parts, or null when it is not one. */
export function birthDateParts(iso: string | null | undefined): BirthDateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}
