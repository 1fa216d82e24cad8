// The standalone API as a real process, started and stopped as an orchestrator does it: the
// port opens before the database is made (readiness 503, other requests a translated 503),
// and SIGTERM in the middle of a payment lets that payment finish and answer, refuses new
// connections, waits for the confirmation mail the sale started, closes the database and
// exits 0 without an error line.
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readyToPay, testCard } from "../testing/harness.ts";
import { fillShopFolder, listening, serverProcessesOfTests } from "../testing/server-process.ts";

const servers = serverProcessesOfTests("commerce-shutdown-test-");
const slow = { timeout: 300_000 };

const start = (env: Record<string, string>) => servers.start({ LOG_LEVEL: "info", ...env });
const newFolder = () => servers.newFolder();

/** One GET on a connection of its own (never a pooled one): its status, or the error's code. */
function getOnNewConnection(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const call = request({ host: "127.0.0.1", port, path, agent: false }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    call.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    call.end();
  });
}

async function json(port: number, path: string, language = "en") {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { "Accept-Language": language },
  });
  return { status: answer.status, body: await answer.json() };
}

/** The structured lines of a process's output. */
const logLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string });

describe("the start", () => {
  it("opens the port first: 503 until the database is made, then ready", slow, async () => {
    // An empty folder: PGlite makes the database (initdb, seconds) before migrating it, long
    // after the port opened.
    const server = start({ DATA_DIR: newFolder() });
    const port = Number((await server.waitForOutput(/port (\d+) open on 127\.0\.0\.1/))[1]);
    const [ready, api, alive] = await Promise.all([
      json(port, "/readyz"),
      json(port, "/v2/EspectaculoCartelTipos"),
      json(port, "/healthz"),
    ]);
    expect(ready).toEqual({ status: 503, body: { status: "starting" } });
    expect(alive).toEqual({ status: 200, body: { status: "up" } });
    // The API's envelope, translated.
    expect([api.status, api.body.nCode, api.body.oData.cCodigo]).toEqual([503, 503, "UNAVAILABLE"]);
    expect(api.body.cMensaje).toBe(
      "The service is not available right now. Please try again in a few seconds.",
    );

    await listening(server);
    expect(await json(port, "/readyz")).toEqual({
      status: 200,
      body: { status: "ready", database: "up" },
    });
    expect((await json(port, "/v2/EspectaculoCartelTipos")).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
  });
});

describe("SIGTERM during a payment", () => {
  it("finishes the payment, refuses new connections, sends the mail, exits 0", slow, async () => {
    const folder = newFolder();
    const { fx, token } = await fillShopFolder(folder);

    // The acquirer decides at once and holds its answer for 3 s: the charge is slow.
    const server = await listening(start({ DATA_DIR: folder, SANDBOX_ANSWER_DELAY_MS: "3000" }));
    const port = Number(
      (await server.waitForOutput(/listening on http:\/\/127\.0\.0\.1:(\d+)/))[1],
    );
    const processId = await readyToPay(server, token, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
    });
    const paying = server.call(`/Proceso/${processId}/Cobrar`, {
      token,
      body: { cClaveIdempotencia: "shutdown-key-0001", nCuotas: 1, oTarjeta: testCard() },
    });
    await server.waitForOutput(/sandbox acquirer: charge decided \(APPROVED\)/);

    server.child.kill("SIGTERM");
    await server.waitForOutput(/commerce API: SIGTERM, shutting down/);
    expect(await getOnNewConnection(port, "/healthz")).toBe("ECONNREFUSED");

    const paid = await paying;
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ nCode: 200, oData: { idPedido: expect.any(Number) } });
    expect(await server.exited).toBe(0);

    const lines = logLines(server.output());
    expect(lines.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    expect(server.output()).not.toContain("PGlite is closed");
    expect(lines.map((line) => line.msg)).toContain("commerce API: stopped");
    // The confirmation mail the sale started after its answer was written before the stop.
    expect(
      readdirSync(join(folder, "outbox")).filter((name) => name.endsWith(".eml")),
    ).toHaveLength(1);
  });
});
