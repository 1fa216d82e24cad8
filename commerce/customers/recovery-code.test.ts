import { describe, expect, it } from "vitest";
import {
  drawRecoveryCode,
  isRecoveryCodeLive,
  isUsedUp,
  MAX_WRONG_CODE_TRIES,
  matchingCode,
  RECOVERY_CODE_MINUTES,
  recoveryCodeExpiry,
  recoveryCodeHash,
  sameHash,
} from "./recovery-code.ts";

describe("recovery codes", () => {
  it("are 8 digits, leading zeros kept, and do not repeat", () => {
    const codes = Array.from({ length: 2000 }, drawRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{8}$/);
    // 2000 draws of 10^8 values: a repeat would be a broken generator (odds about 2%).
    expect(new Set(codes).size).toBeGreaterThan(1995);
    // Every digit shows up in every position: no position is fixed.
    for (let position = 0; position < 8; position++) {
      expect(new Set(codes.map((code) => code[position])).size).toBe(10);
    }
  });

  it("are stored as an HMAC bound to the secret and the e-mail, never as themselves", () => {
    const hash = recoveryCodeHash("secret", "ana@example.com", "01234567");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("01234567");
    expect(recoveryCodeHash("secret", "ana@example.com", "01234567")).toBe(hash);
    expect(recoveryCodeHash("other", "ana@example.com", "01234567")).not.toBe(hash);
    expect(recoveryCodeHash("secret", "bob@example.com", "01234567")).not.toBe(hash);
    expect(recoveryCodeHash("secret", "ana@example.com", "01234568")).not.toBe(hash);
  });

  it("compare equal hashes only, whatever the lengths", () => {
    const hash = recoveryCodeHash("s", "a@b.c", "12345678");
    expect(sameHash(hash, recoveryCodeHash("s", "a@b.c", "12345678"))).toBe(true);
    expect(sameHash(hash, recoveryCodeHash("s", "a@b.c", "12345679"))).toBe(false);
    expect(sameHash(hash, hash.slice(0, 62))).toBe(false);
    expect(sameHash(hash, "")).toBe(false);
    expect(sameHash("", "")).toBe(false);
  });

  it("live 15 minutes, up to but not including the expiry", () => {
    const now = new Date("2031-03-10T15:00:00Z");
    const expiry = recoveryCodeExpiry(now);
    expect(RECOVERY_CODE_MINUTES).toBe(15);
    expect(expiry.toISOString()).toBe("2031-03-10T15:15:00.000Z");
    expect(isRecoveryCodeLive(expiry, new Date("2031-03-10T15:14:59.999Z"))).toBe(true);
    expect(isRecoveryCodeLive(expiry, expiry)).toBe(false);
    expect(isRecoveryCodeLive(expiry, new Date("2031-03-10T16:00:00Z"))).toBe(false);
  });

  it("die on the fiftieth wrong try", () => {
    expect(MAX_WRONG_CODE_TRIES).toBe(50);
    expect([0, 4, 48, 49].map(isUsedUp)).toEqual([false, false, false, true]);
  });

  it("are matched among several live ones, or none", () => {
    const hashes = ["11111111", "22222222", "33333333"].map((code) =>
      recoveryCodeHash("s", "a@b.c", code),
    );
    expect(matchingCode(hashes, recoveryCodeHash("s", "a@b.c", "22222222"))).toBe(1);
    expect(matchingCode(hashes, recoveryCodeHash("s", "a@b.c", "44444444"))).toBe(-1);
    expect(matchingCode([], recoveryCodeHash("s", "a@b.c", "11111111"))).toBe(-1);
  });
});
