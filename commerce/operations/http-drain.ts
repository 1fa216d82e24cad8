// How a Node HTTP server stops without cutting a request a client has already sent. Node's
// own server.close() resets such requests in two ways (issue 29 §4):
// - libuv takes one connection from the kernel's accept queue per turn of the event loop
//   (libuv 1.45, "don't accept() connections in a loop"): a busy server leaves many there,
//   and closing the listening socket makes the kernel reset every one still queued;
// - http's close() calls closeIdleConnections(), which destroys every connection with no
//   request parsed yet, including one whose request sits unread in its socket.
// So the port closes only after a turn of the loop took no new connection, a connection is
// closed only once it stayed quiet (nothing under way, nothing new read) for a whole turn,
// and every answer from the stop on carries Connection: close.
import { Server as HttpServer, type ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

type Closable = { close: (done?: (error?: Error) => void) => unknown };

export type Drain = {
  /** Resolves once the port refuses new connections. */
  portClosed: Promise<void>;
  /** Resolves true once every connection is closed, false when some had to be cut. */
  done: Promise<boolean>;
};

/** How often a stopping server looks again; short enough to add little to a stop. */
const TURN_MS = 25;

/** Resolves after a timer and then a poll phase of the loop (its sockets were looked at). */
const turn = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), TURN_MS));

type Connection = {
  /** Requests whose answer is not finished yet. */
  busy: number;
  requests: number;
  /** What it had read when it was last seen with nothing under way. */
  quietAt?: { requests: number; bytesRead: number };
};

/**
 * Starts following the server's connections (call it before the server listens); returns
 * how to drain it. A server that is not node:http's (HTTP/2) is only closed and waited for.
 */
export function drainableServer(server: Closable): (graceMs: number) => Drain {
  if (!(server instanceof HttpServer)) return (graceMs) => closeAndWait(server, graceMs);

  const connections = new Map<Socket, Connection>();
  const answering = new Set<ServerResponse>();
  let accepted = 0;
  let stopping = false;
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("Connection", "close");
  };

  server.on("connection", (socket: Socket) => {
    accepted += 1;
    connections.set(socket, { busy: 0, requests: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  // Before the app's own listener, so that the header is set before it answers.
  server.prependListener("request", (request, response) => {
    const connection = connections.get(request.socket);
    if (connection) {
      connection.busy += 1;
      connection.requests += 1;
    }
    answering.add(response);
    if (stopping) closeAfter(response);
    response.once("close", () => {
      answering.delete(response);
      if (connection) connection.busy -= 1;
    });
  });

  /** Closes the connections that stayed quiet since the last look; notes the others. */
  const closeQuietOnes = () => {
    for (const [socket, connection] of connections) {
      const now = { requests: connection.requests, bytesRead: socket.bytesRead };
      const before = connection.quietAt;
      if (connection.busy > 0) connection.quietAt = undefined;
      else if (before?.requests === now.requests && before.bytesRead === now.bytesRead) {
        socket.destroy();
      } else connection.quietAt = now;
    }
  };

  return (graceMs) => {
    stopping = true;
    for (const response of answering) closeAfter(response);
    const started = Date.now();
    const portClosed = (async () => {
      // Connections the kernel completed before the stop are taken one per turn: the port
      // stays open until a turn took none (at most half the grace, under endless traffic).
      let seen = -1;
      while (seen !== accepted && Date.now() - started < graceMs / 2) {
        seen = accepted;
        await turn();
      }
      // net's close, not http's: that one would destroy connections not yet read.
      NetServer.prototype.close.call(server);
    })();
    const done = (async () => {
      await portClosed;
      while (connections.size > 0 && Date.now() - started < graceMs) {
        closeQuietOnes();
        if (connections.size > 0) await turn();
      }
      if (connections.size === 0) return true;
      for (const socket of connections.keys()) socket.destroy();
      return false;
    })();
    return { portClosed, done };
  };
}

/** Resolves after `ms`, or with `promise` if that settles first (true: it did). */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

function closeAndWait(server: Closable, graceMs: number): Drain {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  return { portClosed: Promise.resolve(), done: within(closed, graceMs) };
}
