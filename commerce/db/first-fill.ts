// The demo seed of a new PGlite data folder, run in a process of its own. Filling grows
// PGlite's WebAssembly memory to about 1 GB, and V8 gives that memory back only with the
// instance: run in the server, the server would keep it. The child fills the folder and
// exits; the server then opens the filled folder (decision 0052).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { entryBeside } from "../entry-beside.ts";

/** Migrates and seeds `dataDir` in a child process; rejects when the child fails. */
export function fillNewFolderInChild(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const { url, fromSource } = entryBeside(import.meta.url, "first-fill-process");
    // From source, the child needs tsx's loader as the server does.
    const loader = fromSource ? ["--import", "tsx"] : [];
    const child = spawn(process.execPath, [...loader, fileURLToPath(url), dataDir], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`filling the new data folder failed (${signal ?? `exit ${code}`})`));
    });
  });
}
