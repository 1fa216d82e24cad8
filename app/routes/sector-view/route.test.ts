// The view from a sector: shown where its part of the hall has one, with its description;
// any other sector (none, unknown, malformed, another performance's) is a 404.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { type Buyer, createBuyer } from "~/testing/shop-buyer";
import * as schema from "../../../commerce/db/schema.ts";
import type { Fixture } from "../../../commerce/testing/harness.ts";
import { loader } from "./route";

let fx: Fixture;
let ana: Buyer;
const api = setUpRouteTests();
beforeEach(async () => {
  fx = api.fx;
  ana = await createBuyer(api.db, api.t.clock, "ana");
  await api.db
    .update(schema.hallSectors)
    .set({
      viewImage: "/v2/Imagenes/vista-platea.svg",
      viewDescription: {
        es: "El escenario de frente, a media distancia",
        en: "The stage straight ahead, half way back",
        pt: "O palco de frente, a meia distância",
      },
    })
    .where(eq(schema.hallSectors.id, fx.hall.stalls.id));
});

const statusOf = (thrown: unknown) =>
  thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status;

async function open(idSector: string, id = String(fx.performances.main.id)) {
  return runRoute(
    loader,
    pageGet(`/funcion/obra-de-prueba/${id}/vista/${idSector}`, await ana.cookie()),
    { cSeo: "obra-de-prueba", id, idSector },
  );
}

describe("the view from a sector", () => {
  it("shows the sector's panorama with its description", async () => {
    const { result, thrown } = await open(String(fx.sectors.numbered.id));
    expect(thrown).toBeUndefined();
    expect(result).toMatchObject({
      sectorName: "Platea",
      image: "/v2/Imagenes/vista-platea.svg",
      description: "The stage straight ahead, half way back",
      backPath: `/funcion/obra-de-prueba/${fx.performances.main.id}?sector=${fx.sectors.numbered.id}#seats`,
    });
  });

  it("is a 404 for a sector without a view, unknown, malformed or of another performance", async () => {
    for (const sector of [
      String(fx.sectors.general.id),
      String(fx.sectors.laterGeneral.id),
      "99999",
      "abc",
      "0",
    ]) {
      const { thrown } = await open(sector);
      expect(statusOf(thrown), sector).toBe(404);
    }
    const { thrown } = await open(
      String(fx.sectors.laterGeneral.id),
      String(fx.performances.later.id),
    );
    expect(statusOf(thrown)).toBe(404);
  });

  it("asks for a login first", async () => {
    const id = String(fx.performances.main.id);
    const { thrown } = await runRoute(
      loader,
      pageGet(`/funcion/obra-de-prueba/${id}/vista/${fx.sectors.numbered.id}`),
      { cSeo: "obra-de-prueba", id, idSector: String(fx.sectors.numbered.id) },
    );
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
