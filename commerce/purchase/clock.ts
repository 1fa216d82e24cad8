// The purchase clock: a process's deadline and the state a buyer sees. The database stores
// ACTIVE / PAID / CANCELLED; EXPIRED is derived from the deadline, so expiry needs no
// background job (a hold past its deadline is simply free: see availability.ts).

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

/** The extension's minutes the API was started with (10 unless configured; 0: none). */
export function extensionMinutesOf(deps: { extensionMinutes?: number }): number {
  return deps.extensionMinutes ?? 10;
}

/**
 * Minutes the buyer may still add to a process's clock: the configured extension, once, while
 * the process runs; 0 otherwise.
 */
export function extensionOffered(
  minutes: number,
  process: { extendedAt: Date | null },
  state: ProcessState,
): number {
  if (minutes <= 0 || process.extendedAt !== null || state !== "ACTIVE") return 0;
  return minutes;
}
