// The checkout's loader and action through the request context, against the embedded API:
// what a buyer's browser would get back for each submission, cookie included.
import { beforeEach, describe, expect, it } from "vitest";
import { brand } from "~/config/brand.server";
import { resetTimer, startTimer } from "~/lib/purchase-timer";
import { sessionStorage } from "~/services/session.server";
import { formPost, loggedIn, pageGet, runRoute } from "~/testing/route-harness";
import { cardFormFields, createBuyer, setUpHeldPurchase } from "~/testing/shop-buyer";
import { type Fixture, type TestApi, testCard } from "../../../commerce/testing/harness.ts";
import { action, loader } from "./route";

let t: TestApi;
let fx: Fixture;
let cookie: string;
let processId: number;

const held = setUpHeldPurchase();
const api = held.api;
beforeEach(() => {
  ({ t, fx } = api);
  ({ processId, cookie } = held);
});

const params = () => ({ idProcesoDeCompra: String(processId) });
const checkout = () => `/BuyTicket/${processId}`;

const cardFields = (number = "4242424242424242") => cardFormFields(testCard(number));

const payment = (extra: Record<string, string> = {}) => ({
  intent: "pay",
  idEntregaTipo: "1",
  nFormaDePago: "1",
  nCuotas: "1",
  // The buyer saw the card's plans (card-plans.test.ts covers when not).
  cPlanesVistos: "42424242:1",
  lAceptaTerminos: "on",
  cClaveIdempotencia: `key-${processId}-${Math.random().toString(36).slice(2)}`,
  ...cardFields(),
  ...extra,
});

async function sessionOf(setCookie: string | null) {
  return sessionStorage.getSession(setCookie?.split(";")[0]);
}

