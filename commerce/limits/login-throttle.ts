// Who a login is refused to (issue 29 §5, decision 0063). Locking an account after its failed
// logins let anyone who knows an e-mail keep its owner out, and locking an address after its
// failures kept out everyone behind it (a carrier's NAT, a school, the box office). So a
// refusal is always for an address, and an address that has not failed into an account is
// never refused it by failures made elsewhere:
// - one address guessing one account gets `login.pair` failures in its window;
// - an account failing from elsewhere (past `login.account`) is under attack: then every
//   address may fail into it only a few times, so many addresses guess little each, while
//   its owner's own address, which has not failed, logs in at once;
// - one address failing into many accounts gets `login.address` failures, plus one for each
//   account that logged in from it in the window: a crowd behind one address mostly logs in
//   and earns its typos, a script spraying passwords mostly fails and does not.
import type { LoginLimits } from "./rate-limits.ts";

/** How often an address may fail into an account that is under attack from elsewhere. */
export const FAILURES_PER_ADDRESS_UNDER_ATTACK = 3;

/** The counts of a login attempt's window, this attempt included. */
export type LoginCounts = {
  /** Failures of this account from this address (this attempt counted as one). */
  pair: number;
  /** Failures of this account from every address (this attempt counted as one). */
  account: number;
  /** Failures of this address into any account (this attempt counted as one), if known. */
  address: number | null;
  /** Accounts that logged in from this address. */
  accountsLoggedIn: number;
};

/**
 * Why an attempt is refused, before its password is looked at: "pair" (this address failed
 * too often into this account), "attacked" (the account fails from elsewhere, and this address
 * failed into it too), "address" (this address fails into many accounts). Empty: go on.
 */
export type LoginRefusal = "pair" | "attacked" | "address";

export function loginRefusals(counts: LoginCounts, limits: LoginLimits): LoginRefusal[] {
  const refusals: LoginRefusal[] = [];
  if (counts.pair > limits.pair.max) refusals.push("pair");
  const failuresElsewhere = counts.account - counts.pair;
  const underAttack = failuresElsewhere > limits.account.max;
  // The attempt being counted is one: an address that has not failed still gets its try.
  if (underAttack && counts.pair > FAILURES_PER_ADDRESS_UNDER_ATTACK) refusals.push("attacked");
  if (counts.address !== null && counts.address > limits.address.max + counts.accountsLoggedIn) {
    refusals.push("address");
  }
  return refusals;
}
