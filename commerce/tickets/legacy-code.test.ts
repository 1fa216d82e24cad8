import { describe, expect, it } from "vitest";
import {
  signLegacyTicketCode as signTicketCode,
  verifyLegacyTicketCode as verifyTicketCode,
} from "./legacy-code.ts";

const secret = "test-secret-for-ticket-codes";

describe("ticket codes of the old HMAC format", () => {
  it("has the T<id>-<16 base64url chars> shape", () => {
    expect(signTicketCode(secret, 42)).toMatch(/^T42-[A-Za-z0-9_-]{16}$/);
  });

  it("is deterministic for one secret and id", () => {
    expect(signTicketCode(secret, 7)).toBe(signTicketCode(secret, 7));
    expect(signTicketCode(secret, 7)).not.toBe(signTicketCode(secret, 8));
  });

  it("verifies its own codes back to the ticket id", () => {
    for (const id of [1, 42, 123_456, Number.MAX_SAFE_INTEGER]) {
      expect(verifyTicketCode(secret, signTicketCode(secret, id))).toBe(id);
    }
  });

  it("tolerates surrounding whitespace from a scanner", () => {
    expect(verifyTicketCode(secret, ` ${signTicketCode(secret, 9)}\n`)).toBe(9);
  });

  it("rejects a code moved to another ticket id", () => {
    const signature = signTicketCode(secret, 42).split("-").slice(1).join("-");
    expect(verifyTicketCode(secret, `T43-${signature}`)).toBeNull();
  });

  it("rejects a tampered signature character", () => {
    const code = signTicketCode(secret, 42);
    const last = code.at(-1);
    const tampered = code.slice(0, -1) + (last === "A" ? "B" : "A");
    expect(verifyTicketCode(secret, tampered)).toBeNull();
  });

  it("rejects a code signed with another secret", () => {
    expect(verifyTicketCode(secret, signTicketCode("another-secret", 42))).toBeNull();
  });

  it.each([
    "",
    "T42",
    "T42-",
    "42-abcdefghijklmnop",
    "T0-abcdefghijklmnop",
    "T042-abcdefghijklmnop",
    "T-1-abcdefghijklmnop",
    "T42-abcdefghijklmno",
    "T42-abcdefghijklmnopq",
    "T42-abcdefghijklmn+/",
    "T99999999999999999-abcdefghijklmnop",
  ])("rejects malformed %j", (code) => {
    expect(verifyTicketCode(secret, code)).toBeNull();
  });

  it("refuses to sign with an empty secret or a bad id", () => {
    expect(() => signTicketCode("", 1)).toThrow();
    expect(() => signTicketCode(secret, 0)).toThrow(RangeError);
    expect(() => signTicketCode(secret, 1.5)).toThrow(RangeError);
  });
});
