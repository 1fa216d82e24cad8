import { describe, expect, it } from "vitest";
import { defaultFirst, newEntryIsDefault, successorAfterDelete } from "./default-rules.ts";

describe("newEntryIsDefault", () => {
  it("makes the first entry the default whatever was asked", () => {
    expect(newEntryIsDefault(0, undefined)).toBe(true);
    expect(newEntryIsDefault(0, false)).toBe(true);
  });
  it("makes a later one the default only when asked", () => {
    expect(newEntryIsDefault(2, undefined)).toBe(false);
    expect(newEntryIsDefault(2, false)).toBe(false);
    expect(newEntryIsDefault(2, true)).toBe(true);
  });
});

describe("successorAfterDelete", () => {
  it("promotes the oldest remaining entry when the default is deleted", () => {
    const remaining = [
      { id: 9, isDefault: false },
      { id: 4, isDefault: false },
      { id: 7, isDefault: false },
    ];
    expect(successorAfterDelete({ id: 2, isDefault: true }, remaining)).toBe(4);
  });
  it("changes nothing when another entry is deleted, or none is left", () => {
    expect(
      successorAfterDelete({ id: 5, isDefault: false }, [
        { id: 4, isDefault: true },
        { id: 6, isDefault: false },
      ]),
    ).toBeNull();
    expect(successorAfterDelete({ id: 5, isDefault: true }, [])).toBeNull();
  });
  it("does not promote a second default when one is already there", () => {
    expect(
      successorAfterDelete({ id: 5, isDefault: true }, [
        { id: 3, isDefault: false },
        { id: 6, isDefault: true },
      ]),
    ).toBeNull();
  });
});

describe("defaultFirst", () => {
  it("lists the default first, then the others by age", () => {
    const sorted = defaultFirst([
      { id: 8, isDefault: false },
      { id: 5, isDefault: true },
      { id: 2, isDefault: false },
    ]);
    expect(sorted.map((e) => e.id)).toEqual([5, 2, 8]);
  });
});
