import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SHOW_CARDS_TTL_MS } from "../catalog/card-cache.ts";
import {
  billboardSchema,
  contactResponse,
  offeredProductsResponse,
  pagedShowsSchema,
  shopActiveSchema,
  shopResponse,
  venuesResponse,
} from "../contract/browse.ts";
import { endpoints, envelope, errorData, PRODUCT_TYPE_ID, urlOf } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  buildFixture,
  createCustomerWithToken,
  type Envelope,
  type TestApi,
  type TestClock,
} from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Awaited<ReturnType<typeof browseFixture>>;

const hours = 60 * 60_000;

/**
 * The harness's fixture (Teatro de Prueba in Centro; "Obra de Prueba", type Teatro, on sale
 * in 3 and 10 days; "Concierto sin funciones", type Música, nothing on sale) plus:
 * a hall in Palermo with "Cámara y Música" (Música, late on the 13th, Buenos Aires time)
 * and the sold-out "Ópera de Verano" (Teatro, tomorrow); an empty category; the shop venue
 * with one product in stock and one out of stock. The clock reads 2031-03-10 12:00 there.
 */
async function browseFixture(db: Database, clock: TestClock) {
  const base = await buildFixture(db, clock);
  const at = (ms: number) => new Date(clock.now().getTime() + ms);
  await db.insert(schema.showTypes).values([
    { id: 3, name: { es: "Danza", en: "Dance", pt: "Dança" }, sortOrder: 3 },
    { id: PRODUCT_TYPE_ID, name: { es: "Tienda", en: "Shop", pt: "Loja" }, sortOrder: 99 },
  ]);
  const [hall, shop] = await db
    .insert(schema.venues)
    .values([
      {
        seo: "sala-sinfonica",
        name: "Sala Sinfónica",
        address: "Av. Figueroa Alcorta 1",
        city: "Buenos Aires",
        zone: "Palermo",
        description: { es: "Sala de conciertos", en: "Concert hall", pt: "Sala de concertos" },
      },
      {
        seo: "tienda-cultural",
        name: "Tienda Cultural",
        address: "Av. de Mayo 500",
        city: "Buenos Aires",
        zone: "Monserrat",
        description: { es: "La tienda", en: "The shop", pt: "A loja" },
        isShop: true,
      },
    ])
    .returning();
  const show = (
    seo: string,
    title: string,
    typeId: number,
    venueId: number,
    summary: schema.LocalizedText,
    extra: Partial<typeof schema.shows.$inferInsert> = {},
  ) => ({
    seo,
    title,
    typeId,
    venueId,
    summary,
    description: summary,
    imagePath: `/v2/Imagenes/${seo}.svg`,
    ...extra,
  });
  const [chamber, opera, mug, shirt] = await db
    .insert(schema.shows)
    .values([
      show(
        "camara-y-musica",
        "Cámara y Música",
        2,
        hall.id,
        { es: "Cuartetos de cuerda", en: "String quartets", pt: "Quartetos de cordas" },
        { highlightRank: 2 },
      ),
      show(
        "opera-de-verano",
        "Ópera de Verano",
        1,
        hall.id,
        { es: "Una ópera al aire libre", en: "An open-air opera", pt: "Uma ópera ao ar livre" },
        { highlightRank: 3 },
      ),
      show(
        "taza-portena",
        "Taza Porteña",
        PRODUCT_TYPE_ID,
        shop.id,
        { es: "Una taza", en: "A mug", pt: "Uma caneca" },
        { isProduct: true },
      ),
      show(
        "remera-agotada",
        "Remera Agotada",
        PRODUCT_TYPE_ID,
        shop.id,
        { es: "Una remera", en: "A T-shirt", pt: "Uma camiseta" },
        { isProduct: true },
      ),
    ])
    .returning();
  const [chamberNight, operaTomorrow, mugSale, shirtSale] = await db
    .insert(schema.performances)
    .values([
      // 2031-03-14 02:30 UTC is still the 13th, 23:30, in Buenos Aires.
      { showId: chamber.id, startsAt: new Date("2031-03-14T02:30:00.000Z") },
      { showId: opera.id, startsAt: at(32 * hours) },
      { showId: mug.id, startsAt: at(365 * 24 * hours) },
      { showId: shirt.id, startsAt: at(365 * 24 * hours) },
    ])
    .returning();
  const sectorRows = await db
    .insert(schema.sectors)
    .values(
      [chamberNight, operaTomorrow, mugSale, shirtSale].map((p) => ({
        performanceId: p.id,
        name: "General",
        kind: "GENERAL" as const,
        price: 2_000,
      })),
    )
    .returning();
  const places = (index: number, count: number, sold: boolean) =>
    Array.from({ length: count }, () => ({
      sectorId: sectorRows[index].id,
      performanceId: sectorRows[index].performanceId,
      sold,
    }));
  await db
    .insert(schema.positions)
    .values([
      ...places(0, 3, false),
      ...places(1, 2, true),
      ...places(2, 5, false),
      ...places(3, 2, true),
    ]);
  return { ...base, hall, shop, chamber, opera, mug, shirt, mugSale };
}

