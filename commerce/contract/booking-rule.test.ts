import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookingDeadline, bookingRule, deadlineFitsPerformance } from "./booking-rule.ts";

const HOUR = 60 * 60_000;
const now = new Date("2031-03-10T15:00:00.000Z");
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * HOUR);

describe("bookingDeadline", () => {
  it("gives 48 hours when the performance is far away", () => {
    expect(bookingDeadline(now, hoursFromNow(24 * 10))).toEqual(hoursFromNow(48));
  });

  it("ends 24 hours before a performance that is nearer than 72 hours", () => {
    expect(bookingDeadline(now, hoursFromNow(30))).toEqual(hoursFromNow(6));
  });

  it("refuses when less than an hour would be left, and at the cutoff itself", () => {
    expect(bookingDeadline(now, hoursFromNow(24.5))).toBeNull();
    expect(bookingDeadline(now, hoursFromNow(24))).toBeNull();
    expect(bookingDeadline(now, hoursFromNow(2))).toBeNull();
    expect(bookingDeadline(now, hoursFromNow(-1))).toBeNull();
  });

  it("accepts exactly the minimum", () => {
    expect(bookingDeadline(now, hoursFromNow(25))).toEqual(hoursFromNow(1));
  });

  it("follows another rule when given one", () => {
    const rule = { hours: 2, cutoffHours: 1, minimumMinutes: 30 };
    expect(bookingDeadline(now, hoursFromNow(10), rule)).toEqual(hoursFromNow(2));
    expect(bookingDeadline(now, hoursFromNow(1.4), rule)).toBeNull();
  });

  it("never lasts longer than the rule, never passes the cutoff, never less than the minimum", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100 * 60, max: 30 * 24 * 60 }), (minutesAway) => {
        const startsAt = new Date(now.getTime() + minutesAway * 60_000);
        const deadline = bookingDeadline(now, startsAt);
        if (deadline === null) return;
        const length = deadline.getTime() - now.getTime();
        expect(length).toBeLessThanOrEqual(bookingRule.hours * HOUR);
        expect(length).toBeGreaterThanOrEqual(bookingRule.minimumMinutes * 60_000);
        expect(deadlineFitsPerformance(deadline, startsAt)).toBe(true);
      }),
    );
  });
});

describe("deadlineFitsPerformance", () => {
  it("lets a booking add a later performance but not one inside its cutoff", () => {
    const deadline = hoursFromNow(48);
    expect(deadlineFitsPerformance(deadline, hoursFromNow(72))).toBe(true);
    expect(deadlineFitsPerformance(deadline, hoursFromNow(71))).toBe(false);
  });
});
