// PostgreSQL's error codes as both drivers report them (node-postgres and PGlite set `code`;
// drizzle wraps the driver's error in `cause`).

/** A unique index refused a row (23505); with `constraint`, only that index's refusal. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current && typeof current === "object"; ) {
    const { code, constraint: refusedBy } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || refusedBy === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
