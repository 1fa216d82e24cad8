// A data folder damaged on purpose (one table's file overwritten with garbage): the servers
// start on it as before, and then tell the truth (issue 29, decision 0061). /readyz is 503
// (a load balancer sends nobody there); the API answers 503 UNAVAILABLE with Retry-After in
// its envelope, in the caller's language, not 500; the storefront's page is the translated
// 'Attention' dialog with 503 and Retry-After, not a bare 502.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../commerce/db/client.ts";
import { damageTable } from "../commerce/testing/damaged-folder.ts";
import { openDataFolder } from "../commerce/testing/database.ts";
import { listening, serverProcessesOfTests } from "../commerce/testing/server-process.ts";
import { type DevStorefront, startDevStorefront } from "./testing/dev-storefront.ts";

/** Of this suite's range (4321–4329): the development server prints the port it was given. */
const storefrontPort = 4321;
const stackTrace = /\n\s+at |\.ts:\d+/;

const servers = serverProcessesOfTests("damaged-database-");
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "damaged-database-"));
  folders.push(folder);
  return folder;
};

// Migrated and seeded with the demo catalog once; each test damages a copy of its own.
let seeded = "";
beforeAll(async () => {
  seeded = newFolder();
  await (await openDataFolder(seeded)).close();
  await (await openDatabase({ dataDir: seeded, seedDemo: true })).close();
}, 180_000);
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the seeded folder whose shows table (the billboard's) is garbage. */
async function damagedCopy() {
  const copy = newFolder();
  cpSync(seeded, copy, { recursive: true });
  await damageTable(copy, "shows");
  return copy;
}

describe("a damaged data folder", () => {
  let storefront: DevStorefront | undefined;
  afterEach(async () => {
    await storefront?.stop();
    storefront = undefined;
  });

  it("makes the standalone API unready and its answers 503 with Retry-After", {
    timeout: 120_000,
  }, async () => {
    const api = await listening(servers.start({ DATA_DIR: await damagedCopy() }));
    const port = api.output().match(/listening on http:\/\/127\.0\.0\.1:(\d+)\/v2/)?.[1];
    const origin = `http://127.0.0.1:${port}`;

    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unready", database: "down" });

    const billboard = await fetch(`${origin}/v2/Cartelera`, {
      headers: { "Accept-Language": "en" },
    });
    expect(billboard.status).toBe(503);
    expect(billboard.headers.get("retry-after")).toBe("5");
    expect(await billboard.json()).toEqual({
      nCode: 503,
      cMensaje: "The service is not available right now. Please try again in a few seconds.",
      oData: { cCodigo: "UNAVAILABLE" },
    });
    // The operator reads what is damaged; the buyer never did.
    expect(api.output()).toContain("invalid page in block 0");
  });

  it("makes the storefront (embedded API) unready and its page the translated 'Attention'", {
    timeout: 180_000,
  }, async () => {
    storefront = await startDevStorefront(storefrontPort, {
      PGLITE_DIR: await damagedCopy(),
      DATA_DIR: newFolder(),
    });
    const ready = await fetch(`${storefront.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unready", database: "down" });

    for (const [language, title, text] of [
      ["es-AR", "Atención", "Ocurrió un error de comunicación con el servidor"],
      ["en", "Attention", "A communication error has occurred with the server"],
      ["pt-BR", "Atenção", "Ocorreu um erro de comunicação com o servidor"],
    ]) {
      const page = await fetch(`${storefront.origin}/`, {
        headers: { "Accept-Language": language },
      });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(text);
      expect(html).not.toMatch(stackTrace);
    }
  });
});
