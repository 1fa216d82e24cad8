// The group calls on positions through the API: TomarGrupo (a sector or the whole hall,
// wheelchair places), Posiciones, SoltarGrupo, CambiarParaSector; their refusals and bad input.
import { and, eq, isNotNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { groupHoldResponse, heldPlacesResponse, purchaseProcessSchema } from "../contract/index.ts";
import {
  customers,
  externalLogins,
  hallSeats,
  positions,
  purchaseProcesses,
  sectors,
} from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { addNumberedSector } from "../testing/group-holds.ts";
import { buildFixture, type Fixture } from "../testing/harness.ts";

// Rows A and B of 6 seats: fx.seatIds[0..5] are A1-A6, [6..11] are B1-B6.
const api = setUpApiTests<Fixture>({
  customers: ["alice", "bob"],
  fixture: (db, clock) => buildFixture(db, clock, { seatsPerRow: 6 }),
});

const seat = (row: "A" | "B", number: number) => api.fx.seatIds[(row === "A" ? 0 : 6) + number - 1];

function group(processId: number, body: Record<string, unknown>, token = api.tokens.alice) {
  return api.t.call(`/Proceso/${processId}/Posiciones/TomarGrupo`, {
    token,
    body: { idFuncion: api.fx.performances.main.id, ...body },
  });
}

async function groupOk(processId: number, body: Record<string, unknown>, token?: string) {
  const { status, json } = await group(processId, body, token);
  expect(status).toBe(200);
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return groupHoldResponse.parse(json.oData);
}

async function takeSeats(token: string, ids: number[]) {
  const { json } = await api.t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: { idFuncion: api.fx.performances.main.id, listaPosiciones: ids },
  });
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return purchaseProcessSchema.parse(json.oData).idProcesoDeCompra;
}

/** Every held place, as [place, process], to compare before and after a refused call. */
function holdings() {
  return api.db
    .select({ id: positions.id, by: positions.heldByProcessId })
    .from(positions)
    .where(isNotNull(positions.heldByProcessId))
    .orderBy(positions.id);
}

/** A second numbered sector of the main performance, "Pullman", with one row of `count` seats. */
const addPullman = (count: number) =>
  addNumberedSector(
    api.db,
    { hallId: api.fx.hall.hall.id, performanceId: api.fx.performances.main.id },
    { code: "pullman", name: "Pullman", rows: 1, seatsPerRow: count, top: 220 },
  );

