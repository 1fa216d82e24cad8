// Every line a server writes is JSON, through the logger: also what the libraries under it
// print with console.* (React Router's "URL could not be decoded" warning, @hono/node-server's
// failed responses) and the socket errors of the HTTP server itself (a malformed request, a
// header too large), which Node answers without a word otherwise. Messages are scrubbed as
// errors are (commerce/log.ts): a path or header a client sent may hold personal data.
import type { EventEmitter } from "node:events";
import type { Duplex } from "node:stream";
import { formatWithOptions } from "node:util";
import { type Logger, scrubMessage } from "../log.ts";

const consoleLevels = {
  log: "info",
  info: "info",
  warn: "warn",
  error: "error",
  debug: "debug",
  trace: "trace",
} as const;

type ConsoleMethod = keyof typeof consoleLevels;

/** console.* as log lines (`source: "console"`) until the returned function restores it. */
export function consoleThroughLogger(logger: Logger): () => void {
  const originals = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  for (const [method, level] of Object.entries(consoleLevels) as [
    ConsoleMethod,
    (typeof consoleLevels)[ConsoleMethod],
  ][]) {
    originals.set(method, console[method]);
    console[method] = (...args: unknown[]) => {
      // An error goes through the logger's error fields (class, code, scrubbed message, frames).
      const error = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== error);
      const text = rest.length > 0 ? scrubMessage(formatWithOptions({ depth: 3 }, ...rest)) : "";
      logger[level](
        error ? { source: "console", err: error } : { source: "console" },
        text || (error ? "error" : "console"),
      );
    };
  }
  return () => {
    for (const [method, original] of originals) console[method] = original;
  };
}

/** What Node answers a client whose request it could not read (as it does with no listener). */
function answerTo(code: string | undefined): string {
  const status =
    code === "HPE_HEADER_OVERFLOW"
      ? "431 Request Header Fields Too Large"
      : code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? "408 Request Timeout"
        : "400 Bad Request";
  return `HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`;
}

/** A client that went away is ordinary; anything else it sent that Node refused is worth a look. */
const hungUp = new Set(["ECONNRESET", "EPIPE"]);

/**
 * Logs each socket error of the server ('clientError': an unreadable request, a header
 * overflow, a timeout, a reset) as one line with its code, never the bytes received, then
 * answers and closes the connection as Node does by default.
 */
export function logClientErrors(server: EventEmitter, logger: Logger) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const code = error.code ?? error.name;
    logger[hungUp.has(code) ? "info" : "warn"](
      { code, reason: scrubMessage(error.message) },
      "client connection error",
    );
    // A response already under way on this socket (Node's own private field): only cut it.
    const underWay = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !underWay?.headersSent) socket.end(answerTo(error.code));
    else socket.destroy();
  });
}
