import { describe, expect, it } from "vitest";
import {
  closedReason,
  isPastDeadline,
  processDeadline,
  processMinutes,
  processState,
} from "./clock.ts";

const start = new Date("2031-05-10T15:00:00.000Z");
const deadline = processDeadline(start, 30);
const later = (ms: number) => new Date(start.getTime() + ms);

describe("purchase clock", () => {
  it("sets the deadline the configured minutes ahead", () => {
    expect(deadline.toISOString()).toBe("2031-05-10T15:30:00.000Z");
    expect(processMinutes(start, deadline)).toBe(30);
  });

  it("rejects a clock of zero, negative or fractional minutes", () => {
    expect(() => processDeadline(start, 0)).toThrow(RangeError);
    expect(() => processDeadline(start, -5)).toThrow(RangeError);
    expect(() => processDeadline(start, 1.5)).toThrow(RangeError);
  });

  it("expires exactly at the deadline", () => {
    expect(isPastDeadline(deadline, later(30 * 60_000 - 1))).toBe(false);
    expect(isPastDeadline(deadline, later(30 * 60_000))).toBe(true);
  });
});

describe("processState", () => {
  it("shows an active process past its deadline as EXPIRED", () => {
    expect(processState("ACTIVE", deadline, later(60_000))).toBe("ACTIVE");
    expect(processState("ACTIVE", deadline, later(31 * 60_000))).toBe("EXPIRED");
  });

  it("keeps PAID and CANCELLED whatever the clock says", () => {
    expect(processState("PAID", deadline, later(31 * 60_000))).toBe("PAID");
    expect(processState("CANCELLED", deadline, later(0))).toBe("CANCELLED");
  });

  it("names the error for every closed state", () => {
    expect(closedReason("ACTIVE")).toBeNull();
    expect(closedReason("EXPIRED")).toBe("PROCESS_EXPIRED");
    expect(closedReason("PAID")).toBe("PROCESS_PAID");
    expect(closedReason("CANCELLED")).toBe("PROCESS_CANCELLED");
  });
});
