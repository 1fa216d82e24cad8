// A storefront on a remote API is ready while that API's /readyz says 200: not while it is
// starting, its database failing, or nothing listens there.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readinessUrlOf, remoteApiCheck } from "./remote-readiness.ts";

let api: Server;
let apiUrl = "";
let status = 200;
const asked: string[] = [];

beforeAll(async () => {
  api = createServer((request, response) => {
    asked.push(request.url ?? "");
    response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v2`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));

it("finds the probe beside the API's root", () => {
  expect(readinessUrlOf("http://api.internal:3100/v2")).toBe("http://api.internal:3100/readyz");
  expect(readinessUrlOf("http://api.internal:3100/v2/")).toBe("http://api.internal:3100/readyz");
  expect(readinessUrlOf("https://shop.example/api/v2")).toBe("https://shop.example/api/readyz");
});

it("is up while the API's /readyz answers 200, down when it answers 503", async () => {
  status = 200;
  expect(await remoteApiCheck(apiUrl, { cacheMs: 0 })()).toBe(true);
  expect(asked.at(-1)).toBe("/readyz");
  status = 503;
  expect(await remoteApiCheck(apiUrl, { cacheMs: 0 })()).toBe(false);
});

it("is down when nothing answers at the API's address", async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  expect(await remoteApiCheck(`http://127.0.0.1:${port}/v2`)()).toBe(false);
});
