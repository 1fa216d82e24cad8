import { describe, expect, it } from "vitest";
import { isLoginValid, loginValidityMs, safeRedirectPath } from "./session.server";

describe("login validity (§9: 180 minutes from dLogin)", () => {
  const dLogin = "2026-11-21T10:00:00.000Z";
  const user = { token: "t", cNombre: "Ana", cEmail: "a@b.c", dLogin, lAlias: false };
  const start = Date.parse(dLogin);

  it("holds for 180 minutes and not a moment longer", () => {
    expect(loginValidityMs).toBe(180 * 60_000);
    expect(isLoginValid(user, start + loginValidityMs - 1)).toBe(true);
    expect(isLoginValid(user, start + loginValidityMs)).toBe(false);
  });

  it("treats a missing or unreadable login as logged out", () => {
    expect(isLoginValid(undefined)).toBe(false);
    expect(isLoginValid({ ...user, dLogin: "yesterday" })).toBe(false);
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/funcion/x/3?a=1")).toBe("/funcion/x/3?a=1");
  });

  it("refuses other sites and odd values", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil", "", null, undefined]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });
});
