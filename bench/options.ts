// A bench's options come from the environment (BENCH_SECONDS=300 npm run bench:…).

/** A whole number ≥ 1 from `name`, else `fallback`; anything else stops the bench. */
export function whole(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}
