// The waiting room's API calls with good and bad input (issue 12): every refusal a clear 4xx
// in the envelope, never a 500, nothing changed by a refused call.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { queueEntries, queueSettings } from "../db/schema.ts";
import { signAdmissionToken, verifyAdmissionToken } from "../queue/admission-token.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { grantStaffRole } from "../testing/harness.ts";
import { join, minutesFromNow, queueOn, takeTurn } from "../testing/queue.ts";

const api = setUpApiTests({ customers: ["ana", "bruno", "operator"] });
let main: number;
beforeEach(async () => {
  main = api.fx.performances.main.id;
  await grantStaffRole(api.db, "operator@example.com", "OPERATOR");
});

const settingsBody = () => ({
  lActiva: true,
  dInicioVenta: minutesFromNow(api.t, 30),
  nAdmisionesPorMinuto: 10,
  nMaximoActivos: 50,
  nVentanaCompraSegundos: 600,
});

describe("Colas (the queued performances)", () => {
  it("lists the performances whose queue is on, for anyone", async () => {
    const none = await api.t.call("/Colas");
    expect(none.json).toEqual({ nCode: 200, oData: [] });
    await queueOn(api.t, api.tokens.operator, main);
    expect((await api.t.call("/Colas")).json.oData).toEqual([main]);
    await queueOn(api.t, api.tokens.operator, main, { lActiva: false });
    expect((await api.t.call("/Colas")).json.oData).toEqual([]);
  });

  it("leaves out a queue of a performance already past", async () => {
    await queueOn(api.t, api.tokens.operator, api.fx.performances.past.id);
    expect((await api.t.call("/Colas")).json.oData).toEqual([]);
  });
});

