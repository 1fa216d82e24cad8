import { describe, expect, it } from "vitest";
import {
  accountSubject,
  addressSubject,
  defaultRateLimits,
  parseRateLimits,
  secondsUntil,
  windowAt,
} from "./rate-limits.ts";

describe("default limits", () => {
  it("are the issues': 10 failed logins per account from one address, 30 per address in 15 minutes…", () => {
    expect(defaultRateLimits.login).toEqual({
      pair: { max: 10, windowMinutes: 15 },
      account: { max: 10, windowMinutes: 15 },
      address: { max: 30, windowMinutes: 15 },
    });
    expect(defaultRateLimits.signUp.address).toEqual({ max: 5, windowMinutes: 60 });
    expect(defaultRateLimits.contact.address).toEqual({ max: 5, windowMinutes: 60 });
    expect(defaultRateLimits.passwordRecovery.account.max).toBeGreaterThan(0);
  });

  it("limit recovery per address: asking 3 an hour per e-mail, trying 5 codes (decision 0063)", () => {
    expect(defaultRateLimits.passwordRecovery).toEqual({
      pair: { max: 3, windowMinutes: 60 },
      account: { max: 5, windowMinutes: 60 },
      address: { max: 10, windowMinutes: 60 },
    });
    expect(defaultRateLimits.recoveryCode).toEqual({
      pair: { max: 5, windowMinutes: 60 },
      address: { max: 30, windowMinutes: 60 },
    });
  });
});

describe("RATE_LIMITS", () => {
  it("overrides the limits it names and keeps the others", () => {
    const limits = parseRateLimits(" login.account=3/5, contact.address=100/60, login.pair=4/30");
    expect(limits.login.account).toEqual({ max: 3, windowMinutes: 5 });
    expect(limits.login.pair).toEqual({ max: 4, windowMinutes: 30 });
    expect(limits.contact.address).toEqual({ max: 100, windowMinutes: 60 });
    const recovery = parseRateLimits("passwordRecovery.pair=2/30,recoveryCode.pair=4/60");
    expect(recovery.passwordRecovery.pair).toEqual({ max: 2, windowMinutes: 30 });
    expect(recovery.recoveryCode.pair).toEqual({ max: 4, windowMinutes: 60 });
    expect(limits.login.address).toEqual(defaultRateLimits.login.address);
    expect(parseRateLimits(undefined)).toEqual(defaultRateLimits);
    expect(defaultRateLimits.login.account.max).toBe(10);
  });

  it("refuses what it cannot read rather than switch a limit off", () => {
    for (const bad of [
      "login.account=0/15",
      "logon.account=3/5",
      "login.ip=3/5",
      "login=3",
      "signUp.pair=3/5",
      "recoveryCode.account=10/60",
      "login.toString=3/5",
    ]) {
      expect(() => parseRateLimits(bad), bad).toThrow(/RATE_LIMITS/);
    }
  });
});

describe("windows", () => {
  it("are fixed, aligned to their length, and say how long until the next", () => {
    const now = new Date("2031-03-10T15:07:30.200Z");
    const { start, end } = windowAt(now, 15);
    expect(start.toISOString()).toBe("2031-03-10T15:00:00.000Z");
    expect(end.toISOString()).toBe("2031-03-10T15:15:00.000Z");
    expect(secondsUntil(end, now)).toBe(450);
    expect(secondsUntil(end, end)).toBe(1);
  });
});

describe("subjects", () => {
  it("count an IPv4 address as it is and an IPv6 one by its /64", () => {
    expect(addressSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(addressSubject("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:0DB8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    for (const bad of [null, undefined, "", "localhost", "1.2.3", "203.0.113.9, 10.0.0.1"]) {
      expect(addressSubject(bad)).toBeNull();
    }
  });

  it("count an account by its folded e-mail, never the e-mail itself", () => {
    const subject = accountSubject(" Ana@Example.com ");
    expect(subject).toBe(accountSubject("ana@example.com"));
    expect(subject).toMatch(/^[0-9a-f]{32}$/);
    expect(subject).not.toContain("ana");
    expect(accountSubject("  ")).toBeNull();
  });
});
