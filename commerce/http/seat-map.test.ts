import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  availabilitySchema,
  decodeTakenBits,
  errorData,
  hallSchema,
  hallSectorSeatsSchema,
  performanceDetailSchema,
  sectorPlacesSchema,
} from "../contract/index.ts";
import { setUpApiTests } from "../testing/api-test.ts";

const api = setUpApiTests({ customers: ["me", "other"] });

const mainId = () => api.fx.performances.main.id;
const placesPath = (sectorId = api.fx.sectors.numbered.id) =>
  `/Funcion/${mainId()}/Sector/${sectorId}/Posiciones`;

async function take(token: string, seatIds: number[]) {
  const { json } = await api.t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: { idFuncion: mainId(), listaPosiciones: seatIds },
  });
  expect(json.nCode).toBe(200);
  return json.oData.idProcesoDeCompra as number;
}

async function release(token: string, processId: number) {
  const { json } = await api.t.call(`/Proceso/${processId}/Posiciones/SoltarFuncion`, {
    token,
    body: { idFuncion: mainId() },
  });
  expect(json.nCode).toBe(200);
}

async function availability(query = "", token?: string) {
  const { status, json } = await api.t.call(`/Funcion/${mainId()}/Disponibilidad${query}`, {
    token,
  });
  expect(status).toBe(200);
  return availabilitySchema.parse(json.oData);
}

