// The purchase timer kept in the session and the one buying tab (spec §4), through the
// checkout's and the performance page's actions against the embedded API: a hold starts the
// timer with the API's deadline (REUSA on the same process), the tab that holds is the buying
// tab, another tab is sent to payFinish with the spec's message, a browser without
// JavaScript (no tab id) is one tab, and ending the purchase lets the tab go.
import { beforeEach, describe, expect, it } from "vitest";
import { resetTimer, startTimer } from "~/lib/purchase-timer";
import { sessionStorage } from "~/services/session.server";
import { formPost, loggedIn, pageGet, runRoute } from "~/testing/route-harness";
import { setUpHeldPurchase } from "~/testing/shop-buyer";
import type { Fixture, TestApi } from "../../../commerce/testing/harness.ts";
import * as buyingTab from "../buying-tab";
import * as payFinish from "../pay-finish";
import * as performance from "../performance/route";
import { action, loader } from "./route";

let t: TestApi;
let fx: Fixture;
let cookie: string;
let processId: number;

const held = setUpHeldPurchase();
beforeEach(() => {
  ({ t, fx } = held.api);
  ({ processId, cookie } = held);
});

const params = () => ({ idProcesoDeCompra: String(processId) });
const checkout = () => `/BuyTicket/${processId}`;
const sessionOf = (setCookie: string | null) => sessionStorage.getSession(setCookie?.split(";")[0]);

/** The cookie a browser has once its tab `tabId` has opened the checkout and claimed it. */
async function claimedBy(tabId: number) {
  const opened = await runRoute(loader, pageGet(checkout(), cookie), params());
  const { result, setCookie } = await runRoute(
    action,
    formPost(
      checkout(),
      { intent: "claimTab", tabId: String(tabId) },
      opened.setCookie?.split(";")[0],
    ),
    params(),
  );
  expect(result).toEqual({ claimed: true });
  const session = await sessionOf(setCookie);
  return { session, cookie: setCookie?.split(";")[0] ?? "" };
}

const performancePath = () => `/funcion/obra-de-prueba/${fx.performances.main.id}`;
const holdGeneral = (browserCookie: string, tabId?: number) =>
  runRoute(
    performance.action,
    formPost(
      performancePath(),
      {
        intent: "places",
        [`qty-${fx.sectors.general.id}`]: "1",
        ...(tabId ? { tabId: String(tabId) } : {}),
      },
      browserCookie,
    ),
    { cSeo: "obra-de-prueba", id: String(fx.performances.main.id) },
  );