describe("TomarGrupo", () => {
  it("holds N seats side by side in the row nearest the stage, in a new process", async () => {
    const result = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    expect(result.lContiguas).toBe(true);
    expect(result.listaTomadas).toEqual([seat("A", 3), seat("A", 4)]);
    expect(result.cEstado).toBe("ACTIVE");
    expect(result.listaFuncion[0].listaPosiciones.map((p) => `${p.cFila}${p.nNumero}`)).toEqual([
      "A3",
      "A4",
    ]);
    expect(result.fSubtotal).toBe(2 * api.fx.prices.numbered);
    const held = await holdings();
    expect(held.map((h) => h.id)).toEqual(result.listaTomadas);
    expect(new Set(held.map((h) => h.by))).toEqual(new Set([result.idProcesoDeCompra]));
  });

  it("gives the next buyer other seats, and adds to an open process on the same clock", async () => {
    const first = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    const second = await groupOk(
      0,
      { idSector: api.fx.sectors.numbered.id, nCantidad: 2 },
      api.tokens.bob,
    );
    expect(second.listaTomadas.some((id) => first.listaTomadas.includes(id))).toBe(false);
    expect(second.lContiguas).toBe(true);
    const more = await groupOk(first.idProcesoDeCompra, { nCantidad: 2 });
    expect(more.idProcesoDeCompra).toBe(first.idProcesoDeCompra);
    expect(more.dMaxima).toBe(first.dMaxima);
    expect(more.oCantidadTotal.nCantidadTotal).toBe(4);
  });

  it("chooses in the whole hall when no sector is named", async () => {
    const result = await groupOk(0, { nCantidad: 3 });
    expect(result.lContiguas).toBe(true);
    expect(result.listaFuncion[0].listaPosiciones.every((p) => p.cTipo === "NUMBERED")).toBe(true);
    expect(result.listaTomadas).toHaveLength(3);
  });

  it("gives separate seats and says so when no N side by side are left", async () => {
    await takeSeats(api.tokens.bob, [seat("A", 2), seat("A", 5), seat("B", 2), seat("B", 5)]);
    const result = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 3 });
    expect(result.lContiguas).toBe(false);
    expect(result.listaTomadas).toHaveLength(3);
    expect(result.listaTomadas).toEqual(expect.arrayContaining([seat("A", 3), seat("A", 4)]));
  });

  it("refuses with NOT_ENOUGH_PLACES when fewer are free, and holds nothing", async () => {
    await takeSeats(api.tokens.bob, api.fx.seatIds.slice(0, 10));
    const before = await holdings();
    const { json } = await group(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 3 });
    expect(json.nCode).toBe(409);
    expect(json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
    expect(json.cMensaje).toBeTruthy();
    expect(await holdings()).toEqual(before);
    // The refused take started no process for alice.
    expect(await api.db.select().from(purchaseProcesses)).toHaveLength(1);
  });

  it("keeps to the maximum of places per performance", async () => {
    const tooMany = await group(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 11 });
    expect(tooMany.json.oData.cCodigo).toBe("TOO_MANY_PLACES");
    const first = await groupOk(0, { nCantidad: 9 });
    const { json } = await group(first.idProcesoDeCompra, { nCantidad: 2 });
    expect(json.oData.cCodigo).toBe("TOO_MANY_PLACES");
    expect(json.cMensaje).toBe("Podés tomar 1 lugar más para esta función.");
    expect(await holdings()).toHaveLength(9);
  });

  it("gives a wheelchair place with its companion seat, and keeps them from ordinary requests", async () => {
    const [wheelchair, companion] = api.fx.hall.seatIds.slice(4, 6).reverse();
    await api.db.update(hallSeats).set({ kind: "WHEELCHAIR" }).where(eq(hallSeats.id, wheelchair));
    await api.db
      .update(hallSeats)
      .set({ kind: "COMPANION", companionOf: wheelchair })
      .where(eq(hallSeats.id, companion));
    const ordinary = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 4 });
    expect(ordinary.listaTomadas).not.toContain(seat("A", 5));
    expect(ordinary.listaTomadas).not.toContain(seat("A", 6));
    const accessible = await groupOk(
      0,
      { idSector: api.fx.sectors.numbered.id, nCantidad: 2, lSillaDeRuedas: true },
      api.tokens.bob,
    );
    expect(accessible.listaTomadas).toEqual([seat("A", 6), seat("A", 5)]);
    expect(accessible.lContiguas).toBe(true);
    // The text "false" is no wheelchair request.
    const notAccessible = await groupOk(
      accessible.idProcesoDeCompra,
      { idSector: api.fx.sectors.numbered.id, nCantidad: 1, lSillaDeRuedas: "false" },
      api.tokens.bob,
    );
    expect(notAccessible.lContiguas).toBe(true);
    expect(notAccessible.oCantidadTotal.nCantidadTotal).toBe(3);
  });

  it("gives nothing to a wheelchair request when no wheelchair place is free", async () => {
    const { json } = await group(0, {
      idSector: api.fx.sectors.numbered.id,
      nCantidad: 2,
      lSillaDeRuedas: true,
    });
    expect(json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
    expect(await holdings()).toEqual([]);
  });

  it("lays out a numbered sector that is not drawn from its labels", async () => {
    const { db, fx } = api;
    const [undrawn] = await db
      .insert(sectors)
      .values({
        performanceId: fx.performances.main.id,
        name: "Palco",
        kind: "NUMBERED",
        price: 9_000,
      })
      .returning();
    await db.insert(positions).values(
      ["1", "2"].flatMap((row) =>
        [1, 2, 3, 4, 5].map((number) => ({
          sectorId: undrawn.id,
          performanceId: fx.performances.main.id,
          row,
          number,
        })),
      ),
    );
    const result = await groupOk(0, { idSector: undrawn.id, nCantidad: 2 });
    expect(result.lContiguas).toBe(true);
    // Row 1, at one end: 2-3 or 3-4 would strand a seat.
    expect(result.listaFuncion[0].listaPosiciones.map((p) => `${p.cFila}-${p.nNumero}`)).toEqual([
      "1-1",
      "1-2",
    ]);
    // The whole hall still means its drawn sectors.
    const hall = await groupOk(result.idProcesoDeCompra, { nCantidad: 1 });
    expect(
      hall.listaFuncion[0].listaPosiciones.find((p) => p.idPosicion === hall.listaTomadas[0])
        ?.cSectorNombre,
    ).toBe("Platea");
  });

  it("answers a performance not on sale, an unknown one and a sector that is not for choosing", async () => {
    const { fx } = api;
    const past = await api.t.call("/Proceso/0/Posiciones/TomarGrupo", {
      token: api.tokens.alice,
      body: { idFuncion: fx.performances.past.id, nCantidad: 1 },
    });
    expect(past.json.oData.cCodigo).toBe("PERFORMANCE_NOT_ON_SALE");
    const unknown = await api.t.call("/Proceso/0/Posiciones/TomarGrupo", {
      token: api.tokens.alice,
      body: { idFuncion: 999_999, nCantidad: 1 },
    });
    expect(unknown.status).toBe(404);
    for (const idSector of [fx.sectors.general.id, fx.sectors.laterGeneral.id, 999_999]) {
      const { status, json } = await group(0, { idSector, nCantidad: 1 });
      expect(status).toBe(400);
      expect(json.oData.oErrores).toEqual({ idSector: ["invalid"] });
    }
    expect(await holdings()).toEqual([]);
    expect(await api.db.select().from(purchaseProcesses)).toEqual([]);
  });

  it("answers another customer's process as unknown, and changes nothing", async () => {
    const bobs = await takeSeats(api.tokens.bob, [seat("B", 1)]);
    const before = await holdings();
    const { status, json } = await group(bobs, { nCantidad: 2 });
    expect(status).toBe(404);
    expect(json.oData.cCodigo).toBe("NOT_FOUND");
    expect(await holdings()).toEqual(before);
  });

  it("asks an external login's customer to complete their data first", async () => {
    const [alice] = await api.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, "alice@example.com"));
    await api.db.insert(externalLogins).values({
      issuer: "https://id.example",
      subject: "a",
      customerId: alice.id,
      pendingFields: ["gender"],
    });
    const { json } = await group(0, { nCantidad: 2 });
    expect(json.oData.cCodigo).toBe("ADDITIONAL_DATA_REQUIRED");
    expect(await holdings()).toEqual([]);
  });
});

