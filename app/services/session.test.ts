import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLoginValid, loginValidityMs, safeRedirectPath, sessionStorage } from "./session.server";

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
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/funcion/x/3?a=1")).toBe("/funcion/x/3?a=1");
    expect(safeRedirectPath("/myOrders#order-7")).toBe("/myOrders#order-7");
  });

  it("refuses other sites and odd values", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil", "", null, undefined]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });

  it("judges the path as a browser would read it: tabs, newlines and backslashes dropped", () => {
    // Browsers drop tabs and newlines from URLs and read "\" as "/": each of these is
    // //evil.example once parsed, another site.
    for (const bad of [
      "/\t/evil.example/phish",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\\\\evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "\t//evil.example",
      " //evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
    ]) {
      expect(safeRedirectPath(bad), JSON.stringify(bad)).toBe("/");
    }
  });

  it("refuses a target with control characters: never a raw CR, LF or NUL", () => {
    expect(safeRedirectPath("/a\r\nSet-Cookie: x=1")).toBe("/");
    expect(safeRedirectPath("/a\u0000b")).toBe("/");
    expect(safeRedirectPath("/a\tb")).toBe("/");
  });

  it("turns any string into a single-slash path of the same site (property)", () => {
    // Pieces attackers combine, so short strings hit the parser's corners often.
    const pieces = ["/", "\\", "\t", "\n", "\r", " ", ".", ":", "@", "?", "#", "%", "%09"];
    const more = ["%2F", "%5C", "//", "http:", "javascript:", "evil.example", "\u0000", "é"];
    const urlish = fc.string({
      unit: fc.constantFrom(...pieces, ...more, "\u3002", "\uff0f", "e", "0"),
      maxLength: 30,
    });
    const shop = "https://shop.example";
    fc.assert(
      fc.property(fc.oneof(urlish, fc.string({ unit: "grapheme" })), (input) => {
        const path = safeRedirectPath(input);
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        // Printable ASCII only: safe in a Location header (no CR, LF, NUL, space or UTF-8).
        expect(path).toMatch(/^[\x21-\x7e]+$/);
        // Read back by the browser against the shop's real origin: still the shop.
        expect(new URL(path, shop).origin).toBe(shop);
        // And it is a fixed point: nothing left to normalise.
        expect(safeRedirectPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the session cookie, its signature checked once per header", () => {
  const user = { token: "t", cNombre: "Ana", cEmail: "a@b.c", dLogin: "x", lAlias: false };

  async function cookieHeaderFor(data: { sid: string }) {
    const session = await sessionStorage.getSession();
    session.set("sid", data.sid);
    session.set("user", user);
    return (await sessionStorage.commitSession(session)).split(";")[0];
  }

  it("reads the same cookie alike again, each time as a copy of its own", async () => {
    const header = await cookieHeaderFor({ sid: "one" });
    const first = await sessionStorage.getSession(header);
    first.set("sid", "changed");
    const { user: changedUser } = first.data;
    if (changedUser) changedUser.cNombre = "Mallory";
    const again = await sessionStorage.getSession(header);
    expect(again.get("sid")).toBe("one");
    expect(again.get("user")?.cNombre).toBe("Ana");
  });

  it("still refuses a cookie whose data or signature was changed after a good one was read", async () => {
    const header = await cookieHeaderFor({ sid: "two" });
    expect((await sessionStorage.getSession(header)).get("sid")).toBe("two");
    const [name, value] = [
      header.slice(0, header.indexOf("=")),
      header.slice(header.indexOf("=") + 1),
    ];
    const dot = value.lastIndexOf(".");
    const otherData = await cookieHeaderFor({ sid: "three" });
    const otherSignature = otherData.slice(otherData.lastIndexOf(".") + 1);
    for (const forged of [
      `${name}=${value.slice(0, dot)}.${otherSignature}`,
      `${name}=${value.slice(0, dot - 2)}AA.${value.slice(dot + 1)}`,
    ]) {
      expect((await sessionStorage.getSession(forged)).get("sid")).toBeUndefined();
    }
  });
});
