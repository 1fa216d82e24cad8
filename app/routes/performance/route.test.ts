// The performance page's loader and action through the root middleware against the API of a
// test database (fixture: the main performance has a GENERAL "Campo" and a NUMBERED
// "Platea" of rows A and B, 4 seats each, on a drawn hall; the later one has no hall).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { unpackSeats, withStates } from "~/components/seat-map/packed-seats";
import { seatNamer } from "~/components/seat-map/seat-names";
import type { SeatMapSectorData } from "~/components/seat-map/types";
import { brand } from "~/config/brand.server";
import { maxTitleLength } from "~/lib/seo";
import { i18nFor } from "~/services/i18n.server";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import * as schema from "../../../commerce/db/schema.ts";
import { addNumberedSector } from "../../../commerce/testing/group-holds.ts";
import type { Fixture, TestApi } from "../../../commerce/testing/harness.ts";
import { addPromotion } from "../../../commerce/testing/promotions.ts";
import { notContiguousNotice } from "./actions.server";
import * as availability from "./availability";
import { forgetDrawnSeats } from "./hall-cache.server";
import * as performance from "./route";
import { forgetSectorPlaces } from "./sector-places.server";

let t: TestApi;
let fx: Fixture;
let ana: Buyer;
const api = setUpRouteTests();
beforeEach(async () => {
  ({ t, fx } = api);
  forgetDrawnSeats();
  forgetSectorPlaces();
  ana = await createBuyer(api.db, t.clock, "ana");
});

const mainId = () => String(fx.performances.main.id);

/** The chosen sector's seats as the page unpacks and names them (in English, as requested). */
const seatsOf = (sector: SeatMapSectorData | null | undefined) =>
  sector
    ? withStates(
        unpackSeats(sector.packedSeats),
        sector.seatStates,
        seatNamer(i18nFor("en").t, sector.price),
      )
    : [];
const pagePath = (query = "") => `/funcion/obra-de-prueba/${mainId()}${query}`;
const params = () => ({ cSeo: "obra-de-prueba", id: mainId() });

async function openPage(query = "", cookie?: string) {
  return runRoute(
    performance.loader,
    pageGet(pagePath(query), cookie ?? (await ana.cookie())),
    params(),
  );
}

const statusOf = (thrown: unknown) =>
  thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status;

type Refusal = { init: ResponseInit; data: { error: string; values: { seats: number[] } } };

async function flashOf(setCookie: string | null) {
  const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
  return session.get("notice");
}