describe("Cola/ClavePublica", () => {
  it("publishes the key that verifies the admission tokens, and only that", async () => {
    const { json } = await api.t.call("/Cola/ClavePublica");
    expect(json.oData.cAlgoritmo).toBe("Ed25519");
    expect(json.oData.cPem).toContain("BEGIN PUBLIC KEY");
    expect(json.oData.cPem).not.toContain("PRIVATE");
    const { createPublicKey } = await import("node:crypto");
    const publicKey = createPublicKey(json.oData.cPem);
    const now = api.t.clock.now();
    const token = signAdmissionToken(api.t.deps.queueSigningKey, {
      performanceId: 1,
      customerId: 2,
      entryId: 3,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const check = verifyAdmissionToken(publicKey, token, { performanceId: 1, customerId: 2, now });
    expect(check.ok).toBe(true);
  });
});

describe("PUT Cola/{idFuncion}/Configuracion", () => {
  const put = (token: string | undefined, id: number | string, body: unknown) =>
    api.t.call(`/Cola/${id}/Configuracion`, { method: "PUT", token, body, language: "en" });

  it("sets the queue up with a commitment to a secret seed, for operators", async () => {
    const { status, json } = await put(api.tokens.operator, main, settingsBody());
    expect(status).toBe(200);
    const [row] = await api.db.select().from(queueSettings);
    expect(json.oData).toMatchObject({ idFuncion: main, lActiva: true, nAdmisionesPorMinuto: 10 });
    const commitment = createHash("sha256").update(Buffer.from(row.seed, "hex")).digest("hex");
    expect(json.oData.cCompromiso).toBe(commitment);
    expect(JSON.stringify(json)).not.toContain(row.seed);
    // A change keeps the seed it committed to.
    await put(api.tokens.operator, main, { ...settingsBody(), nMaximoActivos: 7 });
    const [changed] = await api.db.select().from(queueSettings);
    expect(changed).toMatchObject({ seed: row.seed, maxActive: 7 });
  });

  it("is 401 without a login and 403 for a customer who is no operator", async () => {
    expect((await put(undefined, main, settingsBody())).status).toBe(401);
    const refused = await put(api.tokens.ana, main, settingsBody());
    expect(refused.status).toBe(403);
    expect(refused.json.oData.cCodigo).toBe("FORBIDDEN");
    expect(await api.db.select().from(queueSettings)).toEqual([]);
  });

  it("is 404 for a performance that does not exist", async () => {
    const { status, json } = await put(api.tokens.operator, 999_999, settingsBody());
    expect(status).toBe(404);
    expect(json.oData.cCodigo).toBe("NOT_FOUND");
  });

  it("refuses bad input with the field named, and changes nothing", async () => {
    const bad: [string, unknown][] = [
      ["nAdmisionesPorMinuto", { ...settingsBody(), nAdmisionesPorMinuto: 0 }],
      ["nMaximoActivos", { ...settingsBody(), nMaximoActivos: -3 }],
      ["nVentanaCompraSegundos", { ...settingsBody(), nVentanaCompraSegundos: 1.5 }],
      ["nAdmisionesPorMinuto", { ...settingsBody(), nAdmisionesPorMinuto: "10" }],
      ["dInicioVenta", { ...settingsBody(), dInicioVenta: "tomorrow" }],
      ["dInicioVenta", { ...settingsBody(), dInicioVenta: "2031-03-10T12:00:00" }],
      ["lActiva", { ...settingsBody(), lActiva: "yes" }],
      ["_", "{not json"],
      ["_", [1, 2]],
      ["_", null],
    ];
    for (const [field, body] of bad) {
      const { status, json } = await put(api.tokens.operator, main, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
      expect(Object.keys(json.oData.oErrores ?? {}).join(), JSON.stringify(body)).toContain(
        field === "_" ? "" : field,
      );
    }
    for (const id of ["abc", "0", "-1", "1e3", "99999999999"]) {
      expect((await put(api.tokens.operator, id, settingsBody())).status).toBe(400);
    }
    expect(await api.db.select().from(queueSettings)).toEqual([]);
  });

  it("keeps the sale start once the pre-queue was shuffled", async () => {
    await queueOn(api.t, api.tokens.operator, main, { dInicioVenta: minutesFromNow(api.t, 1) });
    api.t.clock.advanceMinutes(2);
    await join(api.t, api.tokens.ana, main); // shuffles the (empty) pre-queue
    const moved = await put(api.tokens.operator, main, {
      ...settingsBody(),
      dInicioVenta: minutesFromNow(api.t, 60),
    });
    expect(moved.status).toBe(400);
    expect(moved.json.oData.oErrores).toEqual({ dInicioVenta: ["queueAlreadyStarted"] });
  });
});

describe("GET Cola/{idFuncion} (the turn call)", () => {
  it("lets anyone through to the performance's page when it has no queue", async () => {
    const { json } = await takeTurn(api.t, api.tokens.ana, main);
    expect(json.oData).toEqual({ redirect_url: `/funcion/obra-de-prueba/${main}` });
  });

  it("is 401 without a login, 400 for a bad id, 404 for an unknown performance", async () => {
    expect((await api.t.call(`/Cola/${main}`)).status).toBe(401);
    for (const id of ["abc", "0", "1.5", "%20", "99999999999"]) {
      expect((await api.t.call(`/Cola/${id}`, { token: api.tokens.ana })).status).toBe(400);
    }
    const unknown = await api.t.call("/Cola/999999", { token: api.tokens.ana });
    expect(unknown.status).toBe(404);
  });

  it("refuses an empty or oversized token as bad input", async () => {
    await queueOn(api.t, api.tokens.operator, main);
    expect((await takeTurn(api.t, api.tokens.ana, main, "")).status).toBe(400);
    expect((await takeTurn(api.t, api.tokens.ana, main, "x".repeat(700))).status).toBe(400);
    expect(await api.db.select().from(queueEntries)).toEqual([]);
  });

  it("refuses a token that is not one with 403 QUEUE_TOKEN_INVALID, in the caller's language", async () => {
    await queueOn(api.t, api.tokens.operator, main);
    const { status, json } = await takeTurn(api.t, api.tokens.ana, main, "garbage.token");
    expect(status).toBe(403);
    expect(json.nCode).toBe(403);
    expect(json.oData.cCodigo).toBe("QUEUE_TOKEN_INVALID");
    expect(json.cMensaje).toMatch(/queue pass is not valid/);
    expect(await api.db.select().from(queueEntries)).toEqual([]);
  });

  it("joins a queue that is on, once per customer, with a waiting ticket", async () => {
    await queueOn(api.t, api.tokens.operator, main);
    const first = await join(api.t, api.tokens.ana, main);
    const again = await join(api.t, api.tokens.ana, main);
    const other = await join(api.t, api.tokens.bruno, main);
    expect(again.entryId).toBe(first.entryId);
    expect(other.entryId).not.toBe(first.entryId);
    // Before the sale start: the pre-queue, no place yet.
    expect(first.position).toBeNull();
    const entries = await api.db.select().from(queueEntries);
    expect(entries.map((entry) => [entry.preQueue, entry.state])).toEqual([
      [true, "waiting"],
      [true, "waiting"],
    ]);
    expect(entries[0].turnCode).toMatch(/^[A-Z2-9]{6}$/);
  });
});

describe("DELETE Cola/{idFuncion}", () => {
  const leave = (token: string | undefined, id: number | string) =>
    api.t.call(`/Cola/${id}`, { method: "DELETE", token });

  it("leaves the customer's own place only, once", async () => {
    await queueOn(api.t, api.tokens.operator, main);
    await join(api.t, api.tokens.ana, main);
    await join(api.t, api.tokens.bruno, main);
    expect((await leave(api.tokens.ana, main)).json.oData).toEqual({ lSalio: true });
    expect((await leave(api.tokens.ana, main)).json.oData).toEqual({ lSalio: false });
    const states = await api.db
      .select({ state: queueEntries.state })
      .from(queueEntries)
      .orderBy(queueEntries.id);
    expect(states.map((row) => row.state)).toEqual(["left", "waiting"]);
  });

  it("is 401 without a login, 400 for a bad id, 404 for an unknown performance", async () => {
    expect((await leave(undefined, main)).status).toBe(401);
    expect((await leave(api.tokens.ana, "x")).status).toBe(400);
    expect((await leave(api.tokens.ana, 999_999)).status).toBe(404);
  });
});

describe("GET Cola/{idFuncion}/Equidad", () => {
  it("publishes the commitment and no seed before the shuffle", async () => {
    const settings = await queueOn(api.t, api.tokens.operator, main);
    await join(api.t, api.tokens.ana, main);
    const { json } = await api.t.call(`/Cola/${main}/Equidad`);
    expect(json.oData).toMatchObject({
      cCompromiso: settings.cCompromiso,
      cSemilla: null,
      listaPrecola: [],
      listaOrden: [],
      oCantidades: { nEsperando: 1 },
    });
    const [row] = await api.db
      .select()
      .from(queueSettings)
      .where(eq(queueSettings.performanceId, main));
    expect(JSON.stringify(json)).not.toContain(row.seed);
  });

  it("is 404 for a performance without a queue and 400 for a bad id", async () => {
    expect((await api.t.call(`/Cola/${main}/Equidad`)).status).toBe(404);
    expect((await api.t.call("/Cola/abc/Equidad")).status).toBe(400);
  });
});

describe("the queue calls in the API's description", () => {
  it("are listed in /v2/openapi.json", async () => {
    const document = await (await api.t.request("/openapi.json")).json();
    for (const path of ["/Colas", "/Cola/{idFuncion}", "/Cola/{idFuncion}/Configuracion"]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(Object.keys(document.paths["/Cola/{idFuncion}"])).toEqual(["get", "delete"]);
    expect(Object.keys(document.paths["/Cola/{idFuncion}/Configuracion"])).toEqual(["put"]);
  });
});
