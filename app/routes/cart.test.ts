// The header cart's removal of one performance (POST /cart: SoltarGrupo, then the process
// read again) and the cancel confirmation (/cancelPurchase), against the embedded API.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { setUpHeldPurchase } from "~/testing/shop-buyer";
import type { Fixture, TestApi } from "../../commerce/testing/harness.ts";
import * as cancelPage from "./cancel-purchase";
import * as cart from "./cart";

let t: TestApi;
let fx: Fixture;
let cookie: string;
let processId: number;

const held = setUpHeldPurchase();
beforeEach(() => {
  ({ t, fx } = held.api);
  ({ processId, cookie } = held);
});

const sessionOf = (setCookie: string | null) => sessionStorage.getSession(setCookie?.split(";")[0]);
const processView = async () =>
  (await t.call(`/Proceso/${processId}`, { token: held.buyer.token })).json.oData;
/** One place of the later performance in the same purchase. */
async function holdLaterToo() {
  const taken = await t.call(`/Proceso/${processId}/Posiciones/Tomar`, {
    token: held.buyer.token,
    body: {
      idFuncion: fx.performances.later.id,
      listaSectores: [{ idSector: fx.sectors.laterGeneral.id, nCantidad: 1 }],
    },
  });
  expect(taken.json.nCode).toBe(200);
}

const remove = (fields: Record<string, string>, browserCookie = cookie) =>
  runRoute(cart.action, formPost("/cart", { intent: "remove", ...fields }, browserCookie));

describe("POST /cart: one performance out of the purchase", () => {
  it("takes its places out and goes back to the page the buyer was on", async () => {
    await holdLaterToo();
    const { thrown } = await remove({
      idFuncion: String(fx.performances.main.id),
      redirectTo: "/landing/obra-de-prueba?x=1",
    });
    expect((thrown as Response).headers.get("Location")).toBe("/landing/obra-de-prueba?x=1");
    const view = await processView();
    expect(view.cEstado).toBe("ACTIVE");
    expect(view.listaFuncion.map((line: { idFuncion: number }) => line.idFuncion)).toEqual([
      fx.performances.later.id,
    ]);
  });

  it("leads an emptied purchase to the billboard, saying so, never to a payment form", async () => {
    const { result, setCookie } = await remove({
      idFuncion: String(fx.performances.main.id),
      redirectTo: `/BuyTicket/${processId}`,
    });
    expect((result as Response).headers.get("Location")).toBe("/");
    const after = await sessionOf(setCookie);
    expect(after.get("processId")).toBeUndefined();
    expect(after.get("notice")).toBe("layout:notices.purchaseEmptied");
    expect((await processView()).oCantidadTotal.nCantidadTotal).toBe(0);
  });

  it("goes back only to a page of the shop", async () => {
    await holdLaterToo();
    const { thrown } = await remove({
      idFuncion: String(fx.performances.main.id),
      redirectTo: "//evil.example/phish",
    });
    expect((thrown as Response).headers.get("Location")).toBe("/");
  });

  it("refuses a malformed performance with 400 and changes nothing", async () => {
    for (const idFuncion of ["", "abc", "-1", "0"]) {
      const { result, thrown } = await remove({ idFuncion });
      expect(thrown, idFuncion).toBeUndefined();
      expect((result as { init: ResponseInit }).init.status, idFuncion).toBe(400);
    }
    expect((await processView()).oCantidadTotal.nCantidadTotal).toBe(2);
  });

  it("has nothing to take out without a running purchase, and GET /cart goes where the cart is", async () => {
    const none = await held.buyer.cookie();
    const { thrown } = await remove({ idFuncion: String(fx.performances.main.id) }, none);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    const withCart = await runRoute(cart.loader, pageGet("/cart", cookie));
    expect((withCart.thrown as Response).headers.get("Location")).toBe(`/BuyTicket/${processId}`);
    const withoutCart = await runRoute(cart.loader, pageGet("/cart", none));
    expect((withoutCart.thrown as Response).headers.get("Location")).toBe("/");
  });
});

describe("/cancelPurchase: cancel with a confirmation", () => {
  it("asks first, changing nothing, then cancels on yes and says so on the billboard", async () => {
    const asked = await runRoute(cancelPage.loader, pageGet("/cancelPurchase", cookie));
    expect(asked.result?.processId).toBe(processId);
    expect((await processView()).cEstado).toBe("ACTIVE");

    const { result, setCookie } = await runRoute(
      cancelPage.action,
      formPost("/cancelPurchase", {}, cookie),
    );
    expect((result as Response).headers.get("Location")).toBe("/");
    const after = await sessionOf(setCookie);
    expect(after.get("notice")).toBe("layout:notices.purchaseCancelled");
    expect(after.get("processId")).toBeUndefined();
    expect((await processView()).cEstado).toBe("CANCELLED");
  });

  it("has nothing to ask without a running purchase", async () => {
    const none = await held.buyer.cookie();
    const asked = await runRoute(cancelPage.loader, pageGet("/cancelPurchase", none));
    expect((asked.thrown as Response).headers.get("Location")).toBe("/");
    const posted = await runRoute(cancelPage.action, formPost("/cancelPurchase", {}, none));
    expect((posted.thrown as Response).headers.get("Location")).toBe("/");
  });
});