const api = setUpApiTests({ fixture: browseFixture });
beforeEach(() => {
  ({ db, t, fx } = api);
});

/** Checks the envelope and the data against the contract; returns the data. */
function okData<S extends { parse: (value: unknown) => unknown }>(
  result: { status: number; json: Envelope },
  data: S,
): ReturnType<S["parse"]> {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  expect(result.json.nCode).toBe(200);
  return data.parse(result.json.oData) as ReturnType<S["parse"]>;
}

function errorOf(result: { status: number; json: Envelope }) {
  const body = envelope(errorData).parse(result.json);
  return { status: result.status, nCode: body.nCode, ...errorData.parse(body.oData) };
}

const search = (
  body: unknown,
  options: { page?: number; perPage?: number; language?: string } = {},
) =>
  t.call(
    urlOf(endpoints.search, undefined, {
      cantXpagina: options.perPage ?? 12,
      pagina: options.page ?? 1,
    }),
    {
      method: "POST",
      body,
      language: options.language,
    },
  );

const titlesOf = (cards: { cEspectaculoCartelNombre: string }[]) =>
  cards.map((card) => card.cEspectaculoCartelNombre);

async function searchTitles(body: unknown, language?: string) {
  const page = okData(await search(body, { language }), pagedShowsSchema);
  expect(page.nTotal).toBe(page.Lista.length);
  return titlesOf(page.Lista);
}

describe("GET Cartelera", () => {
  it("gives the highlighted shows by rank, the categories by nOrden and the venues", async () => {
    const billboard = okData(await t.call(urlOf(endpoints.billboard)), billboardSchema);
    expect(titlesOf(billboard.listaDestacados)).toEqual([
      "Obra de Prueba",
      "Cámara y Música",
      "Ópera de Verano",
    ]);
    // The shop's type is not a billboard category; an empty category is still listed.
    expect(
      billboard.listaCategorias.map((c) => [
        c.cNombre,
        c.nOrden,
        c.nCantidad,
        titlesOf(c.listaEspectaculos),
      ]),
    ).toEqual([
      // "Concierto sin funciones" has nothing on sale: not counted, not listed.
      ["Música", 1, 1, ["Cámara y Música"]],
      // By next performance: tomorrow's (sold out, still shown as such) first.
      ["Teatro", 2, 2, ["Ópera de Verano", "Obra de Prueba"]],
      ["Danza", 3, 0, []],
    ]);
    expect(billboard.listaCategorias[1].listaEspectaculos[0].lAgotado).toBe(true);
    // Venues by name, without the shop.
    expect(billboard.listaEstablecimientos.map((v) => v.cNombre)).toEqual([
      "Sala Sinfónica",
      "Teatro de Prueba",
    ]);
  });

  it("is translated by Accept-Language", async () => {
    const billboard = okData(
      await t.call(urlOf(endpoints.billboard), { language: "en" }),
      billboardSchema,
    );
    expect(billboard.listaCategorias.map((c) => c.cNombre)).toEqual(["Music", "Theatre", "Dance"]);
    expect(billboard.listaDestacados[1].cResumen).toBe("String quartets");
    expect(billboard.listaEstablecimientos[0].cDescripcion).toBe("Concert hall");
  });

  it("lists the first 12 shows of a category and counts them all", async () => {
    const created = await db
      .insert(schema.shows)
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          seo: `danza-${i}`,
          title: `Danza ${String(i).padStart(2, "0")}`,
          typeId: 3,
          venueId: fx.venue.id,
          summary: { es: "-", en: "-", pt: "-" },
          description: { es: "-", en: "-", pt: "-" },
          imagePath: `/v2/Imagenes/danza-${i}.svg`,
        })),
      )
      .returning();
    // Later shows first in time: the order must come from the dates, not the ids.
    await db.insert(schema.performances).values(
      created.map((s, i) => ({
        showId: s.id,
        startsAt: new Date(t.clock.now().getTime() + (20 - i) * 24 * hours),
      })),
    );
    const billboard = okData(await t.call(urlOf(endpoints.billboard)), billboardSchema);
    const dance = billboard.listaCategorias.find((c) => c.idEspectaculoTipo === 3);
    expect(dance?.nCantidad).toBe(13);
    expect(titlesOf(dance?.listaEspectaculos ?? [])).toEqual(
      Array.from({ length: 12 }, (_, i) => `Danza ${String(12 - i).padStart(2, "0")}`),
    );
  });

  it("shows this server's holds at once (the cache is dropped on writes)", async () => {
    const chamberCard = async () =>
      okData(await t.call(urlOf(endpoints.billboard)), billboardSchema).listaDestacados[1];
    expect((await chamberCard()).lAgotado).toBe(false);
    const { token } = await createCustomerWithToken(db, t.clock, "buyer");
    const [performance] = await db
      .select()
      .from(schema.performances)
      .where(eq(schema.performances.showId, fx.chamber.id));
    const [sector] = await db
      .select()
      .from(schema.sectors)
      .where(eq(schema.sectors.performanceId, performance.id));
    const took = await t.call("/Proceso/0/Posiciones/Tomar", {
      token,
      body: { idFuncion: performance.id, listaSectores: [{ idSector: sector.id, nCantidad: 3 }] },
    });
    expect(took.json.nCode).toBe(200);
    expect((await chamberCard()).lAgotado).toBe(true);
  });
});

