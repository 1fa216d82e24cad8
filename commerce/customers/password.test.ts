import { describe, expect, it } from "vitest";
import { hashPassword, unknownUserHash, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("Secreta123");
    expect(await verifyPassword("Secreta123", hash)).toBe(true);
    expect(await verifyPassword("secreta123", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("never stores the password and salts every hash differently", async () => {
    const a = await hashPassword("Secreta123");
    const b = await hashPassword("Secreta123");
    expect(a).not.toBe(b);
    expect(a).not.toContain("Secreta123");
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$8$1$c2FsdA$a2V5")).toBe(false);
    expect(await verifyPassword("x", "scrypt$16384$8$1$c2FsdA$short")).toBe(false);
  });

  it("has a stable dummy hash that matches no ordinary password", async () => {
    const dummy = await unknownUserHash();
    expect(await unknownUserHash()).toBe(dummy);
    expect(await verifyPassword("Secreta123", dummy)).toBe(false);
  });
});
