import { describe, expect, it } from "vitest";
import { customerFromClaims } from "./external-login.ts";
import { claimsAreValid, claimsRefusal, fetchBudget, splitJwt } from "./id-token.ts";

describe("customerFromClaims", () => {
  it("takes the standard claims and the document when the provider gives them", () => {
    const { values, missing } = customerFromClaims({
      given_name: "Lucía",
      family_name: "Gómez",
      email: "Lucia@Example.com",
      gender: "female",
      document_type: "DNI",
      document_number: "30111222",
    });
    expect(missing).toEqual([]);
    expect(values).toEqual({
      firstName: "Lucía",
      lastName: "Gómez",
      email: "lucia@example.com",
      gender: "FEMENINO",
      documentType: "DNI",
      documentNumber: "30111222",
    });
  });

  it("names what is missing or breaks the sign-up's rules, with placeholders meanwhile", () => {
    const { values, missing } = customerFromClaims({
      given_name: "Tomás",
      family_name: "x".repeat(200),
      email: "not-an-email",
      gender: "unknown",
      document_type: "DNI",
      document_number: "12",
    });
    expect(missing).toEqual([
      "cApellido",
      "cEmail",
      "cGenero",
      "cTipoDocumento",
      "cNumeroDocumento",
    ]);
    expect(values.email).toMatch(/^pending-[0-9a-f-]+@external-login\.invalid$/);
    expect(values).toMatchObject({
      gender: "NO_INFORMA",
      documentType: "NO_IDENTIFICADO",
      documentNumber: "",
    });
  });

  it("a document type the shop does not know drops the number too; an unverified e-mail is not taken", () => {
    const { missing } = customerFromClaims({
      given_name: "A",
      family_name: "B",
      email: "a@example.com",
      email_verified: false,
      gender: "male",
      document_type: "SSN",
      document_number: "30111222",
    });
    expect(missing).toEqual(["cEmail", "cTipoDocumento", "cNumeroDocumento"]);
  });

  it("claims of the wrong type count as missing", () => {
    const { missing } = customerFromClaims({
      given_name: 5,
      family_name: ["B"],
      email: {},
      document_number: 30111222,
    });
    expect(missing).toEqual([
      "cNombre",
      "cApellido",
      "cEmail",
      "cGenero",
      "cTipoDocumento",
      "cNumeroDocumento",
    ]);
  });
});

describe("claimsAreValid", () => {
  const expected = { issuer: "https://idp.test", audience: "shop", nowSeconds: 1_000_000 };
  const good = { iss: "https://idp.test", aud: "shop", sub: "p", iat: 999_000, exp: 1_000_600 };

  it("accepts a token for this client from this issuer, in time", () => {
    expect(claimsAreValid(good, expected)).toBe(true);
    expect(claimsAreValid({ ...good, aud: ["shop", "other"], azp: "shop" }, expected)).toBe(true);
  });

  it.each([
    ["another issuer", { iss: "https://idp.test/" }],
    ["another audience", { aud: "other" }],
    ["several audiences issued to another", { aud: ["shop", "other"], azp: "other" }],
    ["expired past the skew", { exp: 1_000_000 - 61 }],
    ["issued in the future past the skew", { iat: 1_000_000 + 61 }],
    ["no expiry", { exp: undefined }],
    ["a subject that is not a string", { sub: 5 }],
    ["an empty subject", { sub: "" }],
  ])("refuses %s", (_name, change) => {
    expect(claimsAreValid({ ...good, ...change }, expected)).toBe(false);
  });

  it("names the claim that refused a token (for the log)", () => {
    expect(claimsRefusal(good, expected)).toBeNull();
    expect(claimsRefusal({ ...good, iss: "https://other.test" }, expected)).toBe("issuer");
    expect(claimsRefusal({ ...good, aud: "other" }, expected)).toBe("audience");
    expect(claimsRefusal({ ...good, aud: ["shop", "x"], azp: "x" }, expected)).toBe("azp");
    expect(claimsRefusal({ ...good, exp: 999_000 }, expected)).toBe("expired");
    expect(claimsRefusal({ ...good, iat: 1_000_100 }, expected)).toBe("issued_in_future");
    expect(claimsRefusal({ ...good, sub: "" }, expected)).toBe("subject");
  });
});

describe("fetchBudget", () => {
  it("lets a few fetches go at once, then one more per refill period", () => {
    let now = 0;
    const mayFetch = fetchBudget(3, 20_000, () => now);
    expect([mayFetch(), mayFetch(), mayFetch(), mayFetch()]).toEqual([true, true, true, false]);
    now = 10_000;
    expect(mayFetch()).toBe(false);
    now = 20_000;
    expect([mayFetch(), mayFetch()]).toEqual([true, false]);
    // A long quiet time refills it, never beyond its size.
    now += 10 * 60_000;
    expect([mayFetch(), mayFetch(), mayFetch(), mayFetch()]).toEqual([true, true, true, false]);
  });
});

describe("splitJwt", () => {
  it("refuses what is not three base64url JSON parts", () => {
    expect(splitJwt("a.b")).toBeNull();
    expect(splitJwt("a.b.c.d")).toBeNull();
    expect(splitJwt(`${Buffer.from("[]").toString("base64url")}.e30.`)).toBeNull();
    expect(splitJwt("e30.e30.a+b")).toBeNull();
    expect(splitJwt(`e30.e30.${"a".repeat(20_000)}`)).toBeNull();
    expect(splitJwt("e30.e30.")).toMatchObject({ header: {}, payload: {} });
  });
});
