// The storefront's development server (server/dev.ts: the production app around Vite, no
// build needed) as a real child process, for tests of what a whole server does at start on
// a given data folder. It listens on the port given (it prints the configured one, so not 0).
import type { ChildProcess } from "node:child_process";
import { spawnServerScript } from "../../commerce/testing/server-process.ts";

export type DevStorefront = {
  child: ChildProcess;
  origin: string;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Kills it and waits for the exit. */
  stop: () => Promise<void>;
};

/** Starts it and resolves once it listens (rejects with its output when it exits first). */
export async function startDevStorefront(
  port: number,
  env: Record<string, string>,
): Promise<DevStorefront> {
  const child = spawnServerScript("server/dev.ts", { PORT: String(port), ...env });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onChunk = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`listening on http://127.0.0.1:${port}`)) resolve();
    };
    child.stdout?.on("data", onChunk);
    child.stderr?.on("data", onChunk);
    void exited.then(() => reject(new Error(`storefront exited before listening:\n${output}`)));
  });
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
