// The standalone API as real processes on one embedded data folder: a second server on the
// folder refuses to start (and the first keeps every write), a killed server's lock is taken
// over, and a damaged folder stops the start without being replaced.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE, lockOwner } from "./db/data-folder.ts";
import { openDataFolder, signUpBody } from "./testing/harness.ts";
import { listening, type ServerProcess, spawnApiServer } from "./testing/server-process.ts";

const started: ServerProcess[] = [];
const folders: string[] = [];

/** A data folder with a migrated database (a first start would spend seconds on initdb). */
async function dataFolder() {
  const folder = mkdtempSync(join(tmpdir(), "commerce-server-test-"));
  folders.push(folder);
  await (await openDataFolder(folder)).close();
  return folder;
}

// Each test starts two or three servers, on two shared cores.
const slow = { timeout: 180_000 };

function start(dataDir: string, env: Record<string, string> = {}) {
  const server = spawnApiServer({ DATA_DIR: dataDir, ...env });
  started.push(server);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop("SIGKILL");
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Every file under the folder with its size and modification time. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        files[path.slice(folder.length)] = `${stat.size}@${stat.mtimeMs}`;
      }
    }
  };
  walk(folder);
  return files;
}

describe("one server per data folder", () => {
  it(
    "refuses a second server on the folder while the first runs, and keeps the first's writes",
    slow,
    async () => {
      const folder = await dataFolder();
      const first = await listening(start(folder));
      expect(lockOwner(folder)).toBe(first.pid);

      const second = start(folder);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("commerce API cannot start");
      expect(second.output()).toContain(`is in use by another server (process ${first.pid})`);
      expect(second.output()).not.toContain("listening");

      // The first one still serves, and what it acknowledged survives its stop.
      const signedUp = await first.call("/Cliente/Insertar", { body: signUpBody() });
      expect(signedUp.json.nCode).toBe(200);
      const token = signedUp.json.oData.token as string;
      expect(await first.stop("SIGTERM")).toBe(0);
      expect(readdirSync(folder)).not.toContain(LOCK_FILE);

      const third = await listening(start(folder));
      const info = await third.call("/Cliente/Informacion", { token });
      expect(info.json).toMatchObject({ nCode: 200, oData: { cNombre: "Ana" } });
    },
  );

  it("takes over the lock of a killed server", slow, async () => {
    const folder = await dataFolder();
    const killed = await listening(start(folder));
    expect(await killed.stop("SIGKILL")).toBe("SIGKILL");
    expect(lockOwner(folder)).toBe(killed.pid);

    const next = await listening(start(folder));
    expect(lockOwner(folder)).toBe(next.pid);
    expect((await next.call("/Cliente/Insertar", { body: signUpBody() })).json.nCode).toBe(200);
  });
});

describe("a damaged data folder", () => {
  it(
    "stops the start with a clear message and is never replaced by a new database",
    slow,
    async () => {
      const folder = await dataFolder();
      const first = await listening(start(folder));
      expect((await first.call("/Cliente/Insertar", { body: signUpBody() })).json.nCode).toBe(200);
      await first.stop("SIGTERM");

      rmSync(join(folder, "PG_VERSION"));
      const before = snapshot(folder);
      const next = start(folder);
      expect(await next.exited).toBe(1);
      expect(next.output()).toContain(
        `The database folder ${folder} is not empty but holds no database`,
      );
      expect(snapshot(folder)).toEqual(before);
    },
  );

  it(
    "stops the start when PGlite cannot open the folder, and leaves it as it is",
    slow,
    async () => {
      const folder = await dataFolder();
      await (await listening(start(folder))).stop("SIGTERM");

      rmSync(join(folder, "global", "pg_control"));
      const before = snapshot(folder);
      const next = start(folder);
      expect(await next.exited).toBe(1);
      expect(next.output()).toContain(`The database in ${folder} could not be opened`);
      // PGlite may leave its own postmaster.pid behind; nothing of the database changed.
      const after = snapshot(folder);
      delete after["/postmaster.pid"];
      expect(after).toEqual(before);
      expect(readdirSync(folder)).not.toContain(LOCK_FILE);
    },
  );
});
