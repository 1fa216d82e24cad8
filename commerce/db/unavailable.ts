// Whether an error means the database cannot be reached right now (PostgreSQL stopped,
// restarting, or its connection lost), or cannot do its work (a damaged or unreadable file,
// a full disk, no memory): the request did not happen (its transaction rolled back) and may
// be tried again, here later or on another node, so the API answers 503 UNAVAILABLE instead
// of 500 (decisions 0051, 0061). The pool opens new connections by itself once the server is
// back; a failing database needs its operator, and readiness says so meanwhile.

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

/**
 * SQLSTATE classes of a database that cannot do its work: XX internal error (XX001 a damaged
 * page, XX002 a damaged index), 58 system error (an I/O error, a file missing), 53
 * insufficient resources (a full disk, no memory).
 */
const failingClasses = ["XX", "58", "53"];

/** Unreachable for now, or failing (needs its operator); nothing for any other error. */
export type DatabaseFault = "unreachable" | "failing";

const codeOf = (error: object) =>
  "code" in error && typeof error.code === "string" ? error.code : "";

function faultOf(error: object): DatabaseFault | undefined {
  const code = codeOf(error);
  if (unavailableStates.has(code) || code.startsWith("08") || unavailableSystemCodes.has(code)) {
    return "unreachable";
  }
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  if (unavailableMessages.some((text) => message.includes(text))) return "unreachable";
  // SQLSTATEs are five characters; a system error's code (EIO, ENOSPC) is not one of them.
  if (/^[0-9A-Z]{5}$/.test(code) && failingClasses.includes(code.slice(0, 2))) return "failing";
  return undefined;
}

/** Looks through the error and its causes (drizzle wraps the driver's error). */
export function databaseFaultOf(error: unknown): DatabaseFault | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const fault = faultOf(current);
    if (fault) return fault;
    if (current instanceof AggregateError) {
      const inner = current.errors.map(databaseFaultOf).find(Boolean);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The request failed for the database's sake, not its own: answer 503, try again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseFaultOf(error) !== undefined;
}

/**
 * For the operator's log: the SQLSTATE and the database's own words ("invalid page in block 0
 * of relation base/5/16489"), from the driver's error, not drizzle's wrapper (which holds the
 * query's parameters: personal data).
 */
export function databaseErrorOf(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = codeOf(current);
    if (code) return { code, message: current instanceof Error ? current.message : "" };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
