// Structured logs (pino): one JSON line per event on stdout, for the API, the storefront and
// the server around them. Only chosen fields are logged: a request's id, method, route,
// status and duration; an error's class, code, SQL statement and a scrubbed message. Never a
// body, a header, a query's parameters or a database error's detail, where the buyer's
// e-mail, password hash, name, document and card would be.
import pino, { type Logger } from "pino";
import { type LogLevel, logLevelFromEnv } from "./config.ts";

export type { Logger, LogLevel };

const sqlState = /^[0-9A-Z]{5}$/;
/** How drizzle's DrizzleQueryError starts its message (then the SQL, then "params: …"). */
const failedQuery = "Failed query: ";

/**
 * What may stay of an error message: drizzle's "params:" part cut off, quoted values of
 * PostgreSQL's messages (`invalid input syntax for type integer: "…"`) blanked, and
 * anything shaped like an e-mail, a card or document number, or a token or hash masked.
 */
export function scrubMessage(message: string, fromDatabase = false): string {
  let text = message.split(/\n?\s*params:/)[0];
  if (fromDatabase) text = text.replace(/"[^"]*"/g, '"…"');
  return text
    .replace(/[^\s"'<>()[\]{},;:@]+@[^\s"'<>()[\]{},;:@]+/g, "[email]")
    .replace(/[A-Za-z0-9+_$=-]{32,}/g, "[secret]")
    .replace(/\d(?:[ .-]?\d){5,}/g, "[number]")
    .slice(0, 500);
}

function stackFrames(stack: string | undefined): string[] | undefined {
  // The first lines repeat the message; the frames name only code.
  const frames = stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map((line) => line.trim());
  return frames?.length ? frames : undefined;
}

/**
 * An error as it may be logged. Drizzle wraps a failed statement in "Failed query: <sql>
 * params: <values>": its SQL is kept (placeholders only), its message never; PostgreSQL's
 * own error gives its SQLSTATE code and the constraint, table and column it names.
 */
export function errorFields(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: error === null ? "null" : typeof error };
  const fields: Record<string, unknown> = { type: error.constructor?.name || error.name };
  const record = error as unknown as Record<string, unknown>;
  const code = record.code;
  const fromDatabase = typeof code === "string" && sqlState.test(code);
  if (typeof code === "string" || typeof code === "number") fields.code = code;
  if (error.message.startsWith(failedQuery)) {
    const query =
      typeof record.query === "string" ? record.query : error.message.slice(failedQuery.length);
    fields.query = scrubMessage(query);
  } else {
    fields.message = scrubMessage(error.message, fromDatabase);
  }
  if (fromDatabase) {
    for (const key of ["constraint", "table", "column"]) {
      if (typeof record[key] === "string") fields[key] = record[key];
    }
  }
  const stack = stackFrames(error.stack);
  if (stack) fields.stack = stack;
  if (error.cause !== undefined && depth < 3) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}

/**
 * A logger whose errors (under `err` or `error`) go through errorFields. Lines go to
 * process.stdout (synchronous for files and pipes on Linux, so a crash loses nothing), which
 * is also where a test that captures the logs listens.
 */
export function createLogger(
  name: string,
  level: LogLevel,
  destination: pino.DestinationStream = process.stdout,
): Logger {
  return pino(
    {
      name,
      level,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields, error: errorFields },
      hooks: {
        // pino takes an error's message as the line's message when none is given: give one.
        logMethod(args, method) {
          const [first, message, ...rest] = args as unknown[];
          if (first instanceof Error) {
            return method.call(
              this,
              { err: first },
              typeof message === "string" ? message : "error",
            );
          }
          if (typeof message !== "string" && first !== null && typeof first === "object") {
            return method.call(this, first, "error" in first || "err" in first ? "error" : "event");
          }
          return method.apply(this, [first, message, ...rest] as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/** The API's logger (LOG_LEVEL; silent under tests unless a test asks for it). */
export const log = createLogger("commerce", logLevelFromEnv());
