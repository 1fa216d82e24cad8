// The payment link's pages against the embedded API: the clerk sends a link from the box
// office's sale, the buyer opens it without login, pays it by card and reads the result; a
// malformed or forged link is a 404, an expired one says so, a pasted link is opened.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cardOwnMethod, type PlansAnswer, plansSeenValue } from "~/lib/card-plans";
import { paymentLinkRef } from "~/lib/payment-link";
import { sessionStorage } from "~/services/session.server";
import { formPost, pageGet, runRoute, setUpRouteTests } from "~/testing/route-harness";
import { cardFormFields, createBuyer, holdPlaces } from "~/testing/shop-buyer";
import { partText, readEml } from "../../../commerce/mail/read-eml.ts";
import { testCard } from "../../../commerce/testing/harness.ts";
import * as sale from "../box-office/sale";
import * as confirm from "./confirm";
import * as enter from "./enter";
import * as linkPage from "./route";

const api = setUpRouteTests();
let url: string;

beforeEach(async () => {
  const clerk = await createBuyer(api.db, api.t.clock, "clerk", { boxClerk: true });
  const processId = await holdPlaces(api.t, clerk, {
    idFuncion: api.fx.performances.main.id,
    listaSectores: [{ idSector: api.fx.sectors.general.id, nCantidad: 1 }],
    ctProcess: "BOX",
  });
  const cookie = await clerk.cookie({ processId });
  const sent = await runRoute(
    sale.action,
    formPost(
      `/BuyTicketBox?idProcesoDeCompra=${processId}`,
      {
        intent: "paymentLink",
        "oComprador.cNombre": "Marta Gómez",
        "oComprador.cEmail": "marta@example.com",
      },
      cookie,
    ),
    {},
  );
  // The clerk's sale is handed over: the next page does not let it go.
  expect((sent.result as Response).headers.get("Location")).toBe("/myBookingsBox");
  const session = await sessionStorage.getSession(sent.setCookie?.split(";")[0]);
  expect(session.get("processId")).toBeUndefined();
  // The buyer's mail carries the link, the only way to it.
  await vi.waitFor(() => expect(api.t.outbox.messages).toHaveLength(1), { timeout: 10_000 });
  const text = partText(readEml(api.t.outbox.messages[0]), "text/plain") ?? "";
  const mailed = /https?:\/\/\S+\/linkPago\/\S+/.exec(text)?.[0];
  if (!mailed) throw new Error("the mail carries no payment link");
  url = new URL(mailed).pathname + new URL(mailed).search;
});

const idOf = (path: string) => path.split("?")[0].split("/").pop() as string;
const payment = () => ({
  nCuotas: "1",
  lAceptaTerminos: "on",
  cClaveIdempotencia: `link-${Math.random().toString(36).slice(2)}`,
  ...cardFormFields(testCard("4111111111111111")),
});

describe("a payment link", () => {
  it("shows what it pays, without login, and pays it once by card", async () => {
    const params = { idProcesoDeCompra: idOf(url) };
    const page = await runRoute(linkPage.loader, pageGet(url), params);
    expect(page.result?.view).toMatchObject({ cEstado: "ACTIVE", cComprador: "Marta Gómez" });

    const paid = await runRoute(linkPage.action, formPost(url, payment()), params);
    const confirmPath = (paid.result as Response).headers.get("Location") ?? "";
    expect(confirmPath).toMatch(/^\/payConfirmLinkPago\?idProcesoDeCompra=\d+&clave=/);
    const result = await runRoute(confirm.loader, pageGet(confirmPath), {});
    expect(result.result).toMatchObject({ outcome: "paid", orderId: expect.any(Number) });
    // Paid, the link goes straight to its result.
    const again = await runRoute(linkPage.loader, pageGet(url), params);
    expect((again.thrown as Response).headers.get("Location")).toBe(confirmPath);
  });

  it("shows the card's plans before charging, looked up as typed or as a step", async () => {
    const params = { idProcesoDeCompra: idOf(url) };
    type Plans = { data: { cardPlans: PlansAnswer | null }; init?: ResponseInit };
    const lookup = async (cBin: string) =>
      (await runRoute(linkPage.action, formPost(url, { intent: "cardPlans", cBin }), params))
        .result as unknown as Plans;
    const typed = await lookup("555555");
    expect(typed.data.cardPlans?.plans?.Lista.map((plan) => plan.nCuotas)).toEqual([1, 3, 6, 12]);
    expect((await lookup("601111")).data.cardPlans?.refusal).toBe(
      "We do not accept this card. Pay with Visa, Mastercard, American Express or Cabal",
    );
    expect((await lookup("12")).init?.status).toBe(400);

    // Without JavaScript, paying with a card whose plans were not seen shows them first.
    const card = cardFormFields(testCard("5555555555554444"));
    const step = await runRoute(linkPage.action, formPost(url, { ...payment(), ...card }), params);
    const shown = step.result as unknown as Plans;
    expect(shown.data.cardPlans?.plans?.cMarca).toBe("MASTERCARD");
    expect(await api.t.sandbox.charges()).toEqual([]);
    const paid = await runRoute(
      linkPage.action,
      formPost(url, {
        ...payment(),
        ...card,
        nCuotas: "6",
        cPlanesVistos: plansSeenValue("55555555", cardOwnMethod),
      }),
      params,
    );
    expect((paid.result as Response).headers.get("Location")).toMatch(/^\/payConfirmLinkPago\?/);
  });

  it("says why a card was refused and keeps the link open", async () => {
    const params = { idProcesoDeCompra: idOf(url) };
    const refused = await runRoute(
      linkPage.action,
      formPost(url, { ...payment(), ...cardFormFields(testCard("4000000000000002")) }),
      params,
    );
    const reply = refused.result as unknown as { init: ResponseInit; data: { error: object } };
    expect(reply.init.status).toBe(402);
    expect(JSON.stringify(reply.data.error)).toContain("insufficient funds");
  });

  it("is a 404 when malformed or forged, and says so when expired", async () => {
    const ref = paymentLinkRef(idOf(url), new URL(url, "http://x").searchParams.get("clave"));
    if (!ref) throw new Error("the link is malformed");
    const forged = `/linkPago/${ref.processId}?clave=${ref.key.slice(0, -1)}${ref.key.endsWith("A") ? "B" : "A"}`;
    for (const path of [`/linkPago/${ref.processId}?clave=short`, forged]) {
      const { thrown } = await runRoute(linkPage.loader, pageGet(path), {
        idProcesoDeCompra: String(ref.processId),
      });
      expect((thrown as { init?: ResponseInit; status?: number }).init?.status ?? 404).toBe(404);
    }
    api.t.clock.advanceMinutes(31);
    const expired = await runRoute(linkPage.loader, pageGet(url), {
      idProcesoDeCompra: String(ref.processId),
    });
    expect(expired.result?.view.cEstado).toBe("EXPIRED");
  });

  it("opens a pasted link, and says so for anything else", async () => {
    const opened = await runRoute(
      enter.action,
      formPost("/linkPago", { cLink: `https://tickets.example${url}` }),
      {},
    );
    expect((opened.result as Response).headers.get("Location")).toBe(url);
    const wrong = await runRoute(enter.action, formPost("/linkPago", { cLink: "hello" }), {});
    expect((wrong.result as unknown as { init: ResponseInit }).init.status).toBe(400);
  });
});
