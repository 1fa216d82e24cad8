// The storefront's start with the embedded API, as `npm start` does it, when SESSION_SECRET
// is set (so nothing of the storefront writes into DATA_DIR) and DATA_DIR does not exist
// yet: the database folder is made, migrated and served; and a second storefront process on
// the same DATA_DIR refuses to start meanwhile.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { LOCK_FILE } from "../commerce/db/data-folder.ts";
import { signUpBody } from "../commerce/testing/harness.ts";

const parent = mkdtempSync(join(tmpdir(), "storefront-start-test-"));
const dataDir = join(parent, "not", "there", "yet");
// Read once when the storefront's configuration is first imported, below.
Object.assign(process.env, { DATA_DIR: dataDir, SEED_DEMO: "false" });
for (const name of ["PGLITE_DIR", "DATABASE_URL", "COMMERCE_API_URL"]) delete process.env[name];

afterAll(() => rmSync(parent, { recursive: true, force: true }));

it("starts with SESSION_SECRET set and a DATA_DIR that does not exist yet, and keeps a second storefront off the folder", {
  timeout: 180_000,
}, async () => {
  expect(process.env.SESSION_SECRET).toBeTruthy();
  expect(existsSync(dataDir)).toBe(false);

  const { openEmbeddedCommerce } = await import("./runtime.ts");
  const commerce = await openEmbeddedCommerce();
  if (!commerce) throw new Error("expected the embedded API");
  try {
    const folder = join(dataDir, "pglite");
    expect(existsSync(join(folder, "PG_VERSION"))).toBe(true);
    const response = await commerce.fetch(
      new Request("http://commerce.internal/v2/Cliente/Insertar", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(signUpBody()),
      }),
    );
    expect(((await response.json()) as { nCode: number }).nCode).toBe(200);

    const second = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { openEmbeddedCommerce } = await import(${JSON.stringify(new URL("./runtime.ts", import.meta.url).href)});
         await openEmbeddedCommerce();
         console.log("started");`,
      ],
      { env: process.env, encoding: "utf8", timeout: 120_000 },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `storefront cannot start: The database folder ${folder} is in use by another server (process ${process.pid})`,
    );
    expect(second.stdout).not.toContain("started");
  } finally {
    await commerce.close();
  }
  expect(readdirSync(join(dataDir, "pglite"))).not.toContain(LOCK_FILE);
  // With SESSION_SECRET set, the storefront keeps no secret of its own there.
  expect(readdirSync(dataDir)).toEqual(["pglite"]);
});
