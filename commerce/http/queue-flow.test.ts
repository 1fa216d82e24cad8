// The waiting room from arrival to purchase (issue 12), on the test's clock: the pre-queue is
// shuffled at the first pass after the sale start, visitors are let in at the rate, the
// admission token is used once, and only a live pass takes places. Tokens that are forged,
// replayed, expired, another's or for another performance are refused.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { positions, queueEntries } from "../db/schema.ts";
import { signAdmissionToken } from "../queue/admission-token.ts";
import { verifyReveal } from "../queue/commitment.ts";
import { entryById, spendAdmission } from "../queue/entries.ts";
import { shuffleWithSeed } from "../queue/shuffle.ts";
import { admissionTokenOf } from "../queue/turn.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { grantStaffRole, TEST_TICKET_SIGNING_KEY } from "../testing/harness.ts";
import {
  admissionPass,
  join,
  minutesFromNow,
  queueOn,
  takeTurn,
  waitPolling,
} from "../testing/queue.ts";

const api = setUpApiTests({ customers: ["ana", "bruno", "carla", "dario", "clerk", "operator"] });
let main: number;
beforeEach(async () => {
  main = api.fx.performances.main.id;
  await grantStaffRole(api.db, "operator@example.com", "OPERATOR");
  await grantStaffRole(api.db, "clerk@example.com", "BOX_CLERK");
});

const path = () => `/funcion/obra-de-prueba/${main}`;
const seconds = (n: number) => api.t.clock.advanceMinutes(n / 60);

/** The token the waiting page would hand this customer's entry once let in. */
async function tokenOf(entryId: number) {
  const entry = await entryById(api.db, entryId);
  if (!entry) throw new Error(`no entry ${entryId}`);
  return admissionTokenOf(api.t.deps, entry);
}

/** A queue whose sale started, with ana let in. */
async function anaLetIn(settings: Parameters<typeof queueOn>[3] = {}) {
  await queueOn(api.t, api.tokens.operator, main, {
    dInicioVenta: minutesFromNow(api.t, 1),
    ...settings,
  });
  const ticket = await join(api.t, api.tokens.ana, main);
  // Shuffled at 60 s, let in at 62 s (one a second).
  await waitPolling(api.t, 62, [ticket.entryId]);
  expect((await entryById(api.db, ticket.entryId))?.state).toBe("admitted");
  return { ticket, token: await tokenOf(ticket.entryId) };
}

const takeGeneral = (token: string, extra: Record<string, unknown> = {}) =>
  api.t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    language: "en",
    body: {
      idFuncion: main,
      listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
      ...extra,
    },
  });

const heldCount = async () =>
  (await api.db.select().from(positions)).filter((p) => p.heldByProcessId !== null).length;

describe("the pre-queue", () => {
  it("is shuffled at the sale start by the committed seed, verifiably", async () => {
    const settings = await queueOn(api.t, api.tokens.operator, main, {
      dInicioVenta: minutesFromNow(api.t, 10),
      nAdmisionesPorMinuto: 2,
    });
    const names = ["ana", "bruno", "carla", "dario"] as const;
    const tickets = [];
    for (const name of names) tickets.push(await join(api.t, api.tokens[name], main));
    // Before the start, nobody has a place and nobody is let in.
    await admissionPass(api.t);
    expect((await api.db.select().from(queueEntries)).every((e) => e.position === null)).toBe(true);

    const ids = tickets.map((ticket) => ticket.entryId);
    await waitPolling(api.t, 600, ids);
    const entriesAtStart = await api.db.select().from(queueEntries);
    expect(entriesAtStart.every((e) => e.state === "waiting" && e.position !== null)).toBe(true);

    const { json } = await api.t.call(`/Cola/${main}/Equidad`);
    const report = json.oData;
    expect(report.cCompromiso).toBe(settings.cCompromiso);
    expect(verifyReveal(report.cSemilla, report.cCompromiso)).toBe(true);
    expect(report.listaPrecola).toHaveLength(4);
    expect(report.listaOrden).toEqual(shuffleWithSeed(report.listaPrecola, report.cSemilla));
    // Places follow the published order.
    const entries = await api.db.select().from(queueEntries);
    for (const entry of entries) {
      expect(report.listaOrden.indexOf(entry.turnCode) + 1).toBe(entry.position);
    }
    // A later arrival queues after the whole pre-queue.
    const late = await api.t.call(`/Cola/${main}`, { token: api.tokens.clerk });
    expect(late.json.oData.redirect_url).toBe("");
    const [lateEntry] = await api.db
      .select()
      .from(queueEntries)
      .where(eq(queueEntries.preQueue, false));
    expect(lateEntry.position).toBe(5);

    // Two a minute: after 30 s one is let in, the first by place.
    await waitPolling(api.t, 30, [...ids, lateEntry.id]);
    const admitted = (await api.db.select().from(queueEntries)).filter((e) => e.admittedAt);
    expect(admitted.map((e) => e.position)).toEqual([1]);
    const stats = (await api.t.call(`/Cola/${main}/Equidad`)).json.oData;
    expect(stats.listaAdmitidosPorMinuto).toEqual([1]);
    expect(stats.nEsperaMedianaSegundos).toBe(30);
  });

  it("places a visitor arriving after the start but before any pass after the pre-queue", async () => {
    await queueOn(api.t, api.tokens.operator, main, { dInicioVenta: minutesFromNow(api.t, 1) });
    await join(api.t, api.tokens.ana, main);
    await join(api.t, api.tokens.bruno, main);
    api.t.clock.advanceMinutes(2);
    const carla = await join(api.t, api.tokens.carla, main);
    expect(carla.position).toBe(3);
  });
});

