// A port another process holds: the API says so in one line and exits 1, without a stack.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { spawnApiServer } from "./testing/server-process.ts";

it("refuses to start on a port in use, saying which and what to set", {
  timeout: 120_000,
}, async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const address = holder.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const folder = mkdtempSync(join(tmpdir(), "port-in-use-"));
  try {
    const api = spawnApiServer({ DATA_DIR: folder, PORT: String(port) });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain(
      `commerce API cannot start: 127.0.0.1:${port} is in use by another process (set PORT or HOST)`,
    );
    expect(api.output()).not.toMatch(/\n\s+at /);
  } finally {
    holder.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
