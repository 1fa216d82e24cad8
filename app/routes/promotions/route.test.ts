// /promocion against the embedded API: each ticket's promotion, a code kept for the purchase,
// refusals shown with what was chosen kept, and the way back to the checkout.
import { beforeEach, describe, expect, it } from "vitest";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { setUpHeldPurchase } from "~/testing/shop-buyer";
import type { Database } from "../../../commerce/db/client.ts";
import type { Fixture, TestApi } from "../../../commerce/testing/harness.ts";
import { addPromotion as addShowPromotion } from "../../../commerce/testing/promotions.ts";
import * as page from "./route";

let db: Database;
let t: TestApi;
let fx: Fixture;
let cookie: string;
let processId: number;

const held = setUpHeldPurchase();
beforeEach(() => {
  ({ db, t, fx } = held.api);
  ({ processId, cookie } = held);
});

const text = (es: string) => ({ es, en: es, pt: es });

const addPromotion = (values: Parameters<typeof addShowPromotion>[2] = {}) =>
  addShowPromotion(db, fx.show.id, values);

const sessionOf = (setCookie: string | null, fallback = cookie) =>
  sessionStorage.getSession((setCookie ?? fallback).split(";")[0]);
const processView = async () =>
  (await t.call(`/Proceso/${processId}`, { token: held.buyer.token })).json.oData;
const placeIds = async (): Promise<number[]> =>
  (await processView()).listaFuncion[0].listaPosiciones.map(
    (place: { idPosicion: number }) => place.idPosicion,
  );

/** Where a loader or action sent the browser (returned or thrown redirect). */
const locationOf = (outcome: { result?: unknown; thrown?: unknown }) =>
  ((outcome.thrown ?? outcome.result) as Response).headers.get("Location");

const post = (fields: Record<string, string>, browserCookie = cookie) =>
  runRoute(page.action, formPost("/promocion", fields, browserCookie));
const load = (browserCookie = cookie) =>
  runRoute(page.loader, pageGet("/promocion", browserCookie));

describe("/promocion", () => {
  it("lists each performance's promotions and every held ticket's current choice", async () => {
    const promo = await addPromotion({ name: text("Residentes"), forAttribute: "RESIDENT" });
    const open = await addPromotion({
      name: text("2x1"),
      rule: { kind: "N_FOR_M", take: 2, pay: 1 },
    });
    const { result } = await load();
    expect(result?.process.idProcesoDeCompra).toBe(processId);
    expect(result?.offers).toHaveLength(1);
    expect(result?.offers[0].promotions.map((p) => [p.idPromocion, p.lDisponible])).toEqual([
      [promo.id, false],
      [open.id, true],
    ]);
    expect(result?.code).toBeNull();
  });

  it("saves a different promotion per ticket and goes back to the checkout, which prices them", async () => {
    const quarter = await addPromotion({
      name: text("25%"),
      rule: { kind: "PERCENT_OFF", percent: 25 },
    });
    const fixed = await addPromotion({
      name: text("Fijo"),
      rule: { kind: "FIXED_PRICE", price: 1_000 },
    });
    const [first, second] = await placeIds();
    const saved = await post({
      intent: "choose",
      [`promotion-${first}`]: String(quarter.id),
      [`promotion-${second}`]: String(fixed.id),
    });
    expect(locationOf(saved)).toBe(`/BuyTicket/${processId}`);
    expect((await sessionOf(saved.setCookie)).get("notice")).toBe("checkout:promotions.saved");
    const view = await processView();
    expect(
      view.listaFuncion[0].listaPosiciones.map(
        (p: { cPromocionNombre: string }) => p.cPromocionNombre,
      ),
    ).toEqual(["25%", "Fijo"]);
    // 5,000 − 1,250 and 1,000 instead of 5,000.
    expect(view).toMatchObject({ fSubtotal: 10_000, fDescuento: 5_250 });
  });

  it("applies a code for the purchase, lists its promotion, and sends the code with the choice", async () => {
    const coded = await addPromotion({ name: text("Cultura"), code: "CULTURA25" });
    const wrong = await post({ intent: "code", cCodigo: "NADA" });
    expect((wrong.result as { init: ResponseInit }).init.status).toBe(422);
    expect((wrong.result as { data: { error: string; code: string } }).data).toEqual({
      error: "That code has no promotion for the tickets in your purchase",
      code: "NADA",
    });

    const right = await post({ intent: "code", cCodigo: "cultura25" });
    expect(locationOf(right)).toBe("/promocion");
    const withCode = await sessionOf(right.setCookie);
    expect(withCode.get("promotionCode")).toEqual({ processId, code: "cultura25" });
    const codeCookie = await sessionStorage.commitSession(withCode);
    const listed = await load(codeCookie);
    expect(listed.result?.offers[0].promotions.map((p) => p.cNombre)).toEqual(["Cultura"]);
    expect(listed.result?.code).toBe("cultura25");

    const [first] = await placeIds();
    const chosen = await post(
      { intent: "choose", [`promotion-${first}`]: String(coded.id) },
      codeCookie,
    );
    expect(locationOf(chosen)).toBe(`/BuyTicket/${processId}`);
    expect((await processView()).fDescuento).toBe(1_000);
  });

  it("shows the API's refusal in the buyer's language and keeps every choice", async () => {
    const full = await addPromotion({ name: text("Cupo"), quota: 1 });
    const [first, second] = await placeIds();
    const fields = {
      intent: "choose",
      [`promotion-${first}`]: String(full.id),
      [`promotion-${second}`]: String(full.id),
    };
    const { result, thrown } = await post(fields);
    expect(thrown).toBeUndefined();
    const refused = result as {
      init: ResponseInit;
      data: { error: string; choices: Record<string, string> };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.error).toBe("The promotion Cupo has no tickets left for that many places");
    expect(refused.data.choices).toEqual({
      [`promotion-${first}`]: String(full.id),
      [`promotion-${second}`]: String(full.id),
    });
    expect((await processView()).fDescuento).toBe(0);
  });

  it("refuses a malformed choice with 400, changing nothing", async () => {
    await addPromotion();
    const [first] = await placeIds();
    for (const value of ["abc", "-3", "1.5"]) {
      const { result } = await post({ intent: "choose", [`promotion-${first}`]: value });
      expect((result as { init: ResponseInit }).init.status, value).toBe(400);
    }
    const unknownIntent = await post({ intent: "whatever" });
    expect((unknownIntent.result as { init: ResponseInit }).init.status).toBe(400);
    expect((await processView()).fDescuento).toBe(0);
  });

  it("sends a buyer without a running purchase to the billboard, and an ended one to its checkout", async () => {
    const noPurchase = await held.buyer.cookie();
    expect(((await load(noPurchase)).thrown as Response).headers.get("Location")).toBe("/");
    t.clock.advanceMinutes(31);
    expect(((await load()).thrown as Response).headers.get("Location")).toBe(
      `/BuyTicket/${processId}`,
    );
  });

  it("asks for a login", async () => {
    const { thrown } = await runRoute(page.loader, pageGet("/promocion"));
    expect((thrown as Response).headers.get("Location")).toMatch(
      /^\/login\?redirectTo=%2Fpromocion/,
    );
  });
});