describe("the admission token", () => {
  it("lets its customer through once, and the pass holds for the shopping window", async () => {
    const { token } = await anaLetIn({ nVentanaCompraSegundos: 300 });
    const used = await takeTurn(api.t, api.tokens.ana, main, token);
    expect(used.json.oData).toEqual({ redirect_url: path() });
    // The live pass: through without a token, and the places can be taken.
    expect((await takeTurn(api.t, api.tokens.ana, main)).json.oData.redirect_url).toBe(path());
    expect((await takeGeneral(api.tokens.ana)).json.nCode).toBe(200);
    // Once the window is over, the same token is a replay.
    seconds(301);
    await admissionPass(api.t);
    const replay = await takeTurn(api.t, api.tokens.ana, main, token);
    expect(replay.status).toBe(403);
    expect(replay.json.oData.cCodigo).toBe("QUEUE_TOKEN_INVALID");
  });

  it("is refused to another customer, for another performance, expired or forged", async () => {
    const { token, ticket } = await anaLetIn();
    const other = await takeTurn(api.t, api.tokens.bruno, main, token);
    expect([other.status, other.json.oData.cCodigo]).toEqual([403, "QUEUE_TOKEN_INVALID"]);

    const later = api.fx.performances.later.id;
    await queueOn(api.t, api.tokens.operator, later);
    const wrongShow = await takeTurn(api.t, api.tokens.ana, later, token);
    expect([wrongShow.status, wrongShow.json.oData.cCodigo]).toEqual([403, "QUEUE_TOKEN_INVALID"]);

    const entry = await entryById(api.db, ticket.entryId);
    const forged = signAdmissionToken(TEST_TICKET_SIGNING_KEY, {
      performanceId: main,
      customerId: entry?.customerId ?? 0,
      entryId: ticket.entryId,
      expiresAt: new Date(api.t.clock.now().getTime() + 60_000),
    });
    expect((await takeTurn(api.t, api.tokens.ana, main, forged)).status).toBe(403);

    api.t.clock.advanceMinutes(6);
    expect((await takeTurn(api.t, api.tokens.ana, main, token)).status).toBe(403);
    // None of it used the entry.
    expect((await entryById(api.db, ticket.entryId))?.usedAt).toBeNull();
  });

  it("is used by exactly one of two uses at once", async () => {
    const { ticket } = await anaLetIn();
    const entry = await entryById(api.db, ticket.entryId);
    const use = () =>
      spendAdmission(api.db, {
        entryId: ticket.entryId,
        performanceId: main,
        customerId: entry?.customerId ?? 0,
        now: api.t.clock.now(),
        windowSeconds: 600,
      });
    const results = await Promise.all([use(), use(), use()]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("survives two turn calls racing with it: one use, no error", async () => {
    const { token, ticket } = await anaLetIn();
    const answers = await Promise.all([
      takeTurn(api.t, api.tokens.ana, main, token),
      takeTurn(api.t, api.tokens.ana, main, token),
    ]);
    for (const answer of answers) expect([200, 403]).toContain(answer.status);
    expect(answers.some((answer) => answer.json.oData.redirect_url === path())).toBe(true);
    expect((await entryById(api.db, ticket.entryId))?.state).toBe("active");
  });
});

describe("the hold on the seat inventory", () => {
  it("refuses takes without a live pass once the sale started, and changes nothing", async () => {
    await anaLetIn();
    const held = await heldCount();
    for (const attempt of [
      () => takeGeneral(api.tokens.bruno),
      () =>
        api.t.call("/Proceso/0/Posiciones/TomarGrupo", {
          token: api.tokens.bruno,
          body: { idFuncion: main, idSector: api.fx.sectors.general.id, nCantidad: 2 },
        }),
      () =>
        api.t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
          token: api.tokens.bruno,
          body: {
            idFuncion: main,
            listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
            lAceptaCondiciones: true,
          },
        }),
      // Let in but the token not used yet: no pass either.
      () => takeGeneral(api.tokens.ana),
    ]) {
      const { status, json } = await attempt();
      expect(status).toBe(403);
      expect(json.oData.cCodigo).toBe("QUEUE_PASS_REQUIRED");
    }
    expect(await heldCount()).toBe(held);
  });

  it("lets the box office sell without a pass, and other performances alone", async () => {
    await anaLetIn();
    expect((await takeGeneral(api.tokens.clerk, { ctProcess: "BOX" })).json.nCode).toBe(200);
    const later = await api.t.call("/Proceso/0/Posiciones/Tomar", {
      token: api.tokens.bruno,
      body: {
        idFuncion: api.fx.performances.later.id,
        listaSectores: [{ idSector: api.fx.sectors.laterGeneral.id, nCantidad: 1 }],
      },
    });
    expect(later.json.nCode).toBe(200);
  });

  it("does not hold takes before the sale start, nor when the queue is off", async () => {
    await queueOn(api.t, api.tokens.operator, main, { dInicioVenta: minutesFromNow(api.t, 30) });
    expect((await takeGeneral(api.tokens.bruno)).json.nCode).toBe(200);
    await queueOn(api.t, api.tokens.operator, main, {
      lActiva: false,
      dInicioVenta: minutesFromNow(api.t, -5),
    });
    expect((await takeGeneral(api.tokens.carla)).json.nCode).toBe(200);
  });
});

describe("the admission job", () => {
  it("lets a waiting visitor go once they stop polling for a minute", async () => {
    await queueOn(api.t, api.tokens.operator, main, {
      dInicioVenta: minutesFromNow(api.t, 5),
    });
    const ana = await join(api.t, api.tokens.ana, main);
    seconds(61);
    await admissionPass(api.t);
    expect((await entryById(api.db, ana.entryId))?.state).toBe("expired");
    // Coming back joins again: a new entry.
    const again = await join(api.t, api.tokens.ana, main);
    expect(again.entryId).not.toBe(ana.entryId);
  });

  it("lets go of a visitor let in who never used the token, making room for the next", async () => {
    await queueOn(api.t, api.tokens.operator, main, {
      dInicioVenta: minutesFromNow(api.t, 1),
      nMaximoActivos: 1,
    });
    const ana = await join(api.t, api.tokens.ana, main);
    const bruno = await join(api.t, api.tokens.bruno, main);
    const ids = [ana.entryId, bruno.entryId];
    await waitPolling(api.t, 62, ids);
    const first = (await api.db.select().from(queueEntries)).find((e) => e.state === "admitted");
    expect(first).toBeDefined();
    // Five minutes of token life, then the room goes to the other one.
    await waitPolling(api.t, 300, ids);
    const states = new Map(
      (await api.db.select().from(queueEntries)).map((e) => [e.id, e.state] as const),
    );
    expect(states.get(first?.id ?? 0)).toBe("expired");
    expect([...states.values()].sort()).toEqual(["admitted", "expired"]);
  });

  it("gives two joins of one customer at once one entry", async () => {
    await queueOn(api.t, api.tokens.operator, main, { dInicioVenta: minutesFromNow(api.t, -1) });
    const tickets = await Promise.all([1, 2, 3].map(() => join(api.t, api.tokens.ana, main)));
    expect(new Set(tickets.map((ticket) => ticket.entryId)).size).toBe(1);
    const entries = await api.db.select().from(queueEntries);
    expect(entries).toHaveLength(1);
    expect(entries[0].position).toBe(1);
  });

  it("never has more buyers let in at once than the maximum", async () => {
    await queueOn(api.t, api.tokens.operator, main, {
      dInicioVenta: minutesFromNow(api.t, 1),
      nAdmisionesPorMinuto: 600,
      nMaximoActivos: 2,
    });
    const ids: number[] = [];
    for (const name of ["ana", "bruno", "carla", "dario"] as const) {
      ids.push((await join(api.t, api.tokens[name], main)).entryId);
    }
    await waitPolling(api.t, 70, ids);
    const states = (await api.db.select().from(queueEntries)).map((e) => e.state).sort();
    expect(states).toEqual(["admitted", "admitted", "waiting", "waiting"]);
  });

  it("does a queue's pass on one node at a time (advisory lock)", async () => {
    await queueOn(api.t, api.tokens.operator, main, { dInicioVenta: minutesFromNow(api.t, -1) });
    const passes = await Promise.all([admissionPass(api.t), admissionPass(api.t)]);
    const done = passes.map((pass) => pass.get(main)).filter((pass) => pass !== null);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.filter((pass) => pass?.revealed)).toHaveLength(1);
  });
});
