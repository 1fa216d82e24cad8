// A server a test started goes when the test's process goes, even killed outright (SIGKILL):
// its stdin pipe closes, and it stops as on SIGTERM, closing its database.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { LOCK_FILE } from "../db/data-folder.ts";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("stops the API it started when the starting process is killed", {
  timeout: 180_000,
}, async () => {
  const folder = mkdtempSync(join(tmpdir(), "stop-with-parent-"));
  // A stand-in test runner: starts the API through spawnApiServer and waits.
  const runner = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--input-type=module",
      "-e",
      `import { listening, spawnApiServer } from "./commerce/testing/server-process.ts";
       const api = await listening(spawnApiServer({ DATA_DIR: ${JSON.stringify(folder)} }));
       console.log("api pid " + api.pid);
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    let output = "";
    const apiPid = await new Promise<number>((resolve, reject) => {
      runner.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /api pid (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      runner.once("exit", (code) => reject(new Error(`runner exited (${code}): ${output}`)));
    });
    expect(alive(apiPid)).toBe(true);
    expect(existsSync(join(folder, LOCK_FILE))).toBe(true);

    runner.kill("SIGKILL");
    const deadline = Date.now() + 60_000;
    while (alive(apiPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(alive(apiPid)).toBe(false);
    // A graceful stop: the database was closed, and its lock taken away.
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  } finally {
    if (runner.exitCode === null) runner.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  }
});
