// The embedded database's folder on disk, guarded before PGlite touches it:
// - one server per folder: PGlite is a single process's database, and two servers on one
//   folder each see only their own writes and overwrite each other's files. A lock file,
//   created atomically with the owner's process id, makes the second one refuse to start;
//   a lock whose process is gone (killed, crashed) is taken over.
// - never a new database over an old one: PGlite runs initdb in any folder without a
//   PG_VERSION file, so a folder that has files but no PG_VERSION (damaged, or not a
//   database at all) stops the start instead of being replaced.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { secretFiles } from "../installation-secrets.ts";

/** The lock file's name, inside the database folder (as PostgreSQL's postmaster.pid). */
export const LOCK_FILE = "commerce.lock";

/** A data folder the server must not use: busy, damaged or not a database. */
export class DataFolderError extends Error {
  override name = "DataFolderError";
}

export type DataFolderLock = {
  /** Removes the lock file (once; later calls do nothing). */
  release: () => void;
};

/** Whether a process with this id is running (on this machine). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Creates the lock with this process's id in it, or answers false when it exists. The id is
 * written to a file of our own first, then linked to the lock's name: link fails when the
 * name exists, and nobody ever sees the lock without its id.
 */
function createLockFile(lockPath: string): boolean {
  const own = `${lockPath}.${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    writeFileSync(own, `${process.pid}\n`, { flag: "wx", mode: 0o644 });
  } catch (error) {
    throw new DataFolderError(
      `Cannot write the lock file ${lockPath}: ${(error as Error).message}`,
    );
  }
  try {
    linkSync(own, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links: "wx" is atomic too (the id follows a moment later).
    return createLockFileDirectly(lockPath);
  } finally {
    rmSync(own, { force: true });
  }
}

function createLockFileDirectly(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new DataFolderError(
      `Cannot create the lock file ${lockPath}: ${(error as Error).message}`,
    );
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a dead owner's lock out of the way. Only the file that was judged stale may go: it
 * is renamed aside first (atomic), and if what was moved turns out to be a live lock that
 * another process created meanwhile, it is linked back (link never replaces a file).
 */
function removeStaleLock(lockPath: string, stalePid: number | null) {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // already gone: someone else removed it
  }
  if (ownerOf(aside) !== stalePid) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // A third process took the name in that instant: then two believe they hold the
      // folder. It takes three starts within a moment on a stale lock; the lock cannot be
      // removed conditionally on its content, so this window stays.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * Takes the folder's lock or throws a DataFolderError naming the process that holds it.
 * The folder must exist. The lock goes when released, and at the latest when this process
 * exits normally; after a kill it stays behind, and the next start takes it over.
 */
export function lockDataFolder(folder: string): DataFolderLock {
  const lockPath = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createLockFile(lockPath)) {
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off("exit", release);
        // Only our own lock: never one a later owner took over.
        if (ownerOf(lockPath) === process.pid) rmSync(lockPath, { force: true });
      };
      process.on("exit", release);
      return { release };
    }
    const owner = ownerOf(lockPath);
    if (owner !== null && processIsAlive(owner)) {
      throw new DataFolderError(
        `The database folder ${resolve(folder)} is in use by another server (process ${owner}${
          owner === process.pid ? ", this one" : ""
        }). Two servers on one folder lose each other's writes: stop the other one first, or ` +
          "give this one its own DATA_DIR (or DATABASE_URL to share a PostgreSQL server). " +
          `If no such server is running, delete ${resolve(lockPath)}.`,
      );
    }
    // The owner is gone (or wrote nothing readable): take over.
    removeStaleLock(lockPath, owner);
  }
  throw new DataFolderError(
    `Could not take the lock ${resolve(lockPath)}: other processes keep taking it.`,
  );
}

export type DataFolderState = "new" | "existing";

/**
 * What the folder holds: "new" when missing or empty (apart from the lock), "existing" when
 * it is a PostgreSQL data folder (it has PG_VERSION). Anything else throws: it is never
 * replaced with a new database.
 */
export function inspectDataFolder(folder: string): DataFolderState {
  if (!existsSync(folder)) return "new";
  const where = resolve(folder);
  if (!statSync(folder).isDirectory()) {
    throw new DataFolderError(`The database folder ${where} is a file, not a folder.`);
  }
  // The lock, and the short-lived files of taking it, are ours, not the database's; so are
  // the secrets a standalone API made into its DATA_DIR before the database (decision 0059).
  const ours = [LOCK_FILE, ...Object.values(secretFiles)];
  const entries = readdirSync(folder).filter((name) => !ours.some((file) => name.startsWith(file)));
  if (entries.length === 0) return "new";
  if (entries.includes("PG_VERSION")) return "existing";
  throw new DataFolderError(
    `The database folder ${where} is not empty but holds no database (no PG_VERSION file): ` +
      "it may be damaged, or be another folder. Nothing was changed. Restore it from a " +
      "backup, or point DATA_DIR (PGLITE_DIR) at the right folder or at a new, empty one.",
  );
}

/**
 * Makes the folder if needed, locks it and checks what it holds. On a refusal the lock is
 * released again and nothing else was written.
 */
export function prepareDataFolder(folder: string): { state: DataFolderState } & DataFolderLock {
  if (existsSync(folder) && !statSync(folder).isDirectory()) inspectDataFolder(folder);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new DataFolderError(
      `Cannot create the database folder ${resolve(folder)}: ${(error as Error).message}`,
    );
  }
  const lock = lockDataFolder(folder);
  try {
    return { state: inspectDataFolder(folder), release: lock.release };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The process id written in the folder's lock, if any. */
export function lockOwner(folder: string): number | null {
  return ownerOf(join(folder, LOCK_FILE));
}
