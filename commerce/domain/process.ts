// Purchase-process rules: the clock (deadline), the state a buyer sees, and when a place
// counts as free. The database stores ACTIVE / PAID / CANCELLED; EXPIRED is derived from the
// deadline, so expiry needs no background job (a hold past its deadline is simply free).

export type StoredProcessStatus = "ACTIVE" | "PAID" | "CANCELLED";
export type ProcessState = "ACTIVE" | "EXPIRED" | "PAID" | "CANCELLED";

const MINUTE = 60_000;

export function processDeadline(startedAt: Date, minutes: number): Date {
  if (!Number.isInteger(minutes) || minutes <= 0) {
    throw new RangeError(`Purchase minutes must be a positive integer, got ${minutes}`);
  }
  return new Date(startedAt.getTime() + minutes * MINUTE);
}

/** A deadline is reached at its exact instant: from then on the holds are free for others. */
export function isPastDeadline(deadline: Date, now: Date): boolean {
  return now.getTime() >= deadline.getTime();
}

export function processState(status: StoredProcessStatus, deadline: Date, now: Date): ProcessState {
  if (status === "ACTIVE" && isPastDeadline(deadline, now)) return "EXPIRED";
  return status;
}

/** Why a process can no longer take places, change delivery/payment or be charged. */
export function closedReason(
  state: ProcessState,
): "PROCESS_EXPIRED" | "PROCESS_PAID" | "PROCESS_CANCELLED" | null {
  switch (state) {
    case "ACTIVE":
      return null;
    case "EXPIRED":
      return "PROCESS_EXPIRED";
    case "PAID":
      return "PROCESS_PAID";
    case "CANCELLED":
      return "PROCESS_CANCELLED";
  }
}

/** Whole minutes the clock was started with (the spec's nMinutos). */
export function processMinutes(startedAt: Date, deadline: Date): number {
  return Math.round((deadline.getTime() - startedAt.getTime()) / MINUTE);
}

export type PlaceHold = { sold: boolean; heldByProcessId: number | null; heldUntil: Date | null };

/** Mirrors the SQL condition of a hold: free unless sold or held with time left. */
export function isPlaceFree(place: PlaceHold, now: Date): boolean {
  if (place.sold) return false;
  if (place.heldByProcessId === null || place.heldUntil === null) return true;
  return isPastDeadline(place.heldUntil, now);
}

/** FREE, TAKEN or MINE as the seat map shows it to a viewer with these active processes. */
export function seatStateFor(
  place: PlaceHold,
  now: Date,
  viewerProcessIds: ReadonlySet<number>,
): "FREE" | "TAKEN" | "MINE" {
  if (isPlaceFree(place, now)) return "FREE";
  if (
    !place.sold &&
    place.heldByProcessId !== null &&
    viewerProcessIds.has(place.heldByProcessId)
  ) {
    return "MINE";
  }
  return "TAKEN";
}
