import { describe, expect, it } from "vitest";
import { cancelKeyOf, isCancelKeyOf } from "./cancel-key.ts";

const process = { id: 7, cancelNonce: "0b6f4a52-43a4-4d43-9a2c-0d5b1d7bf0a1" };

describe("process cancel keys", () => {
  it("are 256-bit, stable for a process, and differ with its id, nonce and the secret", () => {
    const key = cancelKeyOf("secret", process);
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(cancelKeyOf("secret", { ...process })).toBe(key);
    expect(cancelKeyOf("secret", { ...process, id: 8 })).not.toBe(key);
    expect(cancelKeyOf("secret", { ...process, cancelNonce: "other" })).not.toBe(key);
    expect(cancelKeyOf("another secret", process)).not.toBe(key);
  });

  it("accept only the process's own key", () => {
    const key = cancelKeyOf("secret", process);
    expect(isCancelKeyOf("secret", process, key)).toBe(true);
    expect(isCancelKeyOf("secret", { ...process, id: 8 }, key)).toBe(false);
    for (const wrong of ["", key.slice(1), `${key}x`, key.toUpperCase(), "é".repeat(43)]) {
      expect(isCancelKeyOf("secret", process, wrong)).toBe(false);
    }
  });
});