describe("GET Establecimientos", () => {
  it("lists every venue, the shop included, by name and translated", async () => {
    const venues = okData(
      await t.call(urlOf(endpoints.venues), { language: "pt" }),
      venuesResponse,
    ).Lista;
    expect(venues.map((v) => [v.cNombre, v.cZona, v.cDescripcion])).toEqual([
      ["Sala Sinfónica", "Palermo", "Sala de concertos"],
      ["Teatro de Prueba", "Centro", "Uma sala"],
      ["Tienda Cultural", "Monserrat", "A loja"],
    ]);
  });
});

describe("GET Tienda", () => {
  it("lists the products (type 100) only, with their stock state", async () => {
    const cards = okData(await t.call(urlOf(endpoints.shop)), shopResponse).Lista;
    expect(
      cards.map((c) => [c.cEspectaculoCartelNombre, c.idEspectaculoCartelTipo, c.lSinStock]),
    ).toEqual([
      ["Remera Agotada", PRODUCT_TYPE_ID, true],
      ["Taza Porteña", PRODUCT_TYPE_ID, false],
    ]);
  });

  it("filters by venue; an unknown venue is 404 and a malformed id 400", async () => {
    expect(
      okData(
        await t.call(urlOf(endpoints.shop, undefined, { idEstablecimiento: fx.shop.id })),
        shopResponse,
      ).Lista,
    ).toHaveLength(2);
    expect(
      okData(
        await t.call(urlOf(endpoints.shop, undefined, { idEstablecimiento: fx.venue.id })),
        shopResponse,
      ).Lista,
    ).toEqual([]);
    expect(
      errorOf(await t.call(urlOf(endpoints.shop, undefined, { idEstablecimiento: 999 }))),
    ).toMatchObject({
      status: 404,
      nCode: 404,
      cCodigo: "NOT_FOUND",
    });
    for (const bad of ["abc", "0", "-3", ""]) {
      const error = errorOf(await t.call(`/Tienda?idEstablecimiento=${bad}`));
      expect(error, bad).toMatchObject({ status: 400, nCode: 400, cCodigo: "VALIDATION" });
      expect(error.oErrores).toHaveProperty("idEstablecimiento");
    }
  });
});