describe("Posiciones and SoltarGrupo", () => {
  let processId: number;
  let taken: number[];
  beforeEach(async () => {
    const result = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 3 });
    processId = result.idProcesoDeCompra;
    taken = result.listaTomadas;
  });

  const heldPlaces = (id = processId, token = api.tokens.alice) =>
    api.t.call(`/Proceso/${id}/Posiciones`, { token, method: "POST" });
  const release = (body: Record<string, unknown>, id = processId, token = api.tokens.alice) =>
    api.t.call(`/Proceso/${id}/Posiciones/SoltarGrupo`, {
      token,
      body: { idFuncion: api.fx.performances.main.id, ...body },
    });

  it("lists what the process holds, and nothing once its time is up", async () => {
    const { json } = await heldPlaces();
    const held = heldPlacesResponse.parse(json.oData);
    expect(held.listaPosiciones.map((p) => p.idPosicion)).toEqual(taken);
    api.t.clock.advanceMinutes(31);
    expect(heldPlacesResponse.parse((await heldPlaces()).json.oData).listaPosiciones).toEqual([]);
  });

  it("gives back the listed places only, leaving others' places alone", async () => {
    const bobs = await takeSeats(api.tokens.bob, [seat("B", 6)]);
    const { json } = await release({ listaPosiciones: [taken[0], seat("B", 6)] });
    expect(json.nCode).toBe(200);
    const after = purchaseProcessSchema.parse(json.oData);
    expect(after.cEstado).toBe("ACTIVE");
    expect(after.listaFuncion[0].listaPosiciones.map((p) => p.idPosicion)).toEqual(taken.slice(1));
    const [bobsSeat] = await api.db
      .select()
      .from(positions)
      .where(eq(positions.id, seat("B", 6)));
    expect(bobsSeat.heldByProcessId).toBe(bobs);
    // Repeating it is harmless.
    expect((await release({ listaPosiciones: [taken[0]] })).json.nCode).toBe(200);
  });

  it("gives back everything of the performance without a list, and the empty process ends", async () => {
    const { json } = await release({});
    const after = purchaseProcessSchema.parse(json.oData);
    expect(after.cEstado).toBe("CANCELLED");
    expect(await holdings()).toEqual([]);
  });

  it("answers another customer's process as unknown, and changes nothing", async () => {
    const before = await holdings();
    expect((await heldPlaces(processId, api.tokens.bob)).status).toBe(404);
    expect((await release({}, processId, api.tokens.bob)).status).toBe(404);
    expect(await holdings()).toEqual(before);
  });
});

