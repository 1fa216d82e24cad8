// The fairness page's figures (issue 12): how many were let in each minute since the sale
// start, and the median and 95th-percentile wait. A visitor's wait runs from their arrival,
// or from the sale start for the pre-queue (nobody is let in before it), to their admission.

export type Admission = { arrivedAt: Date; admittedAt: Date };

export type WaitStats = {
  /** Index m: admissions in minute m after the sale start (0 = the first minute). */
  admittedPerMinute: number[];
  medianWaitSeconds: number | null;
  p95WaitSeconds: number | null;
};

/** The p-th percentile (0…100) of sorted values, nearest rank; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function waitStats(saleStartsAt: Date, admissions: readonly Admission[]): WaitStats {
  const start = saleStartsAt.getTime();
  const perMinute: number[] = [];
  const waits: number[] = [];
  for (const { arrivedAt, admittedAt } of admissions) {
    const minute = Math.max(0, Math.floor((admittedAt.getTime() - start) / 60_000));
    while (perMinute.length <= minute) perMinute.push(0);
    perMinute[minute] += 1;
    const from = Math.max(arrivedAt.getTime(), start);
    waits.push(Math.max(0, Math.round((admittedAt.getTime() - from) / 1000)));
  }
  waits.sort((a, b) => a - b);
  return {
    admittedPerMinute: perMinute,
    medianWaitSeconds: percentile(waits, 50),
    p95WaitSeconds: percentile(waits, 95),
  };
}
