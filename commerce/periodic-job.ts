// A background pass run every interval on this API process (payment reconciliation, the
// waiting room's admissions): one pass at a time (a tick that finds one under way skips),
// its failure logged, the timer never keeping the process alive, and stop waiting for the
// pass under way so the database is not closed under it.
import { log } from "./log.ts";

export type PeriodicJob = {
  /** Runs a pass now, or joins the one under way. */
  runNow: () => Promise<unknown>;
  stop: () => Promise<void>;
};

export function startPeriodicJob(
  name: string,
  pass: () => Promise<unknown>,
  intervalMs: number,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const runNow = () => {
    running ??= pass()
      .catch((error) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(runNow, intervalMs);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