describe("Tienda for a performance", () => {
  it("is active while a product offered with the show is in stock, and offers those in stock", async () => {
    const id = fx.performances.main.id;
    await db.insert(schema.showProducts).values([
      { showId: fx.show.id, productId: fx.shirt.id, sortOrder: 1 },
      { showId: fx.show.id, productId: fx.mug.id, sortOrder: 2 },
    ]);
    expect(
      okData(await t.call(urlOf(endpoints.shopActiveFor, { id: id })), shopActiveSchema),
    ).toEqual({
      lActiva: true,
    });
    const offered = okData(
      await t.call(urlOf(endpoints.shopFor, { id: id }), { language: "en" }),
      offeredProductsResponse,
    ).Lista;
    // The shirt is sold out: only the mug, with where its stock is held.
    expect(offered.map((c) => [c.cEspectaculoCartelNombre, c.cResumen])).toEqual([
      ["Taza Porteña", "A mug"],
    ]);
    expect(offered[0]).toMatchObject({ idFuncion: fx.mugSale.id, fPrecio: 2_000, nDisponible: 5 });
    // A show that offers no products.
    const [operaPerformance] = await db
      .select()
      .from(schema.performances)
      .where(sql`show_id = ${fx.opera.id}`);
    expect(
      okData(
        await t.call(urlOf(endpoints.shopActiveFor, { id: operaPerformance.id })),
        shopActiveSchema,
      ),
    ).toEqual({ lActiva: false });
    expect(
      okData(
        await t.call(urlOf(endpoints.shopFor, { id: operaPerformance.id })),
        offeredProductsResponse,
      ).Lista,
    ).toEqual([]);

    await db.execute(sql`UPDATE positions SET sold = true WHERE performance_id = ${fx.mugSale.id}`);
    expect(
      okData(await t.call(urlOf(endpoints.shopActiveFor, { id: id })), shopActiveSchema),
    ).toEqual({
      lActiva: false,
    });
    expect(
      okData(await t.call(urlOf(endpoints.shopFor, { id: id })), offeredProductsResponse).Lista,
    ).toEqual([]);
  });

  it("answers 404 for an unknown performance and 400 for a malformed id", async () => {
    for (const path of [
      urlOf(endpoints.shopActiveFor, { id: 999 }),
      urlOf(endpoints.shopFor, { id: 999 }),
    ]) {
      expect(errorOf(await t.call(path))).toMatchObject({
        status: 404,
        nCode: 404,
        cCodigo: "NOT_FOUND",
      });
    }
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"]) {
      for (const path of [`/Tienda/ActivaParaFuncion/${bad}`, `/Tienda/ParaFuncion/${bad}`]) {
        expect(errorOf(await t.call(path)), path).toMatchObject({
          status: 400,
          cCodigo: "VALIDATION",
        });
      }
    }
  });
});

