// What every bench does alike: its options from the environment (BENCH_SECONDS=300 npm run
// bench:…), and undoing what it started however it ends.

/** A whole number ≥ 1 from `name`, else `fallback`; anything else stops the bench. */
export function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

/**
 * What the bench must undo however it ends (servers it started, folders it made): run in
 * reverse order on exit, Ctrl-C and SIGTERM included, each whatever the others did.
 */
export function exitCleanups(): Array<() => void> {
  const cleanups: Array<() => void> = [];
  process.on("exit", () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        cleanup();
      } catch {
        // Best effort: the others must still run.
      }
    }
  });
  process.on("SIGINT", () => process.exit(130));
  process.on("SIGTERM", () => process.exit(143));
  return cleanups;
}
