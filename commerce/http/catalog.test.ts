import { beforeEach, describe, expect, it } from "vitest";
import {
  envelope,
  errorData,
  performanceDetailSchema,
  sectorPlacesSchema,
  showCardsResponse,
  showDetailSchema,
  showTypesResponse,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  cancelProcess,
  createCustomerWithToken,
  type Fixture,
  resetDatabase,
  type TestApi,
} from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;

// One buyer sells a performance out here: no per-customer limit in the way.
const api = setUpApiTests({ api: () => ({ maxPlacesPerPerformance: 1_000 }) });
beforeEach(() => {
  ({ db, t, fx } = api);
});

describe("GET EspectaculosCartel", () => {
  it("lists every show as a card with price from, next performance and availability", async () => {
    const { status, json } = await t.call("/EspectaculosCartel");
    expect(status).toBe(200);
    expect(envelope(showCardsResponse).parse(json).nCode).toBe(200);
    const cards = showCardsResponse.parse(json.oData).Lista;
    expect(cards.map((c) => c.cSeo)).toEqual(["obra-de-prueba", "concierto-sin-funciones"]);
    const [card, quiet] = cards;
    // Past performance (3000) is not on sale; the cheapest upcoming sector is 4000.
    expect(card.fPrecioDesde).toBe(4_000);
    expect(card.dProximaFuncion).toBe(fx.performances.main.startsAt.toISOString());
    expect(card.lAgotado).toBe(false);
    expect(card.nDestacado).toBe(1);
    expect(card.listaImagenEspectaculoCartel).toEqual([
      { cTipo: "WEB_DESTACADO", cUri: "/v2/Imagenes/obra-de-prueba.svg" },
    ]);
    expect(quiet.fPrecioDesde).toBeNull();
    expect(quiet.dProximaFuncion).toBeNull();
  });

  it("translates type names and summaries by Accept-Language, falling back to es", async () => {
    const en = showCardsResponse.parse(
      (await t.call("/EspectaculosCartel", { language: "en" })).json.oData,
    );
    expect(en.Lista[0].cEspectaculoCartelTipoNombre).toBe("Theatre");
    expect(en.Lista[0].cResumen).toBe("Summary");
    const de = showCardsResponse.parse(
      (await t.call("/EspectaculosCartel", { language: "de-DE" })).json.oData,
    );
    expect(de.Lista[0].cResumen).toBe("Resumen");
  });

  it("shows a show as sold out when its upcoming performances have no free place", async () => {
    const { sql } = await import("drizzle-orm");
    await db.execute(sql`UPDATE positions SET sold = true`);
    const cards = showCardsResponse.parse((await t.call("/EspectaculosCartel")).json.oData).Lista;
    expect(cards[0].lAgotado).toBe(true);
    expect(cards[0].lSinStock).toBe(false);
  });
});

describe("show-card cache", () => {
  it("reflects this server's holds at once, and other writes after a few seconds", async () => {
    const card = async () =>
      showCardsResponse.parse((await t.call("/EspectaculosCartel")).json.oData).Lista[0];
    expect((await card()).lAgotado).toBe(false);

    const { token } = await createCustomerWithToken(db, t.clock, "buyer");
    const took = await t.call("/Proceso/0/Posiciones/Tomar", {
      token,
      body: {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 20 }],
        listaPosiciones: fx.seatIds,
      },
    });
    expect(took.json.nCode).toBe(200);
    // The later performance still has places.
    expect((await card()).lAgotado).toBe(false);
    const { sql } = await import("drizzle-orm");
    // A write this server did not make (another API server, say) is not seen at once…
    await db.execute(
      sql`UPDATE positions SET sold = true WHERE performance_id = ${fx.performances.later.id}`,
    );
    expect((await card()).lAgotado).toBe(false);
    // …but within the cache's few seconds.
    t.clock.advanceMinutes(0.1);
    expect((await card()).lAgotado).toBe(true);

    // Cancelling the hold frees places: the card updates immediately.
    await cancelProcess(t, token, took.json.oData.idProcesoDeCompra);
    expect((await card()).lAgotado).toBe(false);
  });
});

