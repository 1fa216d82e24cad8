// How long a booking holds its places (decision 0045). A booking is paid later, but not so
// late that its places cannot be sold again: it lasts BOOKING_HOURS, ends no later than
// CUTOFF_HOURS before its performance starts, and is refused when that leaves less than
// MINIMUM_MINUTES (then the buyer should simply buy).

const HOUR = 60 * 60_000;

export const bookingRule = {
  hours: 48,
  cutoffHours: 24,
  minimumMinutes: 60,
} as const;

export type BookingRule = { hours: number; cutoffHours: number; minimumMinutes: number };

/**
 * When a booking made `now` for a performance starting at `performanceStartsAt` ends; null
 * when it is too late to book that performance.
 */
export function bookingDeadline(
  now: Date,
  performanceStartsAt: Date,
  rule: BookingRule = bookingRule,
): Date | null {
  const latest = performanceStartsAt.getTime() - rule.cutoffHours * HOUR;
  const deadline = Math.min(now.getTime() + rule.hours * HOUR, latest);
  if (deadline - now.getTime() < rule.minimumMinutes * 60_000) return null;
  return new Date(deadline);
}

/**
 * Whether a booking ending at `deadline` may take places of a performance starting at
 * `performanceStartsAt` too: its deadline must not pass that performance's cutoff.
 */
export function deadlineFitsPerformance(
  deadline: Date,
  performanceStartsAt: Date,
  rule: BookingRule = bookingRule,
): boolean {
  return deadline.getTime() <= performanceStartsAt.getTime() - rule.cutoffHours * HOUR;
}
