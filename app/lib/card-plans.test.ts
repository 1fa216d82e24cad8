import { describe, expect, it } from "vitest";
import { binOf } from "./card-plans";

describe("binOf", () => {
  it("is the first 6 digits, then the first 8 once typed, spaces and dashes aside", () => {
    expect(binOf("4242 4")).toBeNull();
    expect(binOf("4242 42")).toBe("424242");
    expect(binOf("4242-424")).toBe("424242");
    expect(binOf("4242 4242 4242 4242")).toBe("42424242");
  });

  it("is null for anything but digits", () => {
    expect(binOf("42424x42")).toBeNull();
    expect(binOf(undefined)).toBeNull();
    expect(binOf(424242)).toBeNull();
  });
});
