// The data folder's lock and check, without a database: who may use a folder, and which
// folders may become a new database.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  DataFolderError,
  inspectDataFolder,
  LOCK_FILE,
  lockDataFolder,
  lockOwner,
  prepareDataFolder,
} from "./data-folder.ts";

const made: string[] = [];
const children: ChildProcess[] = [];

function tempFolder() {
  const folder = mkdtempSync(join(tmpdir(), "data-folder-test-"));
  made.push(folder);
  return folder;
}

/** The id of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

/** A process that keeps running until the test ends. */
function livePid(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)"], {
    stdio: "ignore",
  });
  children.push(child);
  if (!child.pid) throw new Error("could not start a child process");
  return child.pid;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("lockDataFolder", () => {
  it("writes this process's id, refuses a second lock while held, and removes it on release", () => {
    const folder = tempFolder();
    const lock = lockDataFolder(folder);
    expect(lockOwner(folder)).toBe(process.pid);
    expect(() => lockDataFolder(folder)).toThrow(DataFolderError);
    expect(() => lockDataFolder(folder)).toThrow(
      /in use by another server \(process \d+, this one\)/,
    );
    lock.release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    lock.release(); // a second release does nothing
    lockDataFolder(folder).release();
  });

  it("refuses a folder locked by another running process, naming it", () => {
    const folder = tempFolder();
    const other = livePid();
    writeFileSync(join(folder, LOCK_FILE), `${other}\n`);
    expect(() => lockDataFolder(folder)).toThrow(`in use by another server (process ${other})`);
    expect(lockOwner(folder)).toBe(other);
  });

  it("takes over a lock whose process is gone, or that holds no process id", () => {
    const folder = tempFolder();
    writeFileSync(join(folder, LOCK_FILE), `${deadPid()}\n`);
    const lock = lockDataFolder(folder);
    expect(lockOwner(folder)).toBe(process.pid);
    lock.release();

    writeFileSync(join(folder, LOCK_FILE), "");
    const again = lockDataFolder(folder);
    expect(lockOwner(folder)).toBe(process.pid);
    again.release();
    expect(readdirSync(folder)).toEqual([]);
  });

  it("gives a stale lock to exactly one of several processes starting at once", async () => {
    const folder = tempFolder();
    writeFileSync(join(folder, LOCK_FILE), `${deadPid()}\n`);
    const moduleUrl = new URL("./data-folder.ts", import.meta.url).href;
    // Each contender reports, then stays alive (a lock of a live process) until killed.
    const script = `
      const { lockDataFolder } = await import(${JSON.stringify(moduleUrl)});
      try { lockDataFolder(${JSON.stringify(folder)}); console.log("LOCKED"); }
      catch (error) { console.log(error.name === "DataFolderError" ? "BUSY" : "ERROR " + error.message); }
      setTimeout(() => {}, 120000);`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "--input-type=module", "-e", script],
          {
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        children.push(child);
        return new Promise<string>((resolve) => {
          let out = "";
          child.stdout?.on("data", (chunk) => {
            out += chunk;
            if (out.includes("\n")) resolve(out.trim());
          });
          child.on("exit", () => resolve(out.trim() || "EXITED"));
        });
      }),
    );
    expect(answers.filter((a) => a === "LOCKED")).toHaveLength(1);
    expect(answers.filter((a) => a === "BUSY")).toHaveLength(5);
    const winner = children[answers.indexOf("LOCKED")];
    expect(lockOwner(folder)).toBe(winner.pid);
  });
});

describe("inspectDataFolder", () => {
  it("calls a missing or empty folder new, also when it holds only the lock", () => {
    const folder = tempFolder();
    expect(inspectDataFolder(join(folder, "not-yet", "deeper"))).toBe("new");
    expect(inspectDataFolder(folder)).toBe("new");
    writeFileSync(join(folder, LOCK_FILE), "1\n");
    expect(inspectDataFolder(folder)).toBe("new");
  });

  it("recognises a database folder by its PG_VERSION", () => {
    const folder = tempFolder();
    writeFileSync(join(folder, "PG_VERSION"), "18\n");
    mkdirSync(join(folder, "base"));
    expect(inspectDataFolder(folder)).toBe("existing");
  });

  it("refuses a folder with files but no PG_VERSION, and a file in its place", () => {
    const folder = tempFolder();
    mkdirSync(join(folder, "base"));
    writeFileSync(join(folder, "postgresql.conf"), "");
    expect(() => inspectDataFolder(folder)).toThrow(DataFolderError);
    expect(() => inspectDataFolder(folder)).toThrow(/not empty but holds no database/);
    const file = join(folder, "postgresql.conf");
    expect(() => inspectDataFolder(file)).toThrow(/is a file, not a folder/);
  });
});

describe("prepareDataFolder", () => {
  it("creates a missing folder (and its parents) and locks it", () => {
    const folder = join(tempFolder(), "data", "pglite");
    const prepared = prepareDataFolder(folder);
    expect(prepared.state).toBe("new");
    expect(lockOwner(folder)).toBe(process.pid);
    prepared.release();
  });

  it("leaves an unrecognised folder exactly as it was, lock included", () => {
    const folder = tempFolder();
    writeFileSync(join(folder, "notes.txt"), "mine");
    expect(() => prepareDataFolder(folder)).toThrow(DataFolderError);
    expect(readdirSync(folder)).toEqual(["notes.txt"]);
  });
});