describe("CambiarParaSector", () => {
  const change = (processId: number, body: Record<string, unknown>, token = api.tokens.alice) =>
    api.t.call(`/Proceso/${processId}/Posiciones/CambiarParaSector`, {
      token,
      body: { idFuncion: api.fx.performances.main.id, ...body },
    });

  it("moves the held seats to as many best seats of the other sector", async () => {
    const pullman = await addPullman(6);
    const first = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    const { json } = await change(first.idProcesoDeCompra, { idSector: pullman.sectorId });
    expect(json.nCode, JSON.stringify(json)).toBe(200);
    const moved = groupHoldResponse.parse(json.oData);
    expect(moved.lContiguas).toBe(true);
    expect(moved.listaTomadas).toEqual([pullman.placeIds[2], pullman.placeIds[3]]);
    expect(moved.listaFuncion[0].listaPosiciones.map((p) => p.cSectorNombre)).toEqual([
      "Pullman",
      "Pullman",
    ]);
    expect((await holdings()).map((h) => h.id)).toEqual(moved.listaTomadas);
  });

  it("moves only the seats of the origin sector when one is named", async () => {
    const pullman = await addPullman(6);
    const stalls = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    await groupOk(stalls.idProcesoDeCompra, { idSector: pullman.sectorId, nCantidad: 1 });
    const back = await change(stalls.idProcesoDeCompra, {
      idSectorOrigen: pullman.sectorId,
      idSector: api.fx.sectors.numbered.id,
    });
    const moved = groupHoldResponse.parse(back.json.oData);
    expect(moved.listaTomadas).toHaveLength(1);
    expect(moved.listaFuncion[0].listaPosiciones.every((p) => p.cSectorNombre === "Platea")).toBe(
      true,
    );
    expect(moved.oCantidadTotal.nCantidadTotal).toBe(3);
  });

  it("changes nothing when the other sector cannot take them all", async () => {
    const pullman = await addPullman(3);
    await takeSeats(api.tokens.bob, pullman.placeIds.slice(0, 2));
    const first = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    const before = await holdings();
    const { json } = await change(first.idProcesoDeCompra, { idSector: pullman.sectorId });
    expect(json.oData.cCodigo).toBe("NOT_ENOUGH_PLACES");
    expect(await holdings()).toEqual(before);
  });

  it("refuses a move with nothing to move, a sector of no use, and another's process", async () => {
    const first = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    const same = await change(first.idProcesoDeCompra, { idSector: api.fx.sectors.numbered.id });
    expect(same.status).toBe(400);
    expect(same.json.oData.oErrores).toEqual({ idSector: ["nothingToChange"] });
    const general = await change(first.idProcesoDeCompra, { idSector: api.fx.sectors.general.id });
    expect(general.json.oData.oErrores).toEqual({ idSector: ["invalid"] });
    const origin = await change(first.idProcesoDeCompra, {
      idSector: api.fx.sectors.numbered.id,
      idSectorOrigen: api.fx.sectors.laterGeneral.id,
    });
    expect(origin.json.oData.oErrores).toEqual({ idSectorOrigen: ["invalid"] });
    const pullman = await addPullman(4);
    const before = await holdings();
    const bobs = await change(
      first.idProcesoDeCompra,
      { idSector: pullman.sectorId },
      api.tokens.bob,
    );
    expect(bobs.status).toBe(404);
    expect(await holdings()).toEqual(before);
  });
});

