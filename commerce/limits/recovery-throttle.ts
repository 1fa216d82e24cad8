// Who may ask for a recovery code (issue 29 §5, decision 0063). Recovery by mail is how an
// owner gets back into an account that someone else is guessing at, so someone else's
// requests must never refuse the owner theirs:
// - one address asking for one e-mail gets `passwordRecovery.pair` requests in its window;
// - one address asking for many e-mails gets `passwordRecovery.address`;
// - the requests for one e-mail from everywhere, past `passwordRecovery.account`, refuse only
//   the addresses that have asked for it already. An address that has not asked, such as the
//   owner's, still gets its mail: the cap bounds the mails of the addresses that asked, and
//   every other mail costs the sender one more address.
// Tries of a code are limited per address only (recoveryCode.pair and .address, counted as
// every other limit); wrong tries from everywhere kill a code instead (recovery-code.ts).
import type { PairedLimits } from "./rate-limits.ts";

/** The counts of a request's windows, this request included. */
export type RecoveryRequestCounts = {
  /** Requests for this e-mail from this address. */
  pair: number;
  /** Requests for this e-mail from every address. */
  account: number;
  /** Requests from this address for any e-mail, if the address is known. */
  address: number | null;
};

/**
 * Why a request is refused: "pair" (this address asked too often for this e-mail),
 * "flooded" (the e-mail has had its requests, and this address asked already), "address"
 * (this address asks for too many e-mails). Empty: the code is mailed.
 */
export type RecoveryRequestRefusal = "pair" | "flooded" | "address";

export function recoveryRequestRefusals(
  counts: RecoveryRequestCounts,
  limits: PairedLimits,
): RecoveryRequestRefusal[] {
  const refusals: RecoveryRequestRefusal[] = [];
  if (counts.pair > limits.pair.max) refusals.push("pair");
  // The request being counted is one: an address's first request always goes through.
  if (counts.account > limits.account.max && counts.pair > 1) refusals.push("flooded");
  if (counts.address !== null && counts.address > limits.address.max) refusals.push("address");
  return refusals;
}
