// The order a buyer reads their tickets in (order history, e-ticket pages): by performance
// (date), then sector (the venue's order), row in natural order, then seat number.

const collator = new Intl.Collator("es", { sensitivity: "base" });

/** A digit run by its value ("02" = "2" < "10"), however long. */
function compareDigitRuns(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, "");
  const y = b.replace(/^0+(?=\d)/, "");
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** Digits before letters; letters A … Z, then AA, AB… (a longer run comes after). */
function compareRuns(a: string, b: string): number {
  const aDigits = /^\d/.test(a);
  const bDigits = /^\d/.test(b);
  if (aDigits && bDigits) return compareDigitRuns(a, b);
  if (aDigits !== bDigits) return aDigits ? -1 : 1;
  return a.length - b.length || collator.compare(a, b);
}

const runsOf = (row: string) => row.match(/\d+|\D+/g) ?? [];

/**
 * Rows in natural order, run by run of digits or letters: "2" before "10", "P2" before
 * "P10", "A" … "Z" before "AA". No row (general admission) comes last.
 */
export function compareRows(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const x = runsOf(a);
  const y = runsOf(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const order = compareRuns(x[i], y[i]);
    if (order !== 0) return order;
  }
  // Rows alike but for capitals or zeros still need an order of their own, or sorting would
  // depend on the order they came in.
  return x.length - y.length || (a < b ? -1 : 1);
}

export type TicketPlace = {
  startsAt: Date;
  performanceId: number;
  sectorOrder: number;
  sectorId: number;
  row: string | null;
  number: number | null;
  ticketId: number;
};

const compareNumbers = (a: number | null, b: number | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
};

export function compareTicketPlaces(a: TicketPlace, b: TicketPlace): number {
  return (
    a.startsAt.getTime() - b.startsAt.getTime() ||
    a.performanceId - b.performanceId ||
    a.sectorOrder - b.sectorOrder ||
    a.sectorId - b.sectorId ||
    compareRows(a.row, b.row) ||
    compareNumbers(a.number, b.number) ||
    a.ticketId - b.ticketId
  );
}