async function places(token?: string) {
  const { status, json, response } = await api.t.call(placesPath(), { token });
  expect(status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return sectorPlacesSchema.parse(json.oData);
}

const statesOf = (list: { idPosicion: number; cEstado: string }[]) =>
  Object.fromEntries(list.map((p) => [p.idPosicion, p.cEstado]));

describe("GET Sala/{id}", () => {
  it("answers the plan with the stage, sectors' outlines and 360° views in the caller's language", async () => {
    const { fx, db, t } = api;
    await db.execute(sql`UPDATE hall_sectors SET view_image = '/vistas/platea.svg',
      view_description = '{"es":"El escenario de frente","en":"The stage ahead","pt":"O palco"}'
      WHERE id = ${fx.hall.stalls.id}`);
    const { status, json, response } = await t.call(`/Sala/${fx.hall.hall.id}`, {
      language: "en",
    });
    expect(status).toBe(200);
    const hall = hallSchema.parse(json.oData);
    expect(hall).toMatchObject({ idSala: fx.hall.hall.id, nVersion: 1, nAncho: 400, nAlto: 300 });
    expect(hall.oEscenario).toEqual({
      aContorno: [
        [100, 10],
        [300, 10],
        [300, 50],
        [100, 50],
      ],
      aFoco: [200, 50],
      cNombre: "Stage",
    });
    expect(hall.listaSectores.map((s) => [s.cCodigo, s.cTipo, s.oVista360])).toEqual([
      ["field", "GENERAL", null],
      ["stalls", "NUMBERED", { cUri: "/vistas/platea.svg", cDescripcion: "The stage ahead" }],
    ]);
    expect(hall.listaSectores[1].aContorno).toHaveLength(4);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect(response.headers.get("vary")).toBe("Accept-Language");

    const es = hallSchema.parse((await t.call(`/Sala/${fx.hall.hall.id}`)).json.oData);
    expect(es.oEscenario.cNombre).toBe("Escenario");
    expect(es.listaSectores[1].oVista360?.cDescripcion).toBe("El escenario de frente");
  });

  it("answers 304 to a copy with the current ETag, and a new plan once the version changes", async () => {
    const { fx, db, t } = api;
    const first = await t.request(`/Sala/${fx.hall.hall.id}`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await t.request(`/Sala/${fx.hall.hall.id}`, {
      headers: { "If-None-Match": `W/"other", ${etag}` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Another language is another copy.
    const english = await t.request(`/Sala/${fx.hall.hall.id}`, {
      language: "en",
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(english.status).toBe(200);

    await db.execute(sql`UPDATE halls SET version = 2, width = 500 WHERE id = ${fx.hall.hall.id}`);
    const redrawn = await t.request(`/Sala/${fx.hall.hall.id}`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(redrawn.status).toBe(200);
    expect(redrawn.headers.get("etag")).not.toBe(etag);
    const hall = hallSchema.parse(((await redrawn.json()) as { oData: unknown }).oData);
    expect([hall.nVersion, hall.nAncho]).toEqual([2, 500]);
  });

  it("answers 404 for an unknown hall and 400 for an id that is not one", async () => {
    const unknown = await api.t.call("/Sala/999999");
    expect(unknown.status).toBe(404);
    expect(errorData.parse(unknown.json.oData).cCodigo).toBe("NOT_FOUND");
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      expect((await api.t.call(`/Sala/${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("GET Sala/Sector/{id}/Butacas", () => {
  it("lists every seat of a drawn sector in row and seat order, with an ETag", async () => {
    const { fx, t } = api;
    const { status, json, response } = await t.call(`/Sala/Sector/${fx.hall.stalls.id}/Butacas`);
    expect(status).toBe(200);
    const seats = hallSectorSeatsSchema.parse(json.oData);
    expect(seats.idSectorSala).toBe(fx.hall.stalls.id);
    expect(seats.nVersion).toBe(1);
    expect(seats.listaButacas.map((s) => `${s.cFila}${s.nNumero}`).join(" ")).toBe(
      "A1 A2 A3 A4 B1 B2 B3 B4",
    );
    expect(seats.listaButacas[0]).toEqual({
      idButaca: fx.hall.seatIds[0],
      cFila: "A",
      nNumero: 1,
      nFila: 0,
      nOrden: 0,
      nBloque: 0,
      x: 155,
      y: 150,
      cTipo: "SEAT",
      idAcompananteDe: null,
      lVisionReducida: false,
    });
    const etag = response.headers.get("etag") ?? "";
    const again = await t.request(`/Sala/Sector/${fx.hall.stalls.id}/Butacas`, {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("answers an empty list for a general sector, 404 for an unknown one, 400 for a bad id", async () => {
    const { fx, t } = api;
    const field = hallSectorSeatsSchema.parse(
      (await t.call(`/Sala/Sector/${fx.hall.field.id}/Butacas`)).json.oData,
    );
    expect(field.listaButacas).toEqual([]);
    expect((await t.call("/Sala/Sector/999999/Butacas")).status).toBe(404);
    expect((await t.call("/Sala/Sector/x/Butacas")).status).toBe(400);
  });
});

describe("GET Funcion/{id}", () => {
  it("names the hall and each sector's place on it", async () => {
    const { fx, t } = api;
    const detail = performanceDetailSchema.parse((await t.call(`/Funcion/${mainId()}`)).json.oData);
    expect(detail.idSala).toBe(fx.hall.hall.id);
    expect(detail.listaSectores.map((s) => s.idSectorSala)).toEqual([
      fx.hall.field.id,
      fx.hall.stalls.id,
    ]);
    // The later performance's sector is not drawn.
    const later = performanceDetailSchema.parse(
      (await t.call(`/Funcion/${fx.performances.later.id}`)).json.oData,
    );
    expect(later.listaSectores[0].idSectorSala).toBeNull();
  });
});

describe("GET Funcion/{id}/Sector/{idSector}/Posiciones", () => {
  it("lists the sector's places with their seat and state; MINE only for the holder", async () => {
    const { fx, tokens } = api;
    const anonymous = await places();
    expect(anonymous.idFuncion).toBe(mainId());
    expect(anonymous.listaPosiciones.map((p) => p.idPosicion)).toEqual(fx.seatIds);
    expect(anonymous.listaPosiciones[5]).toEqual({
      idPosicion: fx.seatIds[5],
      idButaca: fx.hall.seatIds[5],
      cFila: "B",
      nNumero: 2,
      cEstado: "FREE",
    });

    await take(tokens.me, [fx.seatIds[0], fx.seatIds[1]]);
    await take(tokens.other, [fx.seatIds[2]]);
    const mine = statesOf((await places(tokens.me)).listaPosiciones);
    expect([0, 1, 2, 3].map((i) => mine[fx.seatIds[i]])).toEqual(["MINE", "MINE", "TAKEN", "FREE"]);
    const theirs = statesOf((await places(tokens.other)).listaPosiciones);
    expect([0, 1, 2, 3].map((i) => theirs[fx.seatIds[i]])).toEqual([
      "TAKEN",
      "TAKEN",
      "MINE",
      "FREE",
    ]);
    const nobody = statesOf((await places()).listaPosiciones);
    expect([0, 1, 2].map((i) => nobody[fx.seatIds[i]])).toEqual(["TAKEN", "TAKEN", "TAKEN"]);
  });

  it("frees a hold past its deadline with no write, and shows a release at once", async () => {
    const { fx, tokens, t } = api;
    const processId = await take(tokens.me, [fx.seatIds[0]]);
    await take(tokens.other, [fx.seatIds[1]]);
    expect(statesOf((await places()).listaPosiciones)[fx.seatIds[0]]).toBe("TAKEN");
    await release(tokens.me, processId);
    expect(statesOf((await places()).listaPosiciones)[fx.seatIds[0]]).toBe("FREE");
    t.clock.advanceMinutes(31);
    expect(statesOf((await places(tokens.other)).listaPosiciones)[fx.seatIds[1]]).toBe("FREE");
  });

  it("answers 404 for a sector of another performance or an unknown one, 400 for bad ids", async () => {
    const { fx, t } = api;
    expect((await t.call(placesPath(fx.sectors.laterGeneral.id))).status).toBe(404);
    expect((await t.call(placesPath(999999))).status).toBe(404);
    expect(
      (await t.call(`/Funcion/999999/Sector/${fx.sectors.numbered.id}/Posiciones`)).status,
    ).toBe(404);
    expect((await t.call(`/Funcion/${mainId()}/Sector/abc/Posiciones`)).status).toBe(400);
    expect((await t.call(`/Funcion/0/Sector/${fx.sectors.numbered.id}/Posiciones`)).status).toBe(
      400,
    );
  });
});

describe("GET Funcion/{id}/Disponibilidad", () => {
  it("counts free places per sector and sends one sector's taken bits in idPosicion order", async () => {
    const { fx, tokens } = api;
    await take(tokens.other, [fx.seatIds[1], fx.seatIds[6]]);
    const counts = await availability();
    expect(counts.listaSectores).toEqual([
      { idSector: fx.sectors.general.id, nDisponibles: 20 },
      { idSector: fx.sectors.numbered.id, nDisponibles: 6 },
    ]);
    expect(counts.oSector).toBeUndefined();
    expect(counts.lSinCambios).toBe(false);
    expect(counts.listaMias).toEqual([]);

    const full = await availability(`?idSector=${fx.sectors.numbered.id}`, tokens.me);
    expect(full.oSector?.idSector).toBe(fx.sectors.numbered.id);
    expect(decodeTakenBits(full.oSector?.cOcupadas ?? "", fx.seatIds.length)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
      true,
      false,
    ]);
    expect(full.cVersion).toBe(counts.cVersion);
  });

  it("lists the caller's held places as theirs only", async () => {
    const { fx, tokens } = api;
    await take(tokens.me, [fx.seatIds[3]]);
    expect((await availability("", tokens.me)).listaMias).toEqual([fx.seatIds[3]]);
    expect((await availability("", tokens.other)).listaMias).toEqual([]);
  });

  it("answers lSinCambios for the current version, and the changes of a hold and a release", async () => {
    const { fx, tokens } = api;
    const sector = `?idSector=${fx.sectors.numbered.id}`;
    const before = await availability(sector);
    const unchanged = await availability(`${sector}&cVersion=${before.cVersion}`);
    expect(unchanged).toMatchObject({ cVersion: before.cVersion, lSinCambios: true });
    expect(unchanged.oSector).toBeUndefined();

    const processId = await take(tokens.me, [fx.seatIds[2], fx.seatIds[5]]);
    const held = await availability(`${sector}&cVersion=${before.cVersion}`);
    expect(held.cVersion).not.toBe(before.cVersion);
    expect(held.lSinCambios).toBe(false);
    expect(held.oSector).toEqual({
      idSector: fx.sectors.numbered.id,
      listaCambios: [
        [fx.seatIds[2], 1],
        [fx.seatIds[5], 1],
      ],
    });

    await release(tokens.me, processId);
    const released = await availability(`${sector}&cVersion=${held.cVersion}`);
    expect(released.oSector?.listaCambios).toEqual([
      [fx.seatIds[2], 0],
      [fx.seatIds[5], 0],
    ]);
    // Back to the same seats taken: back to the same version.
    expect(released.cVersion).toBe(before.cVersion);

    // A version it does not know gets the whole state.
    const unknown = await availability(`${sector}&cVersion=unknown-version`);
    expect(unknown.oSector?.cOcupadas).toBeDefined();
    expect(unknown.oSector?.listaCambios).toBeUndefined();
  });

  it("sees a hold expire with no write, and sales as taken", async () => {
    const { fx, tokens, t, db } = api;
    await take(tokens.other, [fx.seatIds[0]]);
    const held = await availability();
    expect(held.listaSectores[1].nDisponibles).toBe(7);
    t.clock.advanceMinutes(31);
    const expired = await availability(`?cVersion=${held.cVersion}`);
    expect(expired.listaSectores[1].nDisponibles).toBe(8);
    expect(expired.lSinCambios).toBe(false);
    // A write by another server is seen once the cached hold data is a few seconds old.
    await db.execute(sql`UPDATE positions SET sold = true WHERE id = ${fx.seatIds[7]}`);
    t.clock.advanceMinutes(1);
    expect((await availability()).listaSectores[1].nDisponibles).toBe(7);
  });

  it("answers 404 for an unknown performance or another performance's sector, 400 for bad input", async () => {
    const { fx, t } = api;
    expect((await t.call("/Funcion/999999/Disponibilidad")).status).toBe(404);
    const otherSector = await t.call(
      `/Funcion/${mainId()}/Disponibilidad?idSector=${fx.sectors.laterGeneral.id}`,
    );
    expect(otherSector.status).toBe(404);
    for (const query of ["?idSector=abc", "?idSector=0", `?cVersion=${"x".repeat(65)}`]) {
      const bad = await t.call(`/Funcion/${mainId()}/Disponibilidad${query}`);
      expect(bad.status, query).toBe(400);
      expect(errorData.parse(bad.json.oData).cCodigo).toBe("VALIDATION");
    }
    expect((await t.call("/Funcion/abc/Disponibilidad")).status).toBe(400);
  });
});