describe("checkout loader", () => {
  it("shows the held places, delivery types and payment methods", async () => {
    const { result, thrown } = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(thrown).toBeUndefined();
    expect(result?.process.oCantidadTotal.nCantidadTotal).toBe(2);
    expect(result?.process.fSubtotal).toBe(2 * fx.prices.general);
    expect(result?.deliveryTypes.length).toBeGreaterThan(0);
    expect(result?.paymentMethods.length).toBeGreaterThan(0);
    expect(result?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a visitor without a session to login, carrying the checkout's path", async () => {
    const { thrown } = await runRoute(loader, pageGet(checkout()), params());
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(checkout())}`,
    );
  });

  it("drops a login past its 180 minutes and says so once", async () => {
    const session = await sessionStorage.getSession(cookie);
    const user = session.get("user");
    if (!user) throw new Error("the test's session has no user");
    const dLogin = new Date(Date.now() - 181 * 60_000).toISOString();
    const stale = await loggedIn({ ...user, dLogin }, { processId });
    const { thrown, setCookie } = await runRoute(loader, pageGet(checkout(), stale), params());
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const after = await sessionOf(setCookie);
    expect(after.get("user")).toBeUndefined();
    expect(after.get("notice")).toBe("layout:notices.sessionDisconnected");
  });

  it("answers 404 for a malformed id or someone else's process", async () => {
    const malformed = await runRoute(loader, pageGet("/BuyTicket/1e3", cookie), {
      idProcesoDeCompra: "1e3",
    });
    expect((malformed.thrown as { init: ResponseInit }).init.status).toBe(404);
    const foreign = await runRoute(loader, pageGet("/BuyTicket/999", cookie), {
      idProcesoDeCompra: "999",
    });
    expect((foreign.thrown as { init: ResponseInit }).init.status).toBe(404);
  });

  it("writes no cookie when the session did not change", async () => {
    // The first visit takes the purchase's timer into the session (the fixture's has none).
    const first = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(first.setCookie).not.toBeNull();
    const again = await runRoute(
      loader,
      pageGet(checkout(), first.setCookie?.split(";")[0]),
      params(),
    );
    expect(again.setCookie).toBeNull();
  });
});

describe("checkout action", () => {
  it("refuses an incomplete form with 400, each field explained, the card's code not echoed", async () => {
    const form = payment({ lAceptaTerminos: "", "oTarjeta.cNumero": "4242" });
    const { result } = await runRoute(action, formPost(checkout(), form, cookie), params());
    const reply = result as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.error.lAceptaTerminos).toEqual(["termsRequired"]);
    expect(reply.data.error["oTarjeta.cNumero"]).toEqual(["cardNumberIncomplete"]);
    expect(JSON.stringify(reply.data.initialValue)).not.toContain('cCodigoSeguridad":"123');
  });

  it("checks the card with the rules the brand's cardValidation turns on, the others left to the bank", async () => {
    const past = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 2, 15));
    // Expired, and a security code of 2 digits; the plans not seen yet, so nothing is charged.
    const form = payment({
      cPlanesVistos: "",
      "oTarjeta.nMesVencimiento": String(past.getUTCMonth() + 1),
      "oTarjeta.nAnioVencimiento": String(past.getUTCFullYear()),
      "oTarjeta.cCodigoSeguridad": "12",
    });
    type Reply = { init?: ResponseInit; data: { error?: Record<string, string[]> } };
    const on = (await runRoute(action, formPost(checkout(), form, cookie), params()))
      .result as unknown as Reply;
    expect(on.init?.status).toBe(400);
    expect(on.data.error).toMatchObject({
      "oTarjeta.nMesVencimiento": ["expiryPast"],
      "oTarjeta.cCodigoSeguridad": ["cvcInvalid"],
    });

    const shipped = brand.flags.cardValidation;
    brand.flags.cardValidation = { number: true, cvc: false, expiry: false };
    try {
      const off = (await runRoute(action, formPost(checkout(), form, cookie), params()))
        .result as unknown as Reply & { data: { cardPlans?: unknown } };
      // Past the form's checks: the card's plans are the answer, as for a valid card.
      expect(off.data.error?.["oTarjeta.nMesVencimiento"]).toBeUndefined();
      expect(off.data.error?.["oTarjeta.cCodigoSeguridad"]).toBeUndefined();
      expect(off.data.cardPlans).toMatchObject({ bin: "42424242" });
    } finally {
      brand.flags.cardValidation = shipped;
    }
  });

  it("shows a declined card's reason with 402 and keeps the purchase", async () => {
    const form = payment(cardFields("4000000000000002"));
    const { result } = await runRoute(action, formPost(checkout(), form, cookie), params());
    const reply = result as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(reply.init.status).toBe(402);
    expect(reply.data.error[""]?.[0]).toMatch(/^Payment failed: insufficient funds/);
    const again = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(again.result?.process.cEstado).toBe("ACTIVE");
  });

  it("pays: goes to the success page and forgets the finished purchase", async () => {
    const { result, setCookie } = await runRoute(
      action,
      formPost(checkout(), payment(), cookie),
      params(),
    );
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
    expect((await sessionOf(setCookie)).get("processId")).toBeUndefined();
    const orders = await t.call("/Historial2", {
      token: (await sessionStorage.getSession(cookie)).get("user")?.token,
    });
    expect(orders.json.oData.Lista).toHaveLength(1);
  });

  it("cancels: frees the places, returns to the billboard and says so", async () => {
    const { result, setCookie } = await runRoute(
      action,
      formPost(checkout(), { intent: "cancel" }, cookie),
      params(),
    );
    expect((result as Response).headers.get("Location")).toBe("/");
    const after = await sessionOf(setCookie);
    expect(after.get("processId")).toBeUndefined();
    expect(after.get("notice")).toBe("layout:notices.purchaseCancelled");
    const detail = await t.call(`/Funcion/${fx.performances.main.id}`);
    expect(detail.json.oData.listaSectores[0].nDisponibles).toBe(fx.generalPlaces);
  });

  it("cancels an expired purchase too, and never someone else's", async () => {
    const bob = await createBuyer(api.db, t.clock, "bob");
    const bobCookie = await bob.cookie({ processId });
    await runRoute(action, formPost(checkout(), { intent: "cancel" }, bobCookie), params());
    const free = async () =>
      (await t.call(`/Funcion/${fx.performances.main.id}`)).json.oData.listaSectores[0]
        .nDisponibles;
    expect(await free()).toBe(fx.generalPlaces - 2);

    const { result } = await runRoute(
      action,
      formPost(checkout(), { intent: "expired" }, cookie),
      params(),
    );
    expect((result as Response).headers.get("Location")).toBe("/");
    expect(await free()).toBe(fx.generalPlaces);
  });

  it("after the clock ran out, OK goes back to the performance the places were chosen on", async () => {
    const timer = startTimer(resetTimer(), {
      processId,
      type: "CART",
      performanceId: fx.performances.main.id,
      now: new Date(),
    });
    const withTimer = await held.buyer.cookie({ processId, timer });
    const { result, setCookie } = await runRoute(
      action,
      formPost(checkout(), { intent: "expired" }, withTimer),
      params(),
    );
    expect((result as Response).headers.get("Location")).toBe(
      `/funcion/obra-de-prueba/${fx.performances.main.id}`,
    );
    expect((await sessionOf(setCookie)).get("notice")).toBe("layout:notices.purchaseExpired");
  });

  it("once the clock ran out and OK was pressed, the checkout says the time is over (§4 FINISHED)", async () => {
    const timer = startTimer(resetTimer(), { processId, type: "CART", now: new Date() });
    const withTimer = await held.buyer.cookie({ processId, timer });
    const ok = await runRoute(
      action,
      formPost(checkout(), { intent: "expired" }, withTimer),
      params(),
    );
    const ended = await sessionOf(ok.setCookie);
    expect(ended.get("timer")).toMatchObject({
      cEstado: "FINISHED",
      cOrigen: "INV0010",
      idProcesoDeCompra: processId,
    });
    // The notice was shown where OK led (reading it spends it); then back on its checkout:
    // the time ran out, not 'cancelled'.
    ended.get("notice");
    const shown = (await sessionStorage.commitSession(ended)).split(";")[0];
    const again = await runRoute(loader, pageGet(checkout(), shown), params());
    expect((again.thrown as Response).headers.get("Location")).toBe("/payFinish");
    expect((await sessionOf(again.setCookie)).get("notice")).toBe("layout:notices.purchaseExpired");
  });

  it("a process whose time ran out on the API's clock is FINISHED when its checkout reads it", async () => {
    const timer = startTimer(resetTimer(), { processId, type: "CART", now: new Date() });
    const running = await held.buyer.cookie({ processId, timer });
    t.clock.advanceMinutes(31);
    const { thrown, setCookie } = await runRoute(loader, pageGet(checkout(), running), params());
    expect((thrown as Response).headers.get("Location")).toBe("/payFinish");
    const after = await sessionOf(setCookie);
    expect(after.get("notice")).toBe("layout:notices.purchaseExpired");
    expect(after.get("timer")).toMatchObject({ cEstado: "FINISHED", cOrigen: "INV0010" });
  });

  it("extends the purchase time once, says so, and then offers it no more", async () => {
    const before = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(before.result?.process.nMinutosExtension).toBe(10);
    const first = await runRoute(
      action,
      formPost(checkout(), { intent: "extend" }, cookie),
      params(),
    );
    expect((first.result as Response).headers.get("Location")).toBe(checkout());
    expect((await sessionOf(first.setCookie)).get("notice")).toBe(
      "layout:notices.purchaseExtended",
    );
    const after = await runRoute(loader, pageGet(checkout(), cookie), params());
    const added =
      Date.parse(after.result?.process.dMaxima ?? "") -
      Date.parse(before.result?.process.dMaxima ?? "");
    expect(added).toBe(10 * 60_000);
    expect(after.result?.process.nMinutosExtension).toBe(0);
    // The session's timer follows the API's clock: the extended deadline, the extension used.
    expect((await sessionOf(after.setCookie)).get("timer")).toMatchObject({
      cEstado: "INICIADO",
      dMaxima: after.result?.process.dMaxima,
      lExtendido: true,
    });

    const again = await runRoute(
      action,
      formPost(checkout(), { intent: "extend" }, cookie),
      params(),
    );
    expect((await sessionOf(again.setCookie)).get("notice")).toBe(
      "layout:notices.extensionRefused",
    );
  });

  it("does not extend someone else's purchase", async () => {
    const bob = await createBuyer(api.db, t.clock, "bob");
    const bobCookie = await bob.cookie({ processId });
    const { thrown } = await runRoute(
      action,
      formPost(checkout(), { intent: "extend" }, bobCookie),
      params(),
    );
    expect((thrown as { init: ResponseInit }).init.status).toBe(404);
    const mine = await runRoute(loader, pageGet(checkout(), cookie), params());
    expect(mine.result?.process.lExtendido).toBe(false);
  });
});
