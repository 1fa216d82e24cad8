// What a performance asks, on the checkout: shown with the answers so far, refused on its
// own field (nothing charged), and paid once answered — one submit, without JavaScript.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { cardFormFields, setUpHeldPurchase } from "~/testing/shop-buyer";
import { performances } from "../../../commerce/db/schema.ts";
import { testCard } from "../../../commerce/testing/harness.ts";
import { action, loader } from "./route";

const held = setUpHeldPurchase();
let name: string;

beforeEach(async () => {
  const { db, fx } = held.api;
  // Asked after the places were taken: what counts is what it asks when paying.
  await db
    .update(performances)
    .set({ requestedData: ["HOLDER_NAME"] })
    .where(eq(performances.id, fx.performances.main.id));
  name = `dato-${fx.performances.main.id}-HOLDER_NAME`;
});

const checkout = () => `/BuyTicket/${held.processId}`;
const params = () => ({ idProcesoDeCompra: String(held.processId) });
const payment = (answer: string) => ({
  intent: "pay",
  idEntregaTipo: "1",
  nFormaDePago: "1",
  nCuotas: "1",
  lAceptaTerminos: "on",
  cClaveIdempotencia: `q-${held.processId}-${Math.random().toString(36).slice(2)}`,
  ...cardFormFields(testCard("4111111111111111")),
  [name]: answer,
});

describe("what the performance asks, on the checkout", () => {
  it("is listed with its label and no answer yet", async () => {
    const { result } = await runRoute(loader, pageGet(checkout(), held.cookie), params());
    expect(result?.questions).toMatchObject([
      { listaDatos: [{ cCodigo: "HOLDER_NAME", cValor: null }] },
    ]);
  });

  it("refuses an empty answer on its field, keeping the rest, and charges nothing", async () => {
    const { result } = await runRoute(
      action,
      formPost(checkout(), payment(" "), held.cookie),
      params(),
    );
    const reply = result as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.error[name]).toEqual(["answerRequired"]);
    expect(reply.data.initialValue.idEntregaTipo).toBe("1");
    const orders = await held.api.t.call("/Historial2", { token: held.buyer.token });
    expect(orders.json.oData.Lista).toHaveLength(0);
  });

  it("pays once answered, and the answer stays with the purchase", async () => {
    const { result } = await runRoute(
      action,
      formPost(checkout(), payment("Ana García"), held.cookie),
      params(),
    );
    expect((result as Response).headers.get("Location")).toBe(`/BuyTicket/ok/${held.processId}`);
    const orders = await held.api.t.call("/Historial2", {
      token: held.buyer.token,
      language: "en",
    });
    expect(orders.json.oData.Lista[0].listaFunciones[0].listaDatos).toEqual([
      { cCodigo: "HOLDER_NAME", cEtiqueta: "Ticket holder's full name", cValor: "Ana García" },
    ]);
  });
});
