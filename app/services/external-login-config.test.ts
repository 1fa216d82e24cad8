import { describe, expect, it } from "vitest";
import { configSchema, externalLoginFrom } from "./config.server";

const parse = (env: Record<string, string>) => configSchema.parse(env);

describe("LOGIN_MODE", () => {
  it("is the own login by default, with no provider", () => {
    expect(parse({}).LOGIN_MODE).toBe("own");
    expect(externalLoginFrom(parse({ OIDC_ISSUER: "https://idp.test" }))).toBeNull();
  });

  it("external needs the four OIDC settings, and names the missing ones, never the values", () => {
    const env = parse({
      LOGIN_MODE: "external",
      OIDC_CLIENT_ID: "shop",
      OIDC_CLIENT_SECRET: "s3cr3t-value",
    });
    expect(() => externalLoginFrom(env)).toThrow(
      "LOGIN_MODE=external needs OIDC_ISSUER, OIDC_ACCOUNT_URL",
    );
    try {
      externalLoginFrom(env);
    } catch (error) {
      expect(String(error)).not.toContain("s3cr3t-value");
    }
  });

  it("external with everything set", () => {
    const env = parse({
      LOGIN_MODE: "external",
      OIDC_ISSUER: "https://idp.test",
      OIDC_CLIENT_ID: "shop",
      OIDC_CLIENT_SECRET: "secret",
      OIDC_ACCOUNT_URL: "https://idp.test/account",
    });
    expect(externalLoginFrom(env)).toEqual({
      issuer: "https://idp.test",
      clientId: "shop",
      clientSecret: "secret",
      accountUrl: "https://idp.test/account",
    });
  });

  it("refuses another mode and a provider address that is not a URL", () => {
    expect(() => parse({ LOGIN_MODE: "city" })).toThrow();
    expect(() => parse({ OIDC_ISSUER: "idp" })).toThrow();
  });
});
