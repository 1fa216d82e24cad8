import { describe, expect, it } from "vitest";
import { defaultRateLimits } from "./rate-limits.ts";
import { type RecoveryRequestCounts, recoveryRequestRefusals } from "./recovery-throttle.ts";

const limits = defaultRateLimits.passwordRecovery;
const counts = (over: Partial<RecoveryRequestCounts>): RecoveryRequestCounts => ({
  pair: 1,
  account: 1,
  address: 1,
  ...over,
});

describe("recovery request refusals", () => {
  it("let an address ask for an e-mail up to passwordRecovery.pair times", () => {
    expect(limits.pair.max).toBe(3);
    expect(recoveryRequestRefusals(counts({ pair: 3, account: 3 }), limits)).toEqual([]);
    expect(recoveryRequestRefusals(counts({ pair: 4, account: 4 }), limits)).toEqual(["pair"]);
  });

  it("never refuse the first request of an address, however flooded the e-mail", () => {
    expect(recoveryRequestRefusals(counts({ pair: 1, account: 10_000 }), limits)).toEqual([]);
  });

  it("refuse an address that asked already once the e-mail has had its requests", () => {
    expect(limits.account.max).toBe(5);
    expect(recoveryRequestRefusals(counts({ pair: 2, account: 5 }), limits)).toEqual([]);
    expect(recoveryRequestRefusals(counts({ pair: 2, account: 6 }), limits)).toEqual(["flooded"]);
  });

  it("refuse an address that asks for too many e-mails, whatever each one's counts", () => {
    expect(recoveryRequestRefusals(counts({ address: 10 }), limits)).toEqual([]);
    expect(recoveryRequestRefusals(counts({ address: 11 }), limits)).toEqual(["address"]);
    expect(recoveryRequestRefusals(counts({ address: null, pair: 1 }), limits)).toEqual([]);
  });
});
