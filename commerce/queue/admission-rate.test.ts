import { describe, expect, it } from "vitest";
import { admissionsDue, estimatedWaitMinutes } from "./admission-rate.ts";

const saleStartsAt = new Date("2031-03-10T15:00:00Z");
const at = (seconds: number) => new Date(saleStartsAt.getTime() + seconds * 1000);
const base = { saleStartsAt, admissionsPerMinute: 60, maxActive: 1000, admittedSoFar: 0, live: 0 };

describe("admissions due now", () => {
  it("are none before the sale start", () => {
    expect(admissionsDue({ ...base, now: at(-1) })).toBe(0);
    expect(admissionsDue({ ...base, now: at(0) })).toBe(0);
  });

  it("follow the rate since the start, less those already let in", () => {
    expect(admissionsDue({ ...base, now: at(10) })).toBe(10);
    expect(admissionsDue({ ...base, now: at(10), admittedSoFar: 7 })).toBe(3);
    expect(admissionsDue({ ...base, now: at(10.9), admittedSoFar: 10 })).toBe(0);
    // 12 a minute: one every 5 seconds.
    expect(admissionsDue({ ...base, admissionsPerMinute: 12, now: at(14.9) })).toBe(2);
  });

  it("never exceed the room left under the maximum of active buyers", () => {
    expect(admissionsDue({ ...base, now: at(30), maxActive: 20, live: 15 })).toBe(5);
    expect(admissionsDue({ ...base, now: at(30), maxActive: 20, live: 25 })).toBe(0);
  });

  it("are never negative, and a quiet spell's credit is capped at a minute's worth", () => {
    expect(admissionsDue({ ...base, now: at(10), admittedSoFar: 50 })).toBe(0);
    expect(admissionsDue({ ...base, now: at(600) })).toBe(60);
  });

  it("let in no more than the rate over the time since the node's previous pass", () => {
    // The passes could not run for 20 s (the database was down): one second's worth, not 20.
    expect(admissionsDue({ ...base, now: at(40), admittedSoFar: 20, sinceLastPassMs: 1000 })).toBe(
      1,
    );
    expect(admissionsDue({ ...base, now: at(40), admittedSoFar: 20, sinceLastPassMs: 5000 })).toBe(
      5,
    );
    // At least one, and never more than a minute's worth.
    expect(admissionsDue({ ...base, now: at(40), sinceLastPassMs: 10 })).toBe(1);
    expect(admissionsDue({ ...base, now: at(600), sinceLastPassMs: 600_000 })).toBe(60);
  });

  it("add up to the rate over five minutes of one-second ticks", () => {
    let admittedSoFar = 0;
    for (let second = 1; second <= 300; second++) {
      admittedSoFar += admissionsDue({
        ...base,
        admissionsPerMinute: 37,
        now: at(second),
        admittedSoFar,
      });
    }
    expect(admittedSoFar).toBe(185);
  });
});

describe("the estimated wait", () => {
  it("is the people ahead over the rate, rounded up", () => {
    expect(estimatedWaitMinutes(0, 60)).toBe(0);
    expect(estimatedWaitMinutes(61, 60)).toBe(2);
    expect(estimatedWaitMinutes(10, 0.5)).toBe(20);
  });
});