describe("GET EspectaculoCartel/{id or cSeo}", () => {
  it("finds a show by id and by seo, with upcoming performances only, by date", async () => {
    const byId = await t.call(`/EspectaculoCartel/${fx.show.id}?h=123`);
    const bySeo = await t.call("/EspectaculoCartel/obra-de-prueba");
    const detail = showDetailSchema.parse(byId.json.oData);
    expect(showDetailSchema.parse(bySeo.json.oData)).toEqual(detail);
    expect(detail.listaFunciones.map((p) => p.idFuncion)).toEqual([
      fx.performances.main.id,
      fx.performances.later.id,
    ]);
    const [main, later] = detail.listaFunciones;
    expect(main.fPrecioDesde).toBe(5_000);
    expect(main.nDisponibles).toBe(fx.generalPlaces + fx.seatIds.length);
    expect(later.nDisponibles).toBe(5);
    expect(detail.oEstablecimiento.cNombre).toBe("Teatro de Prueba");
    expect(detail.nDuracionMinutos).toBe(90);
    // 15:00 UTC is noon in Buenos Aires.
    expect(main.oFuncionFecha.nFuncionHora).toBe(12);
  });

  it("answers 404 for unknown ids and seos, and 400 for out-of-range ids", async () => {
    for (const path of ["999", "no-existe", "Mayúsculas y espacios", "-1"]) {
      const { status, json } = await t.call(`/EspectaculoCartel/${encodeURIComponent(path)}`);
      expect(status, path).toBe(404);
      expect(errorData.parse(json.oData).cCodigo).toBe("NOT_FOUND");
      expect(json.nCode).toBe(404);
    }
    const huge = await t.call("/EspectaculoCartel/99999999999999999999");
    expect(huge.status).toBe(400);
    expect(huge.json.oData.cCodigo).toBe("VALIDATION");
  });
});

describe("GET EspectaculoCartelTipos", () => {
  it("lists show types in oData.Lista sorted by nOrden, translated", async () => {
    const { json } = await t.call("/EspectaculoCartelTipos", { language: "pt-BR,pt;q=0.9" });
    expect(showTypesResponse.parse(json.oData).Lista).toEqual([
      { idEspectaculoTipo: 2, cNombre: "Música (pt)", nOrden: 1 },
      { idEspectaculoTipo: 1, cNombre: "Teatro (pt)", nOrden: 2 },
    ]);
  });
});

describe("GET Funcion/{id}", () => {
  it("gives sectors with capacity and availability, without listing a stadium's seats", async () => {
    const { json } = await t.call(`/Funcion/${fx.performances.main.id}`);
    const detail = performanceDetailSchema.parse(json.oData);
    expect(detail.cEstado).toBe("ON_SALE");
    expect(detail.oEspectaculo.cSeo).toBe("obra-de-prueba");
    const [general, numbered] = detail.listaSectores;
    expect(general).toMatchObject({ cTipo: "GENERAL", nCapacidad: 20, nDisponibles: 20 });
    expect(numbered).toMatchObject({ cTipo: "NUMBERED", fPrecio: 8_000, nDisponibles: 8 });
    // Seats come per sector from Funcion/{id}/Sector/{idSector}/Posiciones.
    for (const sector of json.oData.listaSectores)
      expect(sector).not.toHaveProperty("listaPosiciones");
  });

  it("marks the caller's held seats MINE and other holds TAKEN; an expired hold is FREE", async () => {
    const me = await createCustomerWithToken(db, t.clock, "me");
    const other = await createCustomerWithToken(db, t.clock, "other");
    const [seatA1, seatA2] = fx.seatIds;
    const take = (token: string, seat: number) =>
      t.call("/Proceso/0/Posiciones/Tomar", {
        token,
        body: { idFuncion: fx.performances.main.id, listaPosiciones: [seat] },
      });
    expect((await take(me.token, seatA1)).json.nCode).toBe(200);
    expect((await take(other.token, seatA2)).json.nCode).toBe(200);

    const stateOf = async (token?: string) => {
      const detail = performanceDetailSchema.parse(
        (await t.call(`/Funcion/${fx.performances.main.id}`, { token })).json.oData,
      );
      const placesPath = `/Funcion/${fx.performances.main.id}/Sector/${fx.sectors.numbered.id}/Posiciones`;
      const seats = sectorPlacesSchema.parse(
        (await t.call(placesPath, { token })).json.oData,
      ).listaPosiciones;
      return {
        a1: seats.find((s) => s.idPosicion === seatA1)?.cEstado,
        a2: seats.find((s) => s.idPosicion === seatA2)?.cEstado,
        free: detail.listaSectores[1].nDisponibles,
      };
    };
    expect(await stateOf(me.token)).toEqual({ a1: "MINE", a2: "TAKEN", free: 6 });
    expect(await stateOf()).toEqual({ a1: "TAKEN", a2: "TAKEN", free: 6 });
    // A bad token on this public route is simply anonymous.
    expect(await stateOf("not-a-token")).toEqual({ a1: "TAKEN", a2: "TAKEN", free: 6 });

    t.clock.advanceMinutes(30);
    expect(await stateOf(me.token)).toEqual({ a1: "FREE", a2: "FREE", free: 8 });
  });

  it("answers 404 for an unknown performance and 400 for a malformed id", async () => {
    const unknown = await t.call("/Funcion/4242");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ nCode: 404, oData: { cCodigo: "NOT_FOUND" } });
    expect(typeof unknown.json.cMensaje).toBe("string");
    for (const bad of ["abc", "-3", "1.5", "0", "1e3", "3000000000"]) {
      const { status, json } = await t.call(`/Funcion/${bad}`);
      expect(status, bad).toBe(400);
      expect(json.oData.cCodigo).toBe("VALIDATION");
    }
  });
});

