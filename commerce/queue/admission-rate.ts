// How many waiting visitors to let in now (issue 12): as many as the configured rate allows
// since the sale start, less those already let in, and no more than the free room under the
// maximum of buyers shopping at once. Pure arithmetic over what the admission job counted.

export type AdmissionRateInput = {
  saleStartsAt: Date;
  now: Date;
  admissionsPerMinute: number;
  maxActive: number;
  /** Everyone let in since the start (whatever became of them). */
  admittedSoFar: number;
  /** Let in and not yet gone: admitted with a token still valid, or shopping in their window. */
  live: number;
  /**
   * Since this node last tried a pass (whether or not it got through): the credit is at most
   * the rate over that time, so time the passes could not run (the database was down) is
   * not let in at once when they can again (decision 0051). Unknown: a minute.
   */
  sinceLastPassMs?: number;
};

/**
 * min(rate × minutes since the start − admitted so far, max active − live), never negative.
 * The credit of a quiet spell is capped at the rate over the time since the node's previous
 * pass, and at one minute's worth, so a queue that filled up late, or whose passes could not
 * run for a while, is not let in all at once (the maximum of active buyers is a second bound).
 */
export function admissionsDue(input: AdmissionRateInput): number {
  const elapsedMs = input.now.getTime() - input.saleStartsAt.getTime();
  if (elapsedMs < 0) return 0;
  const allowedSoFar = Math.floor((input.admissionsPerMinute * elapsedMs) / 60_000);
  const creditMs = Math.min(Math.max(0, input.sinceLastPassMs ?? 60_000), 60_000);
  const byRate = Math.min(
    allowedSoFar - input.admittedSoFar,
    Math.max(1, Math.ceil((input.admissionsPerMinute * creditMs) / 60_000)),
  );
  const byRoom = input.maxActive - input.live;
  return Math.max(0, Math.min(byRate, byRoom));
}

/** Minutes a visitor with `ahead` people before them may still wait, at the configured rate. */
export function estimatedWaitMinutes(ahead: number, admissionsPerMinute: number): number {
  if (ahead <= 0) return 0;
  return Math.ceil(ahead / admissionsPerMinute);
}
