import { afterEach, describe, expect, it, vi } from "vitest";
import { clockAdvanceHeader, loginClockFor } from "./clock.server";
import { isLoginValid } from "./session.server";

const now = Date.parse("2026-11-23T12:00:00Z");
const requestWith = (minutes?: string) =>
  new Request("http://shop.test/", {
    headers: minutes === undefined ? {} : { [clockAdvanceHeader]: minutes },
  });

describe("loginClockFor", () => {
  afterEach(() => vi.useRealTimers());

  it("is the real clock unless the server honours the header", () => {
    vi.useFakeTimers({ now });
    expect(loginClockFor(requestWith("181"), false)).toBe(now);
    expect(loginClockFor(requestWith(), true)).toBe(now);
  });

  it("moves only forward, by whole minutes within bounds", () => {
    vi.useFakeTimers({ now });
    expect(loginClockFor(requestWith("181"), true)).toBe(now + 181 * 60_000);
    for (const refused of ["-500", "0", "1.5", "abc", "100001", ""]) {
      expect(loginClockFor(requestWith(refused), true), refused).toBe(now);
    }
  });

  it("ends a login 180 minutes after dLogin", () => {
    vi.useFakeTimers({ now });
    const user = {
      token: "t",
      cNombre: "Ana",
      cEmail: "ana@example.com",
      lAlias: false,
      dLogin: new Date(now).toISOString(),
    };
    expect(isLoginValid(user, loginClockFor(requestWith("179"), true))).toBe(true);
    expect(isLoginValid(user, loginClockFor(requestWith("180"), true))).toBe(false);
  });
});

describe("E2E_CLOCK_HEADER", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });

  const loadConfig = async (env: Record<string, string>) => {
    vi.resetModules();
    process.env = { ...saved, ...env };
    return (await import("./config.server")).config;
  };

  it("is off unless set, and on only for a server without Secure cookies", async () => {
    expect((await loadConfig({})).e2eClockHeader).toBe(false);
    expect(
      (await loadConfig({ E2E_CLOCK_HEADER: "on", COOKIE_SECURE: "false" })).e2eClockHeader,
    ).toBe(true);
    await expect(loadConfig({ E2E_CLOCK_HEADER: "on", COOKIE_SECURE: "true" })).rejects.toThrow(
      /end-to-end tests only/,
    );
    await expect(loadConfig({ E2E_CLOCK_HEADER: "on", NODE_ENV: "production" })).rejects.toThrow(
      /end-to-end tests only/,
    );
  });
});
