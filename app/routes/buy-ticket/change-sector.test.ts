// "Change sector" at the checkout: the held seats of a sector offered a move to each other
// numbered sector with room for them, moved all or nothing, and every refusal a clear,
// translated 4xx that leaves the cart as it was.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import { positions } from "../../../commerce/db/schema.ts";
import { addNumberedSector } from "../../../commerce/testing/group-holds.ts";
import { sectorMovedNotice } from "./change-sector.server";
import { action, loader } from "./route";
import type { ChangeSectorRefusal } from "./sector-moves";

const api = setUpRouteTests();
let ana: Buyer;
let processId: number;
let cookie: string;
let pullman: Awaited<ReturnType<typeof addNumberedSector>>;

beforeEach(async () => {
  const { fx, t } = api;
  pullman = await addNumberedSector(
    api.db,
    { hallId: fx.hall.hall.id, performanceId: fx.performances.main.id },
    { code: "pullman", name: "Pullman", rows: 1, seatsPerRow: 6, top: 220, price: 6_000 },
  );
  ana = await createBuyer(api.db, t.clock, "ana");
  processId = await holdPlaces(t, ana, {
    idFuncion: fx.performances.main.id,
    listaPosiciones: [fx.seatIds[0], fx.seatIds[1]],
  });
  cookie = await ana.cookie({ processId });
});

const checkout = () => `/BuyTicket/${processId}`;
const params = () => ({ idProcesoDeCompra: String(processId) });
const move = (fields: Record<string, string>, as = cookie) =>
  runRoute(
    action,
    formPost(
      checkout(),
      {
        intent: "changeSector",
        idFuncion: String(api.fx.performances.main.id),
        idSectorOrigen: String(api.fx.sectors.numbered.id),
        ...fields,
      },
      as,
    ),
    params(),
  );

/** Ids of the places Ana's process holds, by sector. */
async function held() {
  const rows = await api.db
    .select({ id: positions.id, sectorId: positions.sectorId })
    .from(positions)
    .where(and(eq(positions.heldByProcessId, processId), eq(positions.sold, false)))
    .orderBy(positions.id);
  return rows;
}

describe("the checkout's change of sector", () => {
  it("offers the held seats' sector a move to each other numbered sector with room", async () => {
    const { result } = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(result?.sectorMoves).toEqual([
      {
        idFuncion: api.fx.performances.main.id,
        idSectorOrigen: api.fx.sectors.numbered.id,
        cSectorNombre: "Platea",
        nCantidad: 2,
        opciones: [{ idSector: pullman.sectorId, cNombre: "Pullman", fPrecio: 6_000 }],
      },
    ]);
  });

  it("does not offer a sector with fewer free seats than are held", async () => {
    const bea = await createBuyer(api.db, api.t.clock, "bea");
    await holdPlaces(api.t, bea, {
      idFuncion: api.fx.performances.main.id,
      listaPosiciones: pullman.placeIds.slice(0, 5),
    });
    const { result } = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(result?.sectorMoves).toEqual([]);
  });

  it("moves them to the best seats there, back to the checkout, and says so", async () => {
    const { result, setCookie } = await move({ idSector: String(pullman.sectorId) });
    expect((result as Response).headers.get("Location")).toBe(checkout());
    const session = await sessionStorage.getSession(setCookie?.split(";")[0]);
    expect(session.get("notice")).toBe(sectorMovedNotice);
    const now = await held();
    expect(now.map((place) => place.sectorId)).toEqual([pullman.sectorId, pullman.sectorId]);
    // The middle of the row, nearest the stage's centre.
    expect(now.map((place) => place.id)).toEqual([pullman.placeIds[2], pullman.placeIds[3]]);
  });

  it("changes nothing when the other sector has no room left, and says why", async () => {
    const before = await held();
    const bea = await createBuyer(api.db, api.t.clock, "bea");
    await holdPlaces(api.t, bea, {
      idFuncion: api.fx.performances.main.id,
      listaPosiciones: pullman.placeIds.slice(0, 5),
    });
    const { result } = await move({ idSector: String(pullman.sectorId) });
    const refusal = result as unknown as { data: ChangeSectorRefusal; init: ResponseInit };
    expect(refusal.init.status).toBe(409);
    expect(refusal.data.changeSector).toEqual({
      key: `${api.fx.performances.main.id}-${api.fx.sectors.numbered.id}`,
      message: "There are not enough places available in this sector",
    });
    expect(await held()).toEqual(before);
  });

  it("answers bad input and someone else's cart with a 4xx, changing nothing", async () => {
    const before = await held();
    for (const idSector of ["", "abc", "-1", "1.5"]) {
      const { result } = await move({ idSector });
      const refusal = result as unknown as { data: ChangeSectorRefusal; init: ResponseInit };
      expect(refusal.init.status, idSector).toBe(400);
      expect(refusal.data.changeSector.message.length).toBeGreaterThan(0);
    }
    // A sector of another performance is refused by the API as a field error.
    const other = await move({ idSector: String(api.fx.sectors.laterGeneral.id) });
    expect((other.result as unknown as { init: ResponseInit }).init.status).toBe(400);

    const bea = await createBuyer(api.db, api.t.clock, "bea");
    const theirs = await move({ idSector: String(pullman.sectorId) }, await bea.cookie());
    expect((theirs.result as unknown as { init: ResponseInit }).init.status).toBe(404);
    expect(await held()).toEqual(before);
  });
});