describe("bad input to every group call", () => {
  const paths = (processId: number) => ({
    held: `/Proceso/${processId}/Posiciones`,
    take: `/Proceso/${processId}/Posiciones/TomarGrupo`,
    release: `/Proceso/${processId}/Posiciones/SoltarGrupo`,
    change: `/Proceso/${processId}/Posiciones/CambiarParaSector`,
  });

  it("answers 400 with a translated message and changes nothing", async () => {
    const mine = await groupOk(0, { idSector: api.fx.sectors.numbered.id, nCantidad: 2 });
    const before = await holdings();
    const id = mine.idProcesoDeCompra;
    const performance = api.fx.performances.main.id;
    const sector = api.fx.sectors.numbered.id;
    const cases: Array<[string, unknown]> = [
      [paths(id).take, "{not json"],
      [paths(id).take, {}],
      [paths(id).take, { idFuncion: performance }],
      [paths(id).take, { idFuncion: performance, nCantidad: 0 }],
      [paths(id).take, { idFuncion: performance, nCantidad: 21 }],
      [paths(id).take, { idFuncion: performance, nCantidad: 2.5 }],
      [paths(id).take, { idFuncion: performance, nCantidad: "dos" }],
      [paths(id).take, { idFuncion: "x", nCantidad: 2 }],
      [paths(id).take, { idFuncion: performance, idSector: -3, nCantidad: 2 }],
      [paths(id).take, [1, 2]],
      [paths(id).take, { idFuncion: performance, nCantidad: 2, lSillaDeRuedas: "quizás" }],
      [paths(id).release, {}],
      [paths(id).release, { idFuncion: performance, listaPosiciones: [] }],
      [paths(id).release, { idFuncion: performance, listaPosiciones: [0] }],
      [paths(id).release, { idFuncion: performance, listaPosiciones: "1,2" }],
      [paths(id).release, "null"],
      [paths(id).change, {}],
      [paths(id).change, { idFuncion: performance }],
      [paths(id).change, { idFuncion: performance, idSector: "x" }],
      [paths(id).change, { idFuncion: performance, idSector: sector, idSectorOrigen: 0 }],
      [paths(0).release, { idFuncion: performance }],
      [paths(0).change, { idFuncion: performance, idSector: sector }],
      [paths(0).held, undefined],
      ["/Proceso/abc/Posiciones/TomarGrupo", { idFuncion: performance, nCantidad: 1 }],
      ["/Proceso/1e3/Posiciones/SoltarGrupo", { idFuncion: performance }],
      ["/Proceso/-1/Posiciones", undefined],
      [
        "/Proceso/99999999999/Posiciones/CambiarParaSector",
        { idFuncion: performance, idSector: sector },
      ],
    ];
    for (const [path, body] of cases) {
      for (const language of ["es", "en"]) {
        const { status, json } = await api.t.call(path, {
          token: api.tokens.alice,
          body,
          method: "POST",
          language,
        });
        const what = `${path} ${JSON.stringify(body)}`;
        expect(status, what).toBe(400);
        expect(json.oData.cCodigo, what).toBe("VALIDATION");
        expect(json.cMensaje, what).toBe(
          language === "es"
            ? "Algunos de los datos enviados no son válidos"
            : "Some of the data sent is not valid",
        );
      }
    }
    expect(await holdings()).toEqual(before);
    const [process] = await api.db
      .select()
      .from(purchaseProcesses)
      .where(and(eq(purchaseProcesses.id, id), eq(purchaseProcesses.status, "ACTIVE")));
    expect(process).toBeDefined();
  });

  it("answers 401 without a session", async () => {
    for (const path of Object.values(paths(1))) {
      const { status } = await api.t.call(path, {
        method: "POST",
        body: { idFuncion: 1, idSector: 1, nCantidad: 1 },
      });
      expect(status, path).toBe(401);
    }
  });
});
