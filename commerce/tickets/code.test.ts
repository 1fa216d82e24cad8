import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  publishedTicketKey,
  signTicketCode,
  ticketSigningKeyFrom,
  ticketSigningKeyFromSeed,
  verifyTicketCode,
} from "./code.ts";

const key = ticketSigningKeyFromSeed("code-test-key");
const otherKey = ticketSigningKeyFromSeed("another-key");
const code = signTicketCode(key, { ticketId: 42, performanceId: 7 });

/** The same code with one character of its signature changed. */
function altered(at: number) {
  const index = code.length + at;
  const swapped = code[index] === "A" ? "B" : "A";
  return code.slice(0, index) + swapped + code.slice(index + 1);
}

describe("Ed25519 ticket codes", () => {
  it("say the ticket and the performance, then 86 characters of signature", () => {
    expect(code).toMatch(/^T42\.7\.[A-Za-z0-9_-]{86}$/);
  });

  it("verify back to what they say with the public key alone", () => {
    for (const content of [
      { ticketId: 1, performanceId: 1 },
      { ticketId: 123_456, performanceId: 99 },
      { ticketId: Number.MAX_SAFE_INTEGER, performanceId: Number.MAX_SAFE_INTEGER },
    ]) {
      expect(verifyTicketCode(key.publicKey, signTicketCode(key, content))).toEqual(content);
    }
  });

  it("tolerate a scanner's surrounding whitespace", () => {
    expect(verifyTicketCode(key.publicKey, ` ${code}\n`)).toEqual({
      ticketId: 42,
      performanceId: 7,
    });
  });

  it("refuse a signature moved to another ticket or performance (forged)", () => {
    const signature = code.split(".")[2];
    expect(verifyTicketCode(key.publicKey, `T43.7.${signature}`)).toBeNull();
    expect(verifyTicketCode(key.publicKey, `T42.8.${signature}`)).toBeNull();
  });

  it("refuse an altered signature, at its start, middle or end", () => {
    for (const at of [-86, -40, -1])
      expect(verifyTicketCode(key.publicKey, altered(at))).toBeNull();
  });

  it("refuse a code signed with another key", () => {
    const foreign = signTicketCode(otherKey, { ticketId: 42, performanceId: 7 });
    expect(verifyTicketCode(key.publicKey, foreign)).toBeNull();
    expect(verifyTicketCode(otherKey.publicKey, foreign)).not.toBeNull();
  });

  it.each([
    "",
    "T42.7",
    "T42.7.",
    "42.7.AAAA",
    `T0.7.${"A".repeat(86)}`,
    `T042.7.${"A".repeat(86)}`,
    `T42.-7.${"A".repeat(86)}`,
    `T42.7.${"A".repeat(85)}`,
    `T42.7.${"A".repeat(87)}`,
    `T42.7.${"A".repeat(84)}+/`,
    `T99999999999999999.7.${"A".repeat(86)}`,
    "T42-abcdefghijklmnop",
  ])("refuse malformed %j", (malformed) => {
    expect(verifyTicketCode(key.publicKey, malformed)).toBeNull();
  });

  it("refuse a second spelling of the same signature (its last character's spare bits)", () => {
    const last = code.at(-1) as string;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // The last of 86 characters carries 2 bits of the signature and 4 spare ones.
    const base = alphabet.indexOf(last) & 0b110000;
    const twin = alphabet[base | ((alphabet.indexOf(last) + 1) & 0b001111)];
    const respelt = code.slice(0, -1) + twin;
    expect(Buffer.from(respelt.split(".")[2], "base64url")).toEqual(
      Buffer.from(code.split(".")[2], "base64url"),
    );
    expect(verifyTicketCode(key.publicKey, respelt)).toBeNull();
  });

  it("refuse to sign a bad id", () => {
    expect(() => signTicketCode(key, { ticketId: 0, performanceId: 1 })).toThrow(RangeError);
    expect(() => signTicketCode(key, { ticketId: 1, performanceId: 1.5 })).toThrow(RangeError);
  });
});

describe("the ticket signing key", () => {
  const { privateKey } = generateKeyPairSync("ed25519");

  it("is read from PKCS#8 PEM or base64 DER, to the same key", () => {
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    const der = privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
    expect(ticketSigningKeyFrom(pem).keyId).toBe(ticketSigningKeyFrom(der).keyId);
    const fromPem = ticketSigningKeyFrom(pem);
    const signed = signTicketCode(fromPem, { ticketId: 5, performanceId: 3 });
    expect(verifyTicketCode(ticketSigningKeyFrom(der).publicKey, signed)).not.toBeNull();
  });

  it("must be an Ed25519 private key", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey;
    expect(() =>
      ticketSigningKeyFrom(rsa.export({ format: "pem", type: "pkcs8" }).toString()),
    ).toThrow(/Ed25519/);
    expect(() => ticketSigningKeyFrom("not a key")).toThrow();
  });

  it("is published as a JWK and SPKI PEM that verify its codes", async () => {
    const published = publishedTicketKey(key);
    expect(published.jwk).toMatchObject({ kty: "OKP", crv: "Ed25519", kid: key.keyId });
    expect(published.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const { createPublicKey } = await import("node:crypto");
    const fromJwk = createPublicKey({ key: published.jwk, format: "jwk" });
    const fromPem = createPublicKey(published.pem);
    expect(verifyTicketCode(fromJwk, code)).not.toBeNull();
    expect(verifyTicketCode(fromPem, code)).not.toBeNull();
    expect(key.keyId).not.toBe(otherKey.keyId);
  });
});
