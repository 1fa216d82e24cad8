// The door's rules, apart from the database: which ticket a code names, and what a door
// answers for a genuine ticket before letting it in (decision 0042).
import type { KeyObject } from "node:crypto";
import type { DoorResult } from "../contract/index.ts";
import { verifyTicketCode } from "../tickets/code.ts";
import { verifyLegacyTicketCode } from "../tickets/legacy-code.ts";

export type DoorKeys = { publicKey: KeyObject; legacySecret: string };

/**
 * The ticket a genuine code names, with the performance its signature vouches for (null for
 * a code of the old HMAC format, which does not say), or null for anything else.
 */
export function ticketOfCode(
  keys: DoorKeys,
  code: string,
): { ticketId: number; performanceId: number | null } | null {
  const signed = verifyTicketCode(keys.publicKey, code);
  if (signed) return signed;
  const legacyId = verifyLegacyTicketCode(keys.legacySecret, code);
  return legacyId === null ? null : { ticketId: legacyId, performanceId: null };
}

export type TicketAtDoor = {
  performanceId: number;
  /** orders.status: PAID, or anything else (refunded, cancelled) that no longer admits. */
  orderStatus: string;
};

/**
 * What the door answers before trying to let the ticket in: a refusal, or null when it may
 * enter (then whether it was used already is decided by the insert itself, once).
 * `signedPerformanceId` is what the code's signature says; `doorPerformanceId` what the
 * staff chose to admit.
 */
export function refusalAtDoor(
  ticket: TicketAtDoor,
  signedPerformanceId: number | null,
  doorPerformanceId: number | undefined,
): Exclude<DoorResult, "ADMITTED" | "ALREADY_USED"> | null {
  // A genuine signature over another performance than the ticket's: not a code we issued.
  if (signedPerformanceId !== null && signedPerformanceId !== ticket.performanceId) {
    return "INVALID";
  }
  if (doorPerformanceId !== undefined && doorPerformanceId !== ticket.performanceId) {
    return "WRONG_PERFORMANCE";
  }
  if (ticket.orderStatus !== "PAID") return "CANCELLED";
  return null;
}