describe("the performance page", () => {
  it("asks for a login first (flag loginRequiredForSeatSelection on)", async () => {
    const { thrown } = await runRoute(performance.loader, pageGet(pagePath()), params());
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("moves /funcion?idFuncion=… to the performance's own address, keeping the rest", async () => {
    const { thrown } = await runRoute(
      performance.loader,
      pageGet(`/funcion?idFuncion=${mainId()}&vista=lista`, await ana.cookie()),
    );
    expect((thrown as Response).headers.get("Location")).toBe(
      `/funcion/obra-de-prueba/${mainId()}?vista=lista`,
    );
  });

  it("moves another slug to the show's own for good (301), keeping the query", async () => {
    const { thrown } = await runRoute(
      performance.loader,
      pageGet(`/funcion/cualquier-cosa/${mainId()}?vista=lista`, await ana.cookie()),
      { cSeo: "cualquier-cosa", id: mainId() },
    );
    expect(statusOf(thrown)).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/funcion/obra-de-prueba/${mainId()}?vista=lista`,
    );
  });

  it("draws the whole hall: stage, each sector's outline tied to the performance's sector", async () => {
    const { result, thrown } = await openPage();
    expect(thrown).toBeUndefined();
    const plan = result?.plan;
    expect(plan).toMatchObject({ width: 400, height: 300, stage: { name: "Stage" } });
    expect(plan?.sectors.map((s) => [s.name, s.sectorId])).toEqual([
      ["Campo", fx.sectors.general.id],
      ["Platea", fx.sectors.numbered.id],
    ]);
    expect(result?.sectors.map((s) => [s.name, s.kind, s.price, s.available, s.band])).toEqual([
      ["Campo", "GENERAL", 5000, fx.generalPlaces, 1],
      ["Platea", "NUMBERED", 8000, 8, 0],
    ]);
  });

  it("is titled by the show and a short date, which a tab or a search result shows whole", async () => {
    const { result } = await openPage();
    expect(result?.seo.title).toMatch(/^.+ — [^,]+, [^,]+, \d{1,2}:\d\d( [AP]M)?$/);
    expect(result?.seo.title.length).toBeLessThanOrEqual(maxTitleLength);
  });

  it("shows the only numbered sector's seats without being asked (spec §2), each named", async () => {
    const { result } = await openPage();
    const sector = result?.chosen;
    expect(sector?.sectorId).toBe(fx.sectors.numbered.id);
    const seats = seatsOf(sector);
    expect(seats).toHaveLength(8);
    expect(seats[0]).toMatchObject({
      row: "A",
      number: 1,
      rowIndex: 0,
      seatIndex: 0,
      x: 155,
      y: 150,
      state: "FREE",
      name: "Row A, seat 1, $\u00a08.000, available",
    });
    expect(seats.map((s) => `${s.row}${s.number}`)).toEqual([
      "A1",
      "A2",
      "A3",
      "A4",
      "B1",
      "B2",
      "B3",
      "B4",
    ]);
    expect(sector?.stage.name).toBe("Stage");
    expect(sector?.refreshUrl).toBe(
      `/funcion/obra-de-prueba/${mainId()}/disponibilidad?sector=${fx.sectors.numbered.id}`,
    );
  });

  it("says which seats are taken by others and which are the buyer's own", async () => {
    const bea = await createBuyer(api.db, t.clock, "bea");
    await holdPlaces(t, bea, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[0]],
    });
    const processId = await holdPlaces(t, ana, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[1]],
    });
    const { result } = await openPage("", await ana.cookie({ processId }));
    const [first, second] = seatsOf(result?.chosen);
    expect(first).toMatchObject({ state: "TAKEN", name: "Row A, seat 1, $\u00a08.000, taken" });
    expect(second).toMatchObject({
      state: "MINE",
      name: "Row A, seat 2, $\u00a08.000, in your cart",
    });
  });

  it("counts the free places of now though the performance itself is kept a few seconds", async () => {
    const numbered = fx.sectors.numbered.id;
    const freeIn = (page: Awaited<ReturnType<typeof openPage>>["result"]) =>
      page?.sectors.find((sector) => sector.id === numbered)?.available;
    const before = freeIn((await openPage()).result);
    const bea = await createBuyer(api.db, t.clock, "bea");
    await holdPlaces(t, bea, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[0], fx.seatIds[1]],
    });
    expect(before).toBeGreaterThan(2);
    expect(freeIn((await openPage()).result)).toBe((before ?? 0) - 2);
  });

  it("shows another session's holds as taken: only this session's purchase is the cart", async () => {
    await holdPlaces(t, ana, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[1]],
    });
    const { result } = await openPage("", await ana.cookie());
    const [first, second] = seatsOf(result?.chosen);
    expect(first).toMatchObject({ state: "FREE" });
    expect(second).toMatchObject({ state: "TAKEN", name: "Row A, seat 2, $\u00a08.000, taken" });
  });

  it("answers 404 for a sector that is not one of the performance's numbered sectors", async () => {
    const otherPerformance = fx.sectors.laterGeneral.id;
    for (const sector of [
      "abc",
      "0",
      "-1",
      "1.5",
      "99999999",
      "12345678901",
      String(fx.sectors.general.id),
      String(otherPerformance),
    ]) {
      const { thrown } = await openPage(`?sector=${sector}`);
      expect(statusOf(thrown), sector).toBe(404);
    }
    const { result } = await openPage(`?sector=${fx.sectors.numbered.id}`);
    expect(result?.chosen?.sectorId).toBe(fx.sectors.numbered.id);
  });

  it("shows a big sector's seat form a page of rows at a time; an unknown page is a 404", async () => {
    const stand = await addNumberedSector(
      api.db,
      { hallId: fx.hall.hall.id, performanceId: fx.performances.main.id },
      { code: "tribuna", name: "Tribuna", rows: 10, seatsPerRow: 40, top: 220 },
    );
    const first = await openPage(`?sector=${stand.sectorId}`);
    expect(first.result?.seatGrid).toEqual({
      pages: [
        { firstRow: "R1", lastRow: "R7", fromRow: 0, toRow: 7 },
        { firstRow: "R8", lastRow: "R10", fromRow: 7, toRow: 10 },
      ],
      current: 0,
    });
    // The map island still gets every seat of the sector.
    expect(seatsOf(first.result?.chosen)).toHaveLength(400);
    const second = await openPage(`?sector=${stand.sectorId}&filas=2`);
    expect(second.result?.seatGrid?.current).toBe(1);
    for (const bad of ["3", "0", "x"]) {
      const { thrown } = await openPage(`?sector=${stand.sectorId}&filas=${bad}`);
      expect(statusOf(thrown), bad).toBe(404);
    }
  });

  it("offers the list: rows of the chosen sector, then a row; an unknown row is a 404", async () => {
    const { result } = await openPage("?vista=lista");
    expect(result?.view).toBe("list");
    expect(result?.chosen?.sectorId).toBe(fx.sectors.numbered.id);
    expect(result?.listRow).toBeNull();
    const row = await openPage("?vista=lista&fila=B");
    expect(row.result?.listRow).toBe("B");
    for (const fila of ["Q", "", "A%00"]) {
      const { thrown } = await openPage(`?vista=lista&fila=${fila}`);
      expect(statusOf(thrown), fila).toBe(404);
    }
  });

  it("shows a performance whose sectors are not drawn: the hall sells nothing on the plan", async () => {
    const id = String(fx.performances.later.id);
    const { result, thrown } = await runRoute(
      performance.loader,
      pageGet(`/funcion/obra-de-prueba/${id}`, await ana.cookie()),
      { cSeo: "obra-de-prueba", id },
    );
    expect(thrown).toBeUndefined();
    expect(result?.plan?.sectors.map((s) => s.sectorId)).toEqual([null, null]);
    expect(result?.chosen).toBeNull();
    expect(result?.sectors.map((s) => s.name)).toEqual(["Campo"]);
  });
});

describe("choosing seats", () => {
  const post = async (fields: Record<string, string | string[]>, cookie?: string) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const one of [value].flat()) body.append(name, one);
    }
    const request = formPost(pagePath(), {}, cookie ?? (await ana.cookie()));
    return runRoute(
      performance.action,
      new Request(request.url, { method: "POST", headers: request.headers, body }),
      params(),
    );
  };

  it("holds the ticked seats and goes to the checkout", async () => {
    const { thrown, setCookie } = await post({
      intent: "places",
      seat: [String(fx.seatIds[2]), String(fx.seatIds[3])],
    });
    const location = (thrown as Response).headers.get("Location");
    expect(location).toMatch(/^\/BuyTicket\/\d+$/);
    const processId = Number(location?.split("/").at(-1));
    const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
    expect(session.get("processId")).toBe(processId);
    const view = await t.call(`/Proceso/${processId}`, { token: ana.token });
    expect(view.json.oData.oCantidadTotal.nCantidadTotal).toBe(2);
  });

  it("refuses a seat someone else holds with 409, keeping the buyer's choice", async () => {
    const bea = await createBuyer(api.db, t.clock, "bea");
    await holdPlaces(t, bea, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[0]],
    });
    const { result } = await post({ seat: [String(fx.seatIds[0]), String(fx.seatIds[1])] });
    const refusal = result as unknown as Refusal;
    expect(refusal.init.status).toBe(409);
    expect(refusal.data.error).toBe("One of the seats you chose is no longer available");
    expect(refusal.data.values.seats).toEqual([fx.seatIds[0], fx.seatIds[1]]);
  });

  it("answers a seat of another performance as an unknown one, and nothing is held", async () => {
    const [other] = await api.db
      .select({ id: schema.positions.id })
      .from(schema.positions)
      .where(eq(schema.positions.sectorId, fx.sectors.laterGeneral.id));
    const { result } = await post({ seat: String(other.id) });
    const refusal = result as unknown as Refusal;
    expect(refusal.init.status).toBeGreaterThanOrEqual(400);
    expect(refusal.init.status).toBeLessThan(500);
    const held = await api.db
      .select({ id: schema.positions.id })
      .from(schema.positions)
      .where(eq(schema.positions.id, other.id));
    expect(held).toHaveLength(1);
  });

  it("refuses nothing ticked or a malformed seat with 400 and a translated message", async () => {
    const none = (await post({ intent: "places" })).result as unknown as Refusal;
    expect(none.init.status).toBe(400);
    expect(none.data.error).toBe("Choose at least one ticket");
    const bad = (await post({ seat: "x" })).result as unknown as Refusal;
    expect(bad.init.status).toBe(400);
    expect(bad.data.error).toBe("The quantity is not valid");
  });
});

describe("best available", () => {
  const best = async (quantity: string, sector = "") =>
    runRoute(
      performance.action,
      formPost(pagePath(), { intent: "best", quantity, sector }, await ana.cookie()),
      params(),
    );

  it("holds the N best seats of a sector, side by side, and goes to the checkout", async () => {
    const { thrown, setCookie } = await best("2", String(fx.sectors.numbered.id));
    const location = (thrown as Response).headers.get("Location");
    expect(location).toMatch(/^\/BuyTicket\/\d+$/);
    expect(await flashOf(setCookie)).toBeUndefined();
    const processId = Number(location?.split("/").at(-1));
    const view = await t.call(`/Proceso/${processId}`, { token: ana.token });
    expect(view.json.oData.oCantidadTotal.nCantidadTotal).toBe(2);
  });

  it("holds the best seats of the whole hall when no sector is named", async () => {
    const { thrown } = await best("3");
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/BuyTicket\/\d+$/);
  });

  it("says on the checkout when the seats it found are not side by side (spec §8)", async () => {
    const bea = await createBuyer(api.db, t.clock, "bea");
    // Row A keeps 1, 3, 4 and row B keeps 1, 3, 4 free: no three seats side by side.
    await holdPlaces(t, bea, {
      idFuncion: fx.performances.main.id,
      listaPosiciones: [fx.seatIds[1], fx.seatIds[5]],
    });
    const { thrown, setCookie } = await best("3", String(fx.sectors.numbered.id));
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/BuyTicket\/\d+$/);
    expect(await flashOf(setCookie)).toBe(notContiguousNotice);
  });

  it("refuses a bad quantity with 400 and a translated message", async () => {
    for (const [quantity, message] of [
      ["", "Choose at least one ticket"],
      ["abc", "Choose at least one ticket"],
      ["0", "Choose at least one ticket"],
      ["1.5", "The quantity is not valid"],
      ["11", "You can buy up to 10 tickets per purchase"],
    ]) {
      const refusal = (await best(quantity)).result as unknown as Refusal;
      expect(refusal.init.status, quantity).toBe(400);
      expect(refusal.data.error, quantity).toBe(message);
    }
  });

  it("answers a sector that cannot exist as one that is not the performance's", async () => {
    const answers = [];
    for (const sector of [
      "x",
      "-3",
      String(fx.sectors.laterGeneral.id),
      "99999",
      String(fx.sectors.general.id),
    ]) {
      const refusal = (await best("2", sector)).result as unknown as Refusal;
      answers.push([refusal.init.status, refusal.data.error]);
    }
    expect(answers).toEqual(Array(5).fill([400, "Some of the data sent is not valid"]));
  });

  it("refuses more seats than the sector has left", async () => {
    const refusal = (await best("9", String(fx.sectors.numbered.id))).result as unknown as Refusal;
    expect(refusal.init.status).toBe(409);
    expect(refusal.data.error).toBe("There are not enough places available in this sector");
  });
});

describe("the map's availability refresh", () => {
  const refresh = async (query: string) =>
    runRoute(
      availability.loader,
      pageGet(`${pagePath()}/disponibilidad${query}`, await ana.cookie()),
      params(),
    );

  it("answers the sector's taken seats, then nothing changed for a current version", async () => {
    const { result } = await refresh(`?sector=${fx.sectors.numbered.id}`);
    const first = await (result as Response).json();
    expect(first.oSector.idSector).toBe(fx.sectors.numbered.id);
    expect(typeof first.oSector.cOcupadas).toBe("string");
    const again = await refresh(
      `?sector=${fx.sectors.numbered.id}&version=${encodeURIComponent(first.cVersion)}`,
    );
    expect((await (again.result as Response).json()).lSinCambios).toBe(true);
  });

  it("is a 404 without a sector or with one that cannot exist", async () => {
    for (const query of ["", "?sector=", "?sector=abc", "?sector=0"]) {
      const { thrown } = await refresh(query);
      expect(statusOf(thrown), query).toBe(404);
    }
  });
});

describe("the sector last opened, shown again on return (flag seatMapAutoShow, §2)", () => {
  /** A second numbered sector: the page alone would open on the hall. */
  async function withTwoNumbered() {
    const stand = await addNumberedSector(
      api.db,
      { hallId: fx.hall.hall.id, performanceId: fx.performances.main.id },
      { code: "palco", name: "Palco", rows: 1, seatsPerRow: 4, top: 220 },
    );
    return stand.sectorId;
  }
  /** The page as a browser sees it: each visit with the cookie the last one left. */
  async function visitor() {
    let cookie = await ana.cookie();
    return async (query = "") => {
      const visit = await openPage(query, cookie);
      if (visit.setCookie) cookie = visit.setCookie.split(";")[0];
      return visit.result?.chosen?.sectorId ?? null;
    };
  }

  it("on: back on the performance, the sector opened before; the hall link shows the hall", async () => {
    const palco = await withTwoNumbered();
    const visit = await visitor();
    expect(await visit()).toBeNull();
    expect(await visit(`?sector=${palco}`)).toBe(palco);
    // Went to the cart or to log in, and came back to the performance's address.
    expect(await visit()).toBe(palco);
    expect(await visit("?sector=")).toBeNull();
    expect(await visit()).toBeNull();
  });

  it("off: the hall on return, whatever was opened before", async () => {
    const palco = await withTwoNumbered();
    const visit = await visitor();
    brand.flags.seatMapAutoShow = false;
    try {
      expect(await visit(`?sector=${palco}`)).toBe(palco);
      expect(await visit()).toBeNull();
    } finally {
      brand.flags.seatMapAutoShow = true;
    }
  });
});

describe("with the flag loginRequiredForSeatSelection off (§9)", () => {
  beforeEach(() => {
    brand.flags.loginRequiredForSeatSelection = false;
    return () => {
      brand.flags.loginRequiredForSeatSelection = true;
    };
  });

  it("shows a visitor the hall and the only numbered sector's seats, and their refresh", async () => {
    const { result } = await runRoute(performance.loader, pageGet(pagePath()), params());
    expect(result?.chosen?.sectorId).toBe(fx.sectors.numbered.id);
    expect(seatsOf(result?.chosen)).toHaveLength(8);
    const refresh = await runRoute(
      availability.loader,
      pageGet(`${pagePath()}/disponibilidad?sector=${fx.sectors.numbered.id}`),
      params(),
    );
    expect((refresh.result as Response).status).toBe(200);
  });

  it("still asks a visitor to log in to hold seats, coming back to the performance", async () => {
    const { thrown } = await runRoute(
      performance.action,
      formPost(pagePath(), { intent: "places", seat: String(fx.seatIds[2]) }),
      params(),
    );
    const location = (thrown as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/login\?redirectTo=/);
    expect(decodeURIComponent(location)).toContain(pagePath());
  });
});

describe("the single-promotion question (flag skipSinglePromotionDialog, §9)", () => {
  const holdOne = async () => {
    const { thrown } = await runRoute(
      performance.action,
      formPost(pagePath(), { intent: "places", seat: String(fx.seatIds[4]) }, await ana.cookie()),
      params(),
    );
    return (thrown as Response).headers.get("Location");
  };

  it("on: a hold goes to the checkout though one promotion is on offer", async () => {
    await addPromotion(api.db, fx.show.id);
    expect(await holdOne()).toMatch(/^\/BuyTicket\/\d+$/);
  });

  describe("off", () => {
    beforeEach(() => {
      brand.flags.skipSinglePromotionDialog = false;
      return () => {
        brand.flags.skipSinglePromotionDialog = true;
      };
    });

    it("a hold asks about the one promotion on offer first, on the promotions page", async () => {
      await addPromotion(api.db, fx.show.id);
      expect(await holdOne()).toBe("/promocion");
    });

    it("with none on offer, a hold goes to the checkout", async () => {
      expect(await holdOne()).toMatch(/^\/BuyTicket\/\d+$/);
    });

    it("with two on offer, a hold goes to the checkout, which offers the choice", async () => {
      await addPromotion(api.db, fx.show.id);
      await addPromotion(api.db, fx.show.id);
      expect(await holdOne()).toMatch(/^\/BuyTicket\/\d+$/);
    });
  });
});