describe("POST EspectaculosCartel/Buscar", () => {
  it("with an empty body lists every show but products, by next performance then title", async () => {
    const expected = [
      "Ópera de Verano",
      "Obra de Prueba",
      "Cámara y Música",
      "Concierto sin funciones",
    ];
    const page = okData(await search(undefined), pagedShowsSchema);
    expect(titlesOf(page.Lista)).toEqual(expected);
    expect(page).toMatchObject({ nTotal: 4, nPagina: 1, nCantXPagina: 12 });
    expect(await searchTitles({})).toEqual(expected);
    expect(await searchTitles("  ")).toEqual(expected);
  });

  it("matches the term in title, summary (request language), venue and category, ignoring case and accents", async () => {
    // Category Teatro, or venue Teatro de Prueba.
    expect(await searchTitles({ cBuscar: "teatro" })).toEqual([
      "Ópera de Verano",
      "Obra de Prueba",
      "Concierto sin funciones",
    ]);
    // Category Música and the title "Cámara y Música".
    expect(await searchTitles({ cBuscar: "musica" })).toEqual([
      "Cámara y Música",
      "Concierto sin funciones",
    ]);
    expect(await searchTitles({ cBuscar: "  SINFÓNICA " })).toEqual([
      "Ópera de Verano",
      "Cámara y Música",
    ]);
    expect(await searchTitles({ cBuscar: "OPERA" })).toEqual(["Ópera de Verano"]);
    // Summaries in the caller's language only; category names too.
    expect(await searchTitles({ cBuscar: "quartets" }, "en")).toEqual(["Cámara y Música"]);
    expect(await searchTitles({ cBuscar: "quartets" }, "es")).toEqual([]);
    expect(await searchTitles({ cBuscar: "theatre" }, "en")).toEqual([
      "Ópera de Verano",
      "Obra de Prueba",
    ]);
    // Every word must match, each anywhere.
    expect(await searchTitles({ cBuscar: "camara palermo" })).toEqual([]);
    expect(await searchTitles({ cBuscar: "cuerda sinfonica" })).toEqual(["Cámara y Música"]);
    // LIKE wildcards in the term are plain characters.
    expect(await searchTitles({ cBuscar: "%%%" })).toEqual([]);
    expect(await searchTitles({ cBuscar: "o_r" })).toEqual([]);
  });

  it("filters by performance dates on the city's calendar, inclusive, upcoming and on sale only", async () => {
    // Main performance at 12:00 of the 13th; the chamber concert at 23:30 of the 13th.
    expect(await searchTitles({ dDesde: "2031-03-13", dHasta: "2031-03-13" })).toEqual([
      "Obra de Prueba",
      "Cámara y Música",
    ]);
    expect(await searchTitles({ dDesde: "2031-03-14", dHasta: "2031-03-19" })).toEqual([]);
    expect(await searchTitles({ dDesde: "2031-03-14" })).toEqual(["Obra de Prueba"]);
    expect(await searchTitles({ dHasta: "2031-03-12" })).toEqual(["Ópera de Verano"]);
    // Yesterday's performance is over.
    expect(await searchTitles({ dDesde: "2031-03-09", dHasta: "2031-03-09" })).toEqual([]);
    await db
      .update(schema.performances)
      .set({ status: "CANCELLED" })
      .where(eq(schema.performances.id, fx.performances.later.id));
    expect(await searchTitles({ dDesde: "2031-03-14" })).toEqual([]);
  });

  it("filters by categories, venue and zone, and the filters combine", async () => {
    expect(await searchTitles({ aListaidTipoDeEspectaculo: [2] })).toEqual([
      "Cámara y Música",
      "Concierto sin funciones",
    ]);
    // Products only when their type is asked for.
    expect(await searchTitles({ aListaidTipoDeEspectaculo: [PRODUCT_TYPE_ID] })).toEqual([
      "Remera Agotada",
      "Taza Porteña",
    ]);
    expect(await searchTitles({ cBuscar: "taza" })).toEqual([]);
    expect(await searchTitles({ idEstablecimiento: fx.hall.id })).toEqual([
      "Ópera de Verano",
      "Cámara y Música",
    ]);
    expect(await searchTitles({ cZona: "palermo" })).toEqual([
      "Ópera de Verano",
      "Cámara y Música",
    ]);
    expect(await searchTitles({ cZona: "Nowhere" })).toEqual([]);
    expect(
      await searchTitles({
        cBuscar: "sinfonica",
        aListaidTipoDeEspectaculo: [1, 3],
        idEstablecimiento: fx.hall.id,
        cZona: "Palermo",
        dDesde: "2031-03-11",
        dHasta: "2031-03-11",
      }),
    ).toEqual(["Ópera de Verano"]);
    expect(await searchTitles({ cBuscar: "sinfonica", idEstablecimiento: fx.venue.id })).toEqual(
      [],
    );
  });

  it("keeps the order as performances are added, cancelled, deleted and go by", async () => {
    // These writes bypass the API (as another server's would), so each read waits out the
    // few seconds the unfiltered listing is cached.
    const pastCache = () => t.clock.advanceMinutes(SHOW_CARDS_TTL_MS / 60_000);
    const [added] = await db
      .insert(schema.performances)
      .values({ showId: fx.quietShow.id, startsAt: new Date(t.clock.now().getTime() + 2 * hours) })
      .returning();
    pastCache();
    expect(await searchTitles({})).toEqual([
      "Concierto sin funciones",
      "Ópera de Verano",
      "Obra de Prueba",
      "Cámara y Música",
    ]);
    await db
      .update(schema.performances)
      .set({ status: "CANCELLED" })
      .where(eq(schema.performances.id, added.id));
    pastCache();
    const initial = [
      "Ópera de Verano",
      "Obra de Prueba",
      "Cámara y Música",
      "Concierto sin funciones",
    ];
    expect(await searchTitles({})).toEqual(initial);
    await db.delete(schema.performances).where(eq(schema.performances.id, added.id));
    pastCache();
    expect(await searchTitles({})).toEqual(initial);
    // The opera's only performance starts: it has nothing to come, so it goes last (by title).
    t.clock.advanceMinutes(33 * 60);
    expect(await searchTitles({})).toEqual([
      "Obra de Prueba",
      "Cámara y Música",
      "Concierto sin funciones",
      "Ópera de Verano",
    ]);
    const billboard = okData(await t.call(urlOf(endpoints.billboard)), billboardSchema);
    expect(billboard.listaCategorias.find((c) => c.idEspectaculoTipo === 1)?.nCantidad).toBe(1);
  });

  it("caches the unfiltered listing: a write of this server shows at once, others' after the TTL", async () => {
    const total = async () => okData(await search({}), pagedShowsSchema).nTotal;
    const before = await total();
    await db.insert(schema.shows).values({
      seo: "estreno-directo",
      typeId: 1,
      venueId: fx.hall.id,
      title: "Estreno Directo",
      summary: { es: "s", en: "s", pt: "s" },
      description: { es: "d", en: "d", pt: "d" },
      imagePath: "/v2/Imagenes/estreno-directo.svg",
    });
    expect(await total()).toBe(before);
    t.clock.advanceMinutes(SHOW_CARDS_TTL_MS / 60_000);
    expect(await total()).toBe(before + 1);
    const filtered = okData(await search({ cBuscar: "estreno directo" }), pagedShowsSchema);
    expect(filtered.nTotal).toBe(1);
  });

  it("pages the results and answers an empty page past the end with the total", async () => {
    const page = async (pagina: number) =>
      okData(await search({}, { page: pagina, perPage: 3 }), pagedShowsSchema);
    const first = await page(1);
    expect(titlesOf(first.Lista)).toEqual(["Ópera de Verano", "Obra de Prueba", "Cámara y Música"]);
    expect(first).toMatchObject({ nTotal: 4, nPagina: 1, nCantXPagina: 3 });
    expect(titlesOf((await page(2)).Lista)).toEqual(["Concierto sin funciones"]);
    for (const beyond of [3, 500]) {
      expect(await page(beyond)).toEqual({
        Lista: [],
        nTotal: 4,
        nPagina: beyond,
        nCantXPagina: 3,
      });
    }
  });

  it("translates the cards", async () => {
    const page = okData(
      await search({ cBuscar: "camara" }, { language: "pt-BR" }),
      pagedShowsSchema,
    );
    expect(page.Lista[0]).toMatchObject({
      cResumen: "Quartetos de cordas",
      cEspectaculoCartelTipoNombre: "Música (pt)",
    });
  });

  it("answers 400 VALIDATION with the field's message key for bad paging", async () => {
    const cases: [string, string, string][] = [
      ["cantXpagina=0&pagina=1", "cantXpagina", "pageSizeInvalid"],
      ["cantXpagina=61&pagina=1", "cantXpagina", "pageSizeInvalid"],
      ["cantXpagina=abc&pagina=1", "cantXpagina", "pageSizeInvalid"],
      ["cantXpagina=2.5&pagina=1", "cantXpagina", "pageSizeInvalid"],
      ["cantXpagina=12&pagina=0", "pagina", "pageInvalid"],
      ["cantXpagina=12&pagina=-1", "pagina", "pageInvalid"],
      ["cantXpagina=12&pagina=abc", "pagina", "pageInvalid"],
    ];
    for (const [query, field, key] of cases) {
      const error = errorOf(
        await t.call(`/EspectaculosCartel/Buscar?${query}`, { method: "POST", body: {} }),
      );
      expect(error, query).toMatchObject({ status: 400, nCode: 400, cCodigo: "VALIDATION" });
      expect(error.oErrores?.[field], query).toEqual([key]);
    }
    // Without paging parameters: the defaults (12 per page, page 1).
    const page = okData(
      await t.call("/EspectaculosCartel/Buscar", { method: "POST", body: {} }),
      pagedShowsSchema,
    );
    expect(page).toMatchObject({ nPagina: 1, nCantXPagina: 12 });
  });

  it("answers 400 VALIDATION for bad filters, naming each field", async () => {
    const cases: [unknown, string, string][] = [
      [{ cBuscar: "ab" }, "cBuscar", "searchTooShort"],
      [{ cBuscar: "  ab   " }, "cBuscar", "searchTooShort"],
      [{ cBuscar: "x".repeat(101) }, "cBuscar", "searchTooLong"],
      [{ cBuscar: 123 }, "cBuscar", "searchTooShort"],
      [{ dDesde: "13/03/2031" }, "dDesde", "dateInvalid"],
      [{ dDesde: "2031-13-01" }, "dDesde", "dateInvalid"],
      [{ dHasta: "2031-02-30" }, "dHasta", "dateInvalid"],
      [{ dDesde: 20310313 }, "dDesde", "dateInvalid"],
      [{ dDesde: "2031-03-20", dHasta: "2031-03-10" }, "dHasta", "dateRangeInvalid"],
      [{ idEstablecimiento: "abc" }, "idEstablecimiento", "invalid"],
      [{ idEstablecimiento: -4 }, "idEstablecimiento", "invalid"],
      [{ aListaidTipoDeEspectaculo: "1" }, "aListaidTipoDeEspectaculo", "invalid"],
      [{ aListaidTipoDeEspectaculo: [1, "x"] }, "aListaidTipoDeEspectaculo.1", "invalid"],
      [[], "_", "invalid"],
      [null, "_", "invalid"],
      ['{"cBuscar": "tango"', "_", "malformedBody"],
    ];
    for (const [body, field, key] of cases) {
      const error = errorOf(await search(body));
      const label = JSON.stringify(body);
      expect(error, label).toMatchObject({ status: 400, nCode: 400, cCodigo: "VALIDATION" });
      expect(error.oErrores?.[field], label).toEqual([key]);
    }
  });

  it("reports bad paging and a bad body together, translated", async () => {
    const result = await t.call("/EspectaculosCartel/Buscar?cantXpagina=0&pagina=0", {
      method: "POST",
      body: { cBuscar: "ab" },
      language: "en",
    });
    const error = errorOf(result);
    expect(error.oErrores).toEqual({
      cantXpagina: ["pageSizeInvalid"],
      pagina: ["pageInvalid"],
      cBuscar: ["searchTooShort"],
    });
    expect(result.json.cMensaje).toBe("Some of the data sent is not valid");
  });

  it("answers 404 for an unknown venue or category", async () => {
    for (const body of [{ idEstablecimiento: 999 }, { aListaidTipoDeEspectaculo: [1, 77] }]) {
      expect(errorOf(await search(body)), JSON.stringify(body)).toMatchObject({
        status: 404,
        nCode: 404,
        cCodigo: "NOT_FOUND",
      });
    }
  });
});