describe("the buying tab", () => {
  it("is the tab that claims the checkout; it keeps it on every claim", async () => {
    const first = await claimedBy(7);
    expect(first.session.get("timer")?.nTabIdPrincipal).toBe(7);
    const again = await runRoute(
      action,
      formPost(checkout(), { intent: "claimTab", tabId: "7" }, first.cookie),
      params(),
    );
    expect(again.result).toEqual({ claimed: true });
  });

  it("sends another tab to payFinish with the spec's message, whatever it asks", async () => {
    const { cookie: claimed } = await claimedBy(7);
    for (const intent of ["claimTab", "pay", "release", "extend"]) {
      const { result, thrown, setCookie } = await runRoute(
        action,
        formPost(checkout(), { intent, tabId: "8", idFuncion: "1" }, claimed),
        params(),
      );
      const answer = (thrown ?? result) as Response;
      expect(answer.headers.get("Location"), intent).toBe("/payFinish");
      expect((await sessionOf(setCookie)).get("notice")).toBe(
        "layout:notices.purchaseInAnotherTab",
      );
    }
    const view = await t.call(`/Proceso/${processId}`, { token: held.buyer.token });
    expect(view.json.oData).toMatchObject({ cEstado: "ACTIVE", lExtendido: false });
  });

  it("refuses a hold from another tab and holds nothing more", async () => {
    const { cookie: claimed } = await claimedBy(7);
    const { thrown } = await holdGeneral(claimed, 8);
    expect((thrown as Response).headers.get("Location")).toBe("/payFinish");
    const view = await t.call(`/Proceso/${processId}`, { token: held.buyer.token });
    expect(view.json.oData.oCantidadTotal.nCantidadTotal).toBe(2);
  });

  it("takes no tab id as the browser's one tab (no JavaScript)", async () => {
    const { cookie: claimed } = await claimedBy(7);
    const { thrown } = await holdGeneral(claimed);
    expect((thrown as Response).headers.get("Location")).toBe(checkout());
  });

  it("lets another tab have it once the buying tab has been quiet for two minutes", async () => {
    const { session } = await claimedBy(7);
    const timer = session.get("timer");
    if (!timer) throw new Error("no timer in the session");
    const quiet = { ...timer, dUpdateTabIdPrincipal: new Date(Date.now() - 121_000).toISOString() };
    const quietCookie = await held.buyer.cookie({ processId, timer: quiet });
    const { result } = await runRoute(
      action,
      formPost(checkout(), { intent: "claimTab", tabId: "8" }, quietCookie),
      params(),
    );
    expect(result).toEqual({ claimed: true });
  });

  it("is let go at once when the buying tab says it went away; another tab's word is nothing", async () => {
    const { cookie: claimed } = await claimedBy(7);
    const others = await runRoute(
      buyingTab.action,
      formPost("/buyingTab", { tabId: "8" }, claimed),
    );
    expect((others.result as Response).status).toBe(204);
    expect(others.setCookie).toBeNull();
    const left = await runRoute(buyingTab.action, formPost("/buyingTab", { tabId: "7" }, claimed));
    // A tab opened next (its own id) goes on with the purchase, not to payFinish.
    const { result } = await runRoute(
      action,
      formPost(checkout(), { intent: "claimTab", tabId: "8" }, left.setCookie?.split(";")[0]),
      params(),
    );
    expect(result).toEqual({ claimed: true });
  });

  it("sends the tab kept out to a payFinish that says the purchase goes on, not that it ended", async () => {
    const { cookie: claimed } = await claimedBy(7);
    const refused = await runRoute(
      action,
      formPost(checkout(), { intent: "claimTab", tabId: "8" }, claimed),
      params(),
    );
    const { result } = await runRoute(
      payFinish.loader,
      pageGet("/payFinish", refused.setCookie?.split(";")[0]),
    );
    expect(result?.elsewhere).toBe(true);
    expect(result?.seo.title).toMatch(/^Your purchase goes on in another tab/);
    const ended = await runRoute(payFinish.loader, pageGet("/payFinish"));
    expect(ended.result?.elsewhere).toBe(false);
  });

  it("is let go when the purchase is cancelled: any tab may start the next one", async () => {
    const { cookie: claimed } = await claimedBy(7);
    const { setCookie } = await runRoute(
      action,
      formPost(checkout(), { intent: "cancel", tabId: "8" }, claimed),
      params(),
    );
    const after = await sessionOf(setCookie);
    expect(after.get("timer")).toMatchObject({ cEstado: "RESET", cOrigen: "INV001" });
    const next = await holdGeneral(setCookie?.split(";")[0] ?? "", 8);
    expect((next.thrown as Response).headers.get("Location")).toMatch(/^\/BuyTicket\/\d+$/);
  });
});

describe("the purchase timer in the session", () => {
  it("starts with the API's deadline on a hold and is reused by the next hold", async () => {
    const first = await holdGeneral(cookie);
    const session = await sessionOf(first.setCookie);
    const timer = session.get("timer");
    const view = await t.call(`/Proceso/${processId}`, { token: held.buyer.token });
    expect(timer).toMatchObject({
      cEstado: "INICIADO",
      idProcesoDeCompra: processId,
      dMaxima: view.json.oData.dMaxima,
      ctProcess: "CART",
      idFuncion: fx.performances.main.id,
    });
    const second = await holdGeneral(first.setCookie?.split(";")[0] ?? "");
    const reused = (await sessionOf(second.setCookie)).get("timer");
    expect(reused).toMatchObject({ cUltimaSituacion: "REUSA PROCESO", dMaxima: timer?.dMaxima });
  });

  it("is dropped with the user when the login has run out", async () => {
    const user = (await sessionStorage.getSession(cookie)).get("user");
    if (!user) throw new Error("no user in the test's session");
    const timer = startTimer(resetTimer(), { processId, type: "CART", now: new Date() });
    const dLogin = new Date(Date.now() - 181 * 60_000).toISOString();
    const stale = await loggedIn({ ...user, dLogin }, { processId, timer });
    const { setCookie } = await runRoute(loader, pageGet(checkout(), stale), params());
    expect((await sessionOf(setCookie)).get("timer")).toBeUndefined();
  });
});
