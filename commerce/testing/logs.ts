// Reading what was logged, in tests: a logger of one's own, or everything the process wrote.
import { formatWithOptions } from "node:util";
import { vi } from "vitest";
import { createLogger, type Logger } from "../log.ts";

export type LogLine = Record<string, unknown> & { msg?: string; level?: string };

/** A logger at every level whose lines the test reads back, parsed. */
export function capturingLogger(): { logger: Logger; lines: () => LogLine[] } {
  const written: string[] = [];
  const logger = createLogger("test", "trace", { write: (line: string) => written.push(line) });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as LogLine) };
}

/**
 * Everything written to stdout and stderr and through console.* until stop() (the modules'
 * own loggers write to stdout): the whole text, for a test that greps it.
 */
export function captureOutput() {
  const chunks: string[] = [];
  const keep = (chunk: unknown) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString());
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation(keep),
    vi.spyOn(process.stderr, "write").mockImplementation(keep),
    ...(["log", "info", "warn", "error", "debug", "trace"] as const).map((method) =>
      // Formatted deep, as the console would print it: every field of every object.
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        keep(`${formatWithOptions({ depth: 10 }, ...args)}\n`);
      }),
    ),
  ];
  return {
    text: () => chunks.join(""),
    /** The structured lines among it, parsed. */
    lines: () =>
      chunks
        .join("")
        .split("\n")
        .flatMap((line) => {
          try {
            return line.startsWith("{") ? [JSON.parse(line) as LogLine] : [];
          } catch {
            return [];
          }
        }),
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
