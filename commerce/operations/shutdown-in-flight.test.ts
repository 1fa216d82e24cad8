// SIGTERM with 50 requests sent and not yet answered, against the standalone API as a real
// process: payments the acquirer is still deciding, and behind them payments, holds and
// catalog reads whose connections wait in the kernel's queue because the server had not
// taken them yet (it is frozen with SIGSTOP while they are sent, so every one of them was
// sent before the signal). Every request gets an answer, none a reset, the process exits 0,
// and after a restart on the same data folder, payments retried with their keys charge
// nobody twice.
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { openDataFolder } from "../testing/database.ts";
import { buildFixture } from "../testing/fixture.ts";
import { createCustomersWithTokens, readyToPay, TestClock, testCard } from "../testing/harness.ts";
import { listening, serverProcessesOfTests } from "../testing/server-process.ts";

const servers = serverProcessesOfTests("commerce-shutdown-in-flight-test-");
const slow = { timeout: 120_000 };

type Call = { method: "GET" | "POST"; path: string; token?: string; body?: unknown };
type Answer = { status: number; json: unknown } | { error: string };

/**
 * One request on a connection of its own. `sent` resolves once the request is written to
 * the socket (the kernel has accepted the connection for the server, whether or not the
 * server has taken it); `answer` with the status, or the error's code.
 */
function send(port: number, call: Call): { sent: Promise<void>; answer: Promise<Answer> } {
  let written: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    written = resolve;
  });
  const answer = new Promise<Answer>((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        path: `/v2${call.path}`,
        method: call.method,
        agent: false,
        headers: {
          "Accept-Language": "en",
          ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
      },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => {
          text += chunk;
        });
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, json: parse(text) }));
        incoming.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message }),
        );
      },
    );
    outgoing.on("finish", () => written());
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      written();
      resolve({ error: error.code ?? error.message });
    });
    outgoing.end(body);
  });
  return { sent, answer };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The test catalog and 30 buyers (one purchase process each: a new one ends the last). */
async function fillFolder(folder: string) {
  const handle = await openDataFolder(folder);
  try {
    const clock = new TestClock(new Date());
    const fx = await buildFixture(handle.db, clock);
    return { fx, tokens: await createCustomersWithTokens(handle.db, clock, 30) };
  } finally {
    await handle.close();
  }
}

const payment = (processId: number, token: string): Call => ({
  method: "POST",
  path: `/Proceso/${processId}/Cobrar`,
  token,
  body: { cClaveIdempotencia: `in-flight-${processId}`, nCuotas: 1, oTarjeta: testCard() },
});

describe("SIGTERM with 50 requests in flight", () => {
  it("answers every one, exits 0, and a restart charges nobody twice", slow, async () => {
    const folder = servers.newFolder();
    const { fx, tokens } = await fillFolder(folder);
    const payers = tokens.slice(0, 10);
    const holders = tokens.slice(10);
    const env = {
      DATA_DIR: folder,
      // The acquirer decides at once and holds its answer: the first payments are under way.
      SANDBOX_ANSWER_DELAY_MS: "1500",
      MAX_PLACES_PER_PERFORMANCE: "1000",
      LOG_LEVEL: "info",
    };
    const server = await listening(servers.start(env));
    const port = Number(
      (await server.waitForOutput(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1],
    );
    const onePlace = {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
    };
    const processes: number[] = [];
    for (const token of payers) processes.push(await readyToPay(server, token, onePlace));
    const pay = (i: number) => send(port, payment(processes[i], payers[i]));

    // Five payments the acquirer is deciding when the signal comes.
    const underWay = [0, 1, 2, 3, 4].map(pay);
    while ((server.output().match(/charge decided/g) ?? []).length < 5) await sleep(20);

    // Forty-five more sent while the server takes nothing: all wait in the kernel's queue.
    server.child.kill("SIGSTOP");
    const queued = [
      ...[5, 6, 7, 8, 9].map(pay),
      ...holders.map((token) =>
        send(port, { method: "POST", path: "/Proceso/0/Posiciones/Tomar", token, body: onePlace }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        send(port, {
          method: "GET",
          path: i % 2 ? "/EspectaculosCartel" : `/Funcion/${fx.performances.main.id}`,
        }),
      ),
    ];
    await Promise.all([...underWay, ...queued].map((call) => call.sent));
    server.child.kill("SIGTERM");
    server.child.kill("SIGCONT");

    const answers = await Promise.all([...underWay, ...queued].map((call) => call.answer));
    expect(answers.filter((answer) => "error" in answer)).toEqual([]);
    const statuses = answers.map((answer) => ("status" in answer ? answer.status : 0));
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(await server.exited).toBe(0);

    // A restart on the same folder; every payment retried with its key, as a client whose
    // answer was lost would: each is paid once.
    const again = await listening(servers.start(env));
    for (const [i, id] of processes.entries()) {
      const retried = await again.call(`/Proceso/${id}/Cobrar`, {
        token: payers[i],
        body: payment(id, payers[i]).body,
      });
      expect(retried.json).toMatchObject({ nCode: 200, oData: { idPedido: expect.any(Number) } });
    }
    expect(await again.stop("SIGTERM")).toBe(0);

    const handle = await openDatabase({ dataDir: folder });
    try {
      for (const id of processes) {
        const approved = await handle.db
          .select({ key: schema.payments.idempotencyKey })
          .from(schema.payments)
          .where(and(eq(schema.payments.processId, id), eq(schema.payments.status, "APPROVED")));
        const orders = await handle.db
          .select({ id: schema.orders.id })
          .from(schema.orders)
          .where(eq(schema.orders.processId, id));
        expect([id, approved.length, orders.length]).toEqual([id, 1, 1]);
      }
      const charges = await handle.db
        .select({ key: schema.sandboxAcquirerCharges.idempotencyKey })
        .from(schema.sandboxAcquirerCharges)
        .where(eq(schema.sandboxAcquirerCharges.status, "APPROVED"));
      expect(charges.map((charge) => charge.key).sort()).toEqual(
        processes.map((id) => `in-flight-${id}`).sort(),
      );
    } finally {
      await handle.close();
    }
  });
});
