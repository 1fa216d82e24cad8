// The waiting-room bench's machinery (bench/queue.ts): HTTP over keep-alive connections to the
// API (api-process.ts), and an open-loop load at a fixed rate.
import { Agent, request } from "node:http";
import type { RunningApi } from "./api-process.ts";
import { percentile } from "./onsale-load.ts";
import { cpuSeconds } from "./process-cpu.ts";

export { percentile };

// ---------------------------------------------------------------- HTTP

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** The keep-alive connections go (at the bench's exit). */
export const closeConnections = () => agent.destroy();

export type Answer = { status: number; body: string; setCookie: string[] };

function send(
  api: RunningApi,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${api.base}${path}`,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload
            ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            setCookie: res.headers["set-cookie"] ?? [],
          }),
        );
        res.on("error", fail);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timed out after 30 s")));
    req.on("error", fail);
    req.end(payload);
  });
}

/** A /v2 call whose envelope must say 200: its oData. */
export async function v2<T>(
  api: RunningApi,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { "Accept-Language": "es" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await send(api, method, `/v2${path}`, headers, body);
  const json = JSON.parse(answer.body) as { nCode: number; oData: T };
  if (json.nCode !== 200) throw new Error(`${method} ${path}: ${answer.body.slice(0, 300)}`);
  return json.oData;
}

// ---------------------------------------------------------------- open-loop load

export type LoadResult = {
  sent: number;
  latencies: number[];
  statuses: Map<string, number>;
  cpuSeconds: number;
  elapsed: number;
};

/**
 * `perSecond` requests a second for `duration` seconds, started on a fixed schedule whatever the
 * answers (open loop: a slow server does not slow the clients down), request i built by
 * `next(i)`. Latency counts from the planned start, so queueing in the client counts too.
 */
export async function openLoop(
  api: RunningApi,
  perSecond: number,
  duration: number,
  next: (i: number) => { path: string; headers: Record<string, string> },
  answered: (i: number, answer: Answer) => void = () => {},
): Promise<LoadResult> {
  const pid = api.child.pid as number;
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  const total = Math.round(perSecond * duration);
  const stepMs = 1000 / perSecond;
  let sent = 0;
  while (sent < total && !api.exited) {
    const due = started + sent * stepMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Every request due by now goes out (timers are coarser than 2 ms).
    while (sent < total && started + sent * stepMs <= performance.now()) {
      const planned = started + sent * stepMs;
      const index = sent;
      const { path, headers } = next(index);
      const call = send(api, "GET", path, headers).then(
        (answer) => {
          latencies.push(performance.now() - planned);
          answered(index, answer);
          const key = String(answer.status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        },
        (error: Error) => {
          statuses.set(error.message, (statuses.get(error.message) ?? 0) + 1);
        },
      );
      const tracked = call.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      sent += 1;
    }
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  return { sent, latencies, statuses, cpuSeconds: cpuSeconds(pid) - cpuBefore, elapsed };
}
