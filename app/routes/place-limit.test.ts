// The API's limit of places per customer and performance, seen from the performance page:
// asking for more than the limit allows is explained, and the running purchase is kept
// (never swapped for a new one that would drop the places already held).
import { beforeEach, describe, expect, it } from "vitest";
import { formPost, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { createBuyer, holdPlaces, payHeld } from "~/testing/shop-buyer";
import type { Fixture, TestApi } from "../../commerce/testing/harness.ts";
import * as performance from "./performance/route";

let t: TestApi;
let fx: Fixture;
const api = setUpRouteTests();
beforeEach(() => {
  ({ t, fx } = api);
});

describe("places per customer and performance, on the performance page", () => {
  it("explains the limit and keeps the running purchase", async () => {
    const ana = await createBuyer(api.db, t.clock, "ana");
    const processId = await holdPlaces(t, ana, {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 8 }],
    });
    const cookie = await ana.cookie({ processId });

    const id = String(fx.performances.main.id);
    const { result } = await runRoute(
      performance.action,
      formPost(`/funcion/obra/${id}`, { [`qty-${fx.sectors.general.id}`]: "5" }, cookie),
      { cSeo: "obra", id },
    );
    const answer = result as unknown as { init: ResponseInit; data: { error: string } };
    expect(answer.data.error).toBe("You can take 2 more places for this performance.");
    expect(answer.init.status).toBe(422);

    const view = await t.call(`/Proceso/${processId}`, { token: ana.token });
    expect(view.json.oData.cEstado).toBe("ACTIVE");
    expect(view.json.oData.oCantidadTotal.nCantidadTotal).toBe(8);
  });

  it("counts what the buyer booked and bought too, and says how many are left in their language", async () => {
    const ana = await createBuyer(api.db, t.clock, "ana");
    const general = (quantity: number) => ({
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: quantity }],
    });
    await payHeld(t, ana, await holdPlaces(t, ana, general(3)));
    const booking = await t.call("/Proceso/0/Posiciones/TomarReservaPorFuncion", {
      token: ana.token,
      body: { ...general(2), lAceptaCondiciones: true },
    });
    expect(booking.json.nCode).toBe(200);
    const processId = await holdPlaces(t, ana, general(3));

    const id = String(fx.performances.main.id);
    // A buyer whose shop speaks Spanish asks for 3 more: 8 are theirs already.
    const request = formPost(`/funcion/obra/${id}`, { [`qty-${fx.sectors.general.id}`]: "3" });
    request.headers.set("Cookie", `${await ana.cookie({ processId })}; lng=es`);
    request.headers.set("Accept-Language", "es");
    const { result } = await runRoute(performance.action, request, { cSeo: "obra", id });
    const refused = result as unknown as { init: ResponseInit; data: { error: string } };
    expect(refused.data.error).toBe("Podés tomar 2 lugares más para esta función.");
    expect(refused.init.status).toBe(422);
  });
});
