// Whether an error means the database cannot be reached right now (PostgreSQL stopped,
// restarting, or its connection lost): the request did not happen and may be tried again, so
// the API answers 503 UNAVAILABLE instead of 500 (decision 0051). The pool opens new
// connections by itself once the server is back.

/** SQLSTATE classes and codes of a server that went away or cannot take connections yet. */
const unavailableStates = new Set(["57P01", "57P02", "57P03", "53300"]);
const unavailableSystemCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** What node-postgres says, without a code, when a connection dies or cannot be had. */
const unavailableMessages = [
  "Connection terminated",
  "Connection ended unexpectedly",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "and is not queryable",
];

function looksUnavailable(error: object): boolean {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (unavailableStates.has(code) || code.startsWith("08") || unavailableSystemCodes.has(code)) {
    return true;
  }
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  return unavailableMessages.some((text) => message.includes(text));
}

/** Looks through the error and its causes (drizzle wraps the driver's error). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if (looksUnavailable(current)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
