// A stopping node:http server (http-drain.ts): the answer under way finishes and closes its
// connection, an idle kept-alive connection is closed, a new one is refused, and a request a
// client wrote on its kept-alive connection just as the stop began is answered, not reset.
import { Agent, createServer, get, type IncomingMessage, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { drainableServer } from "./http-drain.ts";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  servers.push(server);
  const drain = drainableServer(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { drain, port };
}

function fetchOn(agent: Agent, port: number, path: string) {
  return new Promise<{ response: IncomingMessage; body: string; socket: Socket }>(
    (resolve, reject) => {
      get({ host: "127.0.0.1", port, path, agent }, (response) => {
        // Kept: a kept-alive socket goes back to its agent when the answer ends.
        const socket = response.socket;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ response, body, socket }));
      }).on("error", reject);
    },
  );
}

/** Reads from a raw socket until `text` has come (or the socket ends: everything read). */
function readUntil(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let read = "";
    const onData = (chunk: Buffer) => {
      read += chunk.toString();
      if (read.includes(text)) finish();
    };
    const finish = () => {
      socket.off("data", onData);
      resolve(read);
    };
    socket.on("data", onData);
    socket.once("end", finish);
    socket.once("error", reject);
  });
}

it("finishes the answer under way with Connection: close, closes idle connections, refuses new ones", async () => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let slowArrived: () => void = () => {};
  const slowUnderWay = new Promise<void>((resolve) => {
    slowArrived = resolve;
  });
  const { drain, port } = await serve((request, response) => {
    if (request.url !== "/slow") return void response.end("fast");
    slowArrived();
    void released.then(() => response.end("slow"));
  });
  const idle = new Agent({ keepAlive: true });
  const busy = new Agent({ keepAlive: true });
  const first = await fetchOn(idle, port, "/fast");
  expect(first.response.headers.connection).toBe("keep-alive");
  const idleSocketClosed = new Promise((resolve) => first.socket.once("close", resolve));
  const slow = fetchOn(busy, port, "/slow");
  await slowUnderWay;

  const { portClosed, done } = drain(10_000);
  await portClosed;
  const refused = await fetchOn(new Agent(), port, "/fast").catch((error) => error.code);
  expect(refused).toBe("ECONNREFUSED");
  await idleSocketClosed;
  release();
  const answered = await slow;
  expect([answered.body, answered.response.headers.connection]).toEqual(["slow", "close"]);
  expect(await done).toBe(true);
});

it("answers a request written on a kept-alive connection as the stop begins", async () => {
  const { drain, port } = await serve((_request, response) => response.end("ok"));
  const socket = connect(port, "127.0.0.1");
  const ask = (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
  ask("/first");
  expect(await readUntil(socket, "\r\n\r\nok")).toMatch(/^HTTP\/1\.1 200/);

  // Written to the kernel at once; the server reads it only on its loop's next turn.
  ask("/second");
  const { done } = drain(10_000);
  const second = await readUntil(socket, "\r\n\r\nok");
  expect(second).toMatch(/^HTTP\/1\.1 200/);
  expect(second.toLowerCase()).toContain("connection: close");
  expect(await done).toBe(true);
  socket.destroy();
});
