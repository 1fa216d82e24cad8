import { describe, expect, it } from "vitest";
import {
  FAILURES_PER_ADDRESS_UNDER_ATTACK,
  type LoginCounts,
  loginRefusals,
} from "./login-throttle.ts";
import { defaultRateLimits } from "./rate-limits.ts";

const limits = defaultRateLimits.login;
const counts = (over: Partial<LoginCounts>): LoginCounts => ({
  pair: 1,
  account: 1,
  address: 1,
  accountsLoggedIn: 0,
  ...over,
});

describe("login refusals", () => {
  it("let an address fail into an account up to login.pair, whatever the account's count", () => {
    expect(loginRefusals(counts({ pair: 10, account: 10, address: 10 }), limits)).toEqual([]);
    expect(loginRefusals(counts({ pair: 11, account: 11, address: 11 }), limits)).toEqual(["pair"]);
  });

  it("never refuse an address that has not failed into an attacked account", () => {
    const attacked = counts({ pair: 1, account: 500 });
    expect(loginRefusals(attacked, limits)).toEqual([]);
    const typos = counts({ pair: FAILURES_PER_ADDRESS_UNDER_ATTACK, account: 500 });
    expect(loginRefusals(typos, limits)).toEqual([]);
  });

  it("give each address only a few failures once the account fails from elsewhere", () => {
    const past = counts({ pair: FAILURES_PER_ADDRESS_UNDER_ATTACK + 1, account: 20 });
    expect(loginRefusals(past, limits)).toEqual(["attacked"]);
    // Its own failures alone never make an account attacked: that is login.pair's business.
    const alone = counts({ pair: FAILURES_PER_ADDRESS_UNDER_ATTACK + 1, account: 4 });
    expect(loginRefusals(alone, limits)).toEqual([]);
  });

  it("give an address login.address failures, plus one per account logged in from it", () => {
    expect(loginRefusals(counts({ address: 31 }), limits)).toEqual(["address"]);
    expect(loginRefusals(counts({ address: 31, accountsLoggedIn: 1 }), limits)).toEqual([]);
    expect(loginRefusals(counts({ address: 230, accountsLoggedIn: 200 }), limits)).toEqual([]);
    expect(loginRefusals(counts({ address: null }), limits)).toEqual([]);
  });
});
