// What a server prints besides its request lines is JSON too: the framework's console lines
// (React Router's warning about a path it cannot decode, a library's console.error) and the
// HTTP server's socket errors, read from everything the process wrote.
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { matchRoutes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../log.ts";
import { openDataFolder } from "../testing/harness.ts";
import { captureOutput } from "../testing/logs.ts";
import { listening, serverProcessesOfTests } from "../testing/server-process.ts";
import { consoleThroughLogger, logClientErrors } from "./server-logs.ts";

let output: ReturnType<typeof captureOutput> | undefined;
let restoreConsole: (() => void) | undefined;
let server: Server | undefined;

afterEach(async () => {
  restoreConsole?.();
  output?.stop();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** Lines that are not JSON objects: each would break a log collector's parsing. */
function plainLines(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
}

describe("console lines of the libraries", () => {
  it("are JSON log lines, React Router's undecodable path a scrubbed warning", () => {
    output = captureOutput();
    restoreConsole = consoleThroughLogger(createLogger("test", "trace"));
    // What React Router does with a request for a path holding a broken percent-escape.
    matchRoutes([{ path: "/funcion/:cSeo/:id" }], "/funcion/ana@example.com%E0%A4%A/3");
    // What @hono/node-server does with a response that failed while being written.
    console.error(new TypeError("stream broke"));
    restoreConsole();
    restoreConsole = undefined;

    expect(plainLines(output.text())).toEqual([]);
    const lines = output.lines();
    const decoding = lines.find((line) => String(line.msg).includes("could not be decoded"));
    expect(decoding).toMatchObject({ level: "warn", source: "console" });
    expect(JSON.stringify(decoding)).not.toContain("ana@example.com");
    expect(lines.find((line) => line.level === "error")).toMatchObject({
      source: "console",
      err: { type: "TypeError", message: "stream broke" },
    });
  });
});

/** Sends raw bytes to the server and resolves with everything it answers before closing. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("socket errors of the HTTP server", () => {
  it("are logged as JSON with their code, and answered as Node answers them", async () => {
    output = captureOutput();
    server = createServer((_request, response) => response.end("ok"));
    logClientErrors(server, createLogger("test", "trace"));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;

    const malformed = await rawRequest(port, "GET / HTTP/1.1\r\nHost: shop\r\nBad Header\r\n\r\n");
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    const cookie = `Cookie: session=${"x".repeat(20_000)}\r\n`;
    const overflow = await rawRequest(port, `GET / HTTP/1.1\r\nHost: shop\r\n${cookie}\r\n`);
    expect(overflow).toMatch(/^HTTP\/1\.1 431 /);

    expect(plainLines(output.text())).toEqual([]);
    const errors = output.lines().filter((line) => line.msg === "client connection error");
    expect(errors.map((line) => [line.level, line.code])).toEqual([
      ["warn", "HPE_INVALID_HEADER_TOKEN"],
      ["warn", "HPE_HEADER_OVERFLOW"],
    ]);
    // Never the bytes the client sent.
    expect(output.text()).not.toContain("xxxxxxxx");
  });
});

describe("the standalone API's process", () => {
  const servers = serverProcessesOfTests("server-logs-test-");

  it("prints only JSON lines, a refused request's socket error among them", {
    timeout: 300_000,
  }, async () => {
    const folder = servers.newFolder();
    await (await openDataFolder(folder)).close();
    const api = await listening(servers.start({ DATA_DIR: folder, LOG_LEVEL: "info" }));
    const port = Number(api.output().match(/listening on http:\/\/127\.0\.0\.1:(\d+)/)?.[1]);

    const malformed = await rawRequest(port, "GET /v2 HTTP/1.1\r\nHost: api\r\nBad Header\r\n\r\n");
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    await api.waitForOutput(/client connection error/);
    expect(await api.stop("SIGTERM")).toBe(0);

    expect(plainLines(api.output())).toEqual([]);
    const refused = api
      .output()
      .split("\n")
      .filter((line) => line.includes("client connection error"))
      .map((line) => JSON.parse(line));
    expect(refused).toMatchObject([{ level: "warn", code: "HPE_INVALID_HEADER_TOKEN" }]);
  });
});
