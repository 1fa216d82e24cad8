import { sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ticketSigningKeyFromSeed } from "../tickets/code.ts";
import { signAdmissionToken, verifyAdmissionToken } from "./admission-token.ts";

const key = ticketSigningKeyFromSeed("queue-token-test-key");
const otherKey = ticketSigningKeyFromSeed("someone-elses-key");
const now = new Date("2031-03-10T15:00:00Z");
const claims = {
  performanceId: 7,
  customerId: 42,
  entryId: 1001,
  expiresAt: new Date("2031-03-10T15:05:00Z"),
};
const token = signAdmissionToken(key, claims);
const expected = { performanceId: 7, customerId: 42, now };

describe("the admission token", () => {
  it("verifies back to its claims with the public key alone", () => {
    expect(verifyAdmissionToken(key.publicKey, token, expected)).toEqual({ ok: true, claims });
  });

  it("is refused when signed by another key (forged)", () => {
    const forged = signAdmissionToken(otherKey, claims);
    expect(verifyAdmissionToken(key.publicKey, forged, expected)).toEqual({
      ok: false,
      why: "forged",
    });
  });

  it("is refused when its claims were altered after signing", () => {
    const [, signature] = token.split(".");
    const payload = Buffer.from(JSON.stringify({ p: 7, c: 43, e: 1001, x: 1_930_000_000 }));
    const altered = `${payload.toString("base64url")}.${signature}`;
    expect(verifyAdmissionToken(key.publicKey, altered, expected)).toMatchObject({
      ok: false,
      why: "forged",
    });
  });

  it("is refused once expired, and at its very expiry", () => {
    const at = (iso: string) => ({ ...expected, now: new Date(iso) });
    expect(verifyAdmissionToken(key.publicKey, token, at("2031-03-10T15:04:59Z")).ok).toBe(true);
    expect(verifyAdmissionToken(key.publicKey, token, at("2031-03-10T15:05:00Z"))).toEqual({
      ok: false,
      why: "expired",
    });
  });

  it("is refused for another visitor", () => {
    expect(verifyAdmissionToken(key.publicKey, token, { ...expected, customerId: 43 })).toEqual({
      ok: false,
      why: "customer",
    });
  });

  it("is refused for another performance", () => {
    expect(verifyAdmissionToken(key.publicKey, token, { ...expected, performanceId: 8 })).toEqual({
      ok: false,
      why: "performance",
    });
  });

  it("refuses malformed text without throwing", () => {
    const [payload, signature] = token.split(".");
    for (const text of [
      "",
      "abc",
      `${payload}.`,
      `${payload}.${signature}x`,
      `${payload}.${signature.slice(0, -1)}!`,
      `${Buffer.from("not json").toString("base64url")}.${signature}`,
      "a".repeat(5000),
    ]) {
      expect(verifyAdmissionToken(key.publicKey, text, expected).ok).toBe(false);
    }
  });

  it("refuses a genuine signature over claims that are not ids", () => {
    // Signed with the right key, but the content is not a token's: still refused.
    const payload = Buffer.from(JSON.stringify({ p: "7", c: 42, e: 1, x: 2e9 })).toString(
      "base64url",
    );
    const signature = sign(null, Buffer.from(payload), key.privateKey).toString("base64url");
    expect(verifyAdmissionToken(key.publicKey, `${payload}.${signature}`, expected)).toEqual({
      ok: false,
      why: "malformed",
    });
  });

  it("refuses to sign claims that are not positive ids", () => {
    expect(() => signAdmissionToken(key, { ...claims, entryId: 0 })).toThrow(RangeError);
  });
});
