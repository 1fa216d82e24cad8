// One request id from the storefront's log line to the remote API's: the storefront (its real
// server composition around Vite's build, COMMERCE_API_URL set) renders the billboard, which calls the
// standalone API (a real process, commerce/server.ts); both write pino JSON lines, and the
// API's lines for those calls carry the id of the storefront's request.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { captureOutput, type LogLine } from "../commerce/testing/logs.ts";
import {
  listening,
  type ServerProcess,
  spawnApiServer,
} from "../commerce/testing/server-process.ts";
import type { Storefront } from "./testing/storefront.ts";

const folder = mkdtempSync(join(tmpdir(), "request-id-test-"));
let api: ServerProcess;
let storefront: Storefront;

beforeAll(async () => {
  // A port the system picks; the storefront's modules read their configuration when first
  // imported, so they are imported once the API's address is known.
  api = await listening(spawnApiServer({ DATA_DIR: folder, LOG_LEVEL: "info" }));
  const [, apiPort] = await api.waitForOutput(/listening on http:\/\/127\.0\.0\.1:(\d+)\/v2/);
  process.env.LOG_LEVEL = "info";
  process.env.COMMERCE_API_URL = `http://127.0.0.1:${apiPort}/v2`;
  const { startStorefront } = await import("./testing/storefront.ts");
  // Vite's and React Router's start-up notices concern nobody: kept off the test's output.
  const startUp = captureOutput();
  try {
    // No API of its own: the storefront calls COMMERCE_API_URL.
    storefront = await startStorefront();
  } finally {
    startUp.stop();
  }
}, 180_000);

afterAll(async () => {
  await storefront?.close();
  await api?.stop("SIGTERM");
  rmSync(folder, { recursive: true, force: true });
});

const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

it("logs the storefront's request id on the remote API's lines of its calls", {
  timeout: 180_000,
}, async () => {
  const output = captureOutput();
  let answer: Response;
  try {
    answer = await storefront.app.request("http://shop.test/", {
      headers: { "Accept-Language": "es" },
    });
    await answer.arrayBuffer();
  } finally {
    output.stop();
  }
  expect(answer.status).toBe(200);
  const requestId = answer.headers.get("x-request-id") ?? "";
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const storefrontLines = output
    .lines()
    .filter((line) => line.msg === "request" && line.requestId === requestId);
  expect(storefrontLines).toEqual([expect.objectContaining({ name: "storefront", status: 200 })]);

  // The API's lines reach this process through a pipe: wait for one with the id.
  await api.waitForOutput(new RegExp(`"requestId":"${requestId}"`));
  const calls = jsonLines(api.output()).filter(
    (line) => line.msg === "request" && line.requestId === requestId,
  );
  expect(calls.length).toBeGreaterThan(0);
  for (const line of calls) {
    expect(line).toMatchObject({ name: "commerce", status: 200 });
    expect(String(line.route)).toMatch(/^\/v2\//);
  }
});
