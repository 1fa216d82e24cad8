// The memoised t: the same answers as i18next for every kind of call, and i18next asked once
// per key and options.
import type { TFunction } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/services/i18n.server";
import { memoizedT } from "./i18n";

describe("memoizedT", () => {
  const plain = i18nFor("en").getFixedT(null, null) as TFunction;

  it("answers as i18next does: plain keys, interpolation, plurals, missing keys", () => {
    const t = memoizedT(plain);
    const calls: [string, Record<string, unknown>?][] = [
      ["checkout:seatMap.chooseSeats"],
      ["checkout:seatMap.inSector", { sector: "Platea" }],
      ["checkout:seatMap.inSector", { sector: "Pullman" }],
      ["checkout:tickets", { count: 1 }],
      ["checkout:tickets", { count: 3 }],
      ["checkout:no.such.key"],
      ["validation:invalid", { defaultValue: "x" }],
    ];
    for (const [key, options] of calls) {
      for (let round = 0; round < 2; round++) {
        expect(t(key, options as never), key).toBe(plain(key, options as never));
      }
    }
  });

  it("asks i18next once per key and options, and passes through what it cannot key", () => {
    const inner = vi.fn((key: unknown) => `text of ${String(key)}`);
    const t = memoizedT(inner as unknown as TFunction);
    t("a");
    t("a");
    t("b", { n: 1 });
    t("b", { n: 1 });
    t("b", { n: 2 });
    expect(inner).toHaveBeenCalledTimes(3);
    t("c", { nested: { x: 1 } } as never);
    t("c", { nested: { x: 1 } } as never);
    t(["d", "e"] as never);
    t(["d", "e"] as never);
    expect(inner).toHaveBeenCalledTimes(7);
  });

  it("keys options by type as well as text", () => {
    const inner = vi.fn((_key: unknown, options?: { n?: unknown }) => `n is ${typeof options?.n}`);
    const t = memoizedT(inner as unknown as TFunction);
    expect(t("k", { n: 1 })).toBe("n is number");
    expect(t("k", { n: "1" })).toBe("n is string");
  });
});
