import { describe, expect, it } from "vitest";
import { inSlices } from "./turns.ts";

describe("inSlices", () => {
  it("writes every item once, in order, a slice at a time", async () => {
    const written: Array<{ slice: number[]; start: number }> = [];
    await inSlices([1, 2, 3, 4, 5, 6, 7], 3, async (slice, start) => {
      written.push({ slice, start });
    });
    expect(written).toEqual([
      { slice: [1, 2, 3], start: 0 },
      { slice: [4, 5, 6], start: 3 },
      { slice: [7], start: 6 },
    ]);
  });

  it("lets work waiting for the event loop run between two slices, not before the first", async () => {
    const events: string[] = [];
    setImmediate(() => events.push("waiting work"));
    await inSlices(["a", "b"], 1, async (slice) => {
      events.push(`slice ${slice[0]}`);
    });
    expect(events).toEqual(["slice a", "waiting work", "slice b"]);
  });

  it("writes nothing for no items", async () => {
    let calls = 0;
    await inSlices([], 10, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
