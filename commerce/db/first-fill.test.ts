// A new PGlite data folder is filled (migrated, demo seed) by a child process, so the server
// never holds the memory filling takes; opening it afterwards finds it filled.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { lockOwner } from "./data-folder.ts";
import { fillNewFolderInChild } from "./first-fill.ts";
import { seedRuns, shows } from "./schema.ts";

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newFolder() {
  const parent = mkdtempSync(join(tmpdir(), "first-fill-test-"));
  made.push(parent);
  return join(parent, "pglite");
}

describe("filling a new data folder", () => {
  it("seeds the folder in a child process, which lets go of it", { timeout: 240_000 }, async () => {
    const folder = newFolder();
    await fillNewFolderInChild(folder);
    expect(lockOwner(folder)).toBeNull();
    // What the server does next: open it, the seed finding its work done.
    const opened = await openDatabase({ dataDir: folder, seedDemo: true });
    try {
      expect(lockOwner(folder)).toBe(process.pid);
      const [{ showCount }] = await opened.db.select({ showCount: count() }).from(shows);
      expect(showCount).toBeGreaterThan(0);
      expect((await opened.db.select().from(seedRuns)).length).toBeGreaterThan(0);
    } finally {
      await opened.close();
    }
    expect(lockOwner(folder)).toBeNull();
  });

  it("says so when the child cannot fill the folder", { timeout: 120_000 }, async () => {
    const parent = mkdtempSync(join(tmpdir(), "first-fill-test-"));
    made.push(parent);
    const notAFolder = join(parent, "a-file");
    writeFileSync(notAFolder, "not a database");
    await expect(fillNewFolderInChild(notAFolder)).rejects.toThrow(
      /filling the new data folder failed \(exit 1\)/,
    );
  });
});