describe("the demo catalog", () => {
  it("is served within the contract: every card, landing and a performance of each", async () => {
    await resetDatabase(db);
    const { seedDemoCatalog } = await import("../seed/index.ts");
    await seedDemoCatalog(db, { now: t.clock.now() });
    const cards = showCardsResponse.parse((await t.call("/EspectaculosCartel")).json.oData).Lista;
    expect(cards.length).toBeGreaterThan(10);
    for (const card of cards) {
      const detail = showDetailSchema.parse(
        (await t.call(`/EspectaculoCartel/${card.cSeo}`, { language: "en" })).json.oData,
      );
      expect(detail.idEspectaculoCartel).toBe(card.idEspectaculoCartel);
      const dates = detail.listaFunciones.map((p) => p.oFuncionFecha.dFecha);
      expect([...dates].sort()).toEqual(dates);
      const first = detail.listaFunciones[0];
      if (!first) continue;
      const performance = performanceDetailSchema.parse(
        (await t.call(`/Funcion/${first.idFuncion}`)).json.oData,
      );
      const free = performance.listaSectores.reduce((sum, s) => sum + s.nDisponibles, 0);
      expect(free).toBe(first.nDisponibles);
    }
  });
});

describe("show detail cache", () => {
  it("shows this server's holds at once and keeps no 'not found'", async () => {
    const main = async () =>
      showDetailSchema
        .parse((await t.call("/EspectaculoCartel/obra-de-prueba")).json.oData)
        .listaFunciones.find((p) => p.idFuncion === fx.performances.main.id);
    expect((await main())?.lAgotado).toBe(false);
    const { token } = await createCustomerWithToken(db, t.clock, "buyer");
    const took = await t.call("/Proceso/0/Posiciones/Tomar", {
      token,
      body: {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 20 }],
        listaPosiciones: fx.seatIds,
      },
    });
    expect(took.json.nCode).toBe(200);
    expect((await main())?.lAgotado).toBe(true);

    // An unknown seo answers 404 and is not remembered: once the show exists, it is found.
    expect((await t.call("/EspectaculoCartel/estreno-nuevo")).status).toBe(404);
    const { sql } = await import("drizzle-orm");
    await db.execute(
      sql`INSERT INTO shows (seo, type_id, venue_id, title, summary, description, image_path)
          SELECT 'estreno-nuevo', type_id, venue_id, 'Estreno Nuevo', summary, description, image_path
          FROM shows WHERE id = ${fx.show.id}`,
    );
    expect((await t.call("/EspectaculoCartel/estreno-nuevo")).status).toBe(200);
  });
});