describe("POST Contacto", () => {
  it("stores the message with its type and answers its id", async () => {
    const result = await t.call(urlOf(endpoints.contact), {
      body: {
        cTipo: "SOPORTE",
        cNombre: "  Ana García ",
        cEmail: "ana@example.com",
        cAsunto: "E-ticket",
        cMensaje: "No me llegó el e-ticket de mi compra.",
      },
    });
    const { idContacto } = okData(result, contactResponse);
    const [row] = await db
      .select()
      .from(schema.contactMessages)
      .where(eq(schema.contactMessages.id, idContacto));
    expect(row).toMatchObject({
      messageType: "SOPORTE",
      name: "Ana García",
      email: "ana@example.com",
      subject: "E-ticket",
      body: "No me llegó el e-ticket de mi compra.",
    });
    expect(row.createdAt.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("answers 400 with a message key per bad field, and for malformed JSON", async () => {
    const empty = errorOf(await t.call(urlOf(endpoints.contact), { body: {} }));
    expect(empty).toMatchObject({ status: 400, nCode: 400, cCodigo: "VALIDATION" });
    expect(empty.oErrores).toEqual({
      cTipo: ["contactTypeRequired"],
      cNombre: ["nameRequired"],
      cEmail: ["emailRequired"],
      cMensaje: ["messageRequired"],
    });
    const bad = errorOf(
      await t.call(urlOf(endpoints.contact), {
        body: {
          cTipo: "OTRO",
          cNombre: " ",
          cEmail: "sin-arroba",
          cMensaje: "corto",
          cAsunto: "x".repeat(151),
        },
      }),
    );
    expect(bad.oErrores).toEqual({
      cTipo: ["contactTypeRequired"],
      cNombre: ["nameRequired"],
      cEmail: ["emailInvalid"],
      cMensaje: ["messageTooShort"],
      cAsunto: ["tooLong"],
    });
    const malformed = errorOf(await t.call(urlOf(endpoints.contact), { body: "{nope" }));
    expect(malformed.oErrores).toEqual({ _: ["malformedBody"] });
    const count = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(schema.contactMessages);
    expect(count[0].n).toBe(0);
  });
});
