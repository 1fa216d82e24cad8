import { describe, expect, it } from "vitest";
import { percentile, waitStats } from "./wait-stats.ts";

const start = new Date("2031-03-10T15:00:00Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("wait statistics", () => {
  it("count admissions per minute after the sale start", () => {
    const stats = waitStats(start, [
      { arrivedAt: at(-300), admittedAt: at(5) },
      { arrivedAt: at(-200), admittedAt: at(59) },
      { arrivedAt: at(30), admittedAt: at(150) },
    ]);
    expect(stats.admittedPerMinute).toEqual([2, 0, 1]);
  });

  it("measure the pre-queue's wait from the sale start and the others' from arrival", () => {
    const stats = waitStats(start, [
      { arrivedAt: at(-300), admittedAt: at(10) },
      { arrivedAt: at(100), admittedAt: at(130) },
    ]);
    expect(stats.medianWaitSeconds).toBe(10);
    expect(stats.p95WaitSeconds).toBe(30);
  });

  it("give the median and 95th percentile by nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([4], 95)).toBe(4);
    expect(percentile([], 50)).toBeNull();
  });

  it("say nothing when nobody was let in", () => {
    expect(waitStats(start, [])).toEqual({
      admittedPerMinute: [],
      medianWaitSeconds: null,
      p95WaitSeconds: null,
    });
  });
});
