// The card's installment plans on the checkout: looked up as the card is typed (the form's
// fetcher), and a step of their own when the buyer pays without having seen them.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { PlansAnswer } from "~/lib/card-plans";
import { formPost, runRoute } from "~/testing/route-harness";
import { type Buyer, cardFormFields, setUpHeldPurchase } from "~/testing/shop-buyer";
import { payments } from "../../../commerce/db/schema.ts";
import { testCard } from "../../../commerce/testing/harness.ts";
import { action } from "./route";

const held = setUpHeldPurchase();
const api = held.api;
let buyer: Buyer;
let processId: number;
let cookie: string;
beforeEach(() => {
  ({ buyer, processId, cookie } = held);
});

const checkout = () => `/BuyTicket/${processId}`;
const params = () => ({ idProcesoDeCompra: String(processId) });
const post = (fields: Record<string, string>) =>
  runRoute(action, formPost(checkout(), fields, cookie), params());

function payment(extra: Record<string, string> = {}) {
  return {
    intent: "pay",
    idEntregaTipo: "1",
    nFormaDePago: "1",
    nCuotas: "1",
    lAceptaTerminos: "on",
    cClaveIdempotencia: `plans-${processId}-0001`,
    ...cardFormFields(testCard("5555555555554444")),
    ...extra,
  };
}

type Answer = { init?: ResponseInit; data: { cardPlans: PlansAnswer | null } };
type StepReply = {
  init?: ResponseInit;
  data: {
    cardPlans: PlansAnswer;
    idempotencyKey: string;
    error?: Record<string, string[]>;
    initialValue: { oTarjeta: Record<string, string>; nCuotas: string };
  };
};

const paymentsOfProcess = () =>
  api.db.select().from(payments).where(eq(payments.processId, processId));

describe("looking up the card's plans as it is typed", () => {
  it("answers the bank and the priced plans for the first digits", async () => {
    const { result } = await post({ intent: "cardPlans", cBin: "555555", nFormaDePago: "1" });
    const answer = (result as unknown as Answer).data.cardPlans;
    expect(answer).toMatchObject({ bin: "555555", methodId: 1, refusal: null });
    expect(answer?.plans?.cEmisor).toBe("Banco Provincia (sandbox)");
    expect(answer?.plans?.Lista.map((plan) => plan.nCuotas)).toEqual([1, 3, 6, 12]);
  });

  it("says in the buyer's language why a card is not taken", async () => {
    const { result } = await post({ intent: "cardPlans", cBin: "601111", nFormaDePago: "1" });
    const reply = result as unknown as Answer;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.cardPlans?.refusal).toBe(
      "We do not accept this card. Pay with Visa, Mastercard, American Express or Cabal",
    );
  });

  it("refuses anything but 6 to 8 digits, without asking the API", async () => {
    for (const cBin of ["4242", "4242424242", "42424x", ""]) {
      const { result } = await post({ intent: "cardPlans", cBin, nFormaDePago: "1" });
      expect((result as unknown as Answer).init?.status, cBin).toBe(400);
    }
  });
});

describe("paying without having seen the card's plans", () => {
  it("shows them first, keeps what was typed (the security code aside) and charges nothing", async () => {
    const { result } = await post(payment());
    const step = result as unknown as StepReply;
    expect(step.init?.status ?? 200).toBe(200);
    expect(step.data.cardPlans.plans?.Lista.map((plan) => plan.nCuotas)).toEqual([1, 3, 6, 12]);
    expect(step.data.error ?? {}).toEqual({});
    expect(step.data.initialValue.oTarjeta.cNumero).toBe("5555555555554444");
    expect(step.data.initialValue.oTarjeta.cCodigoSeguridad).toBeUndefined();
    // Nothing was tried: the same key pays next.
    expect(step.data.idempotencyKey).toBe(`plans-${processId}-0001`);
    expect(await paymentsOfProcess()).toEqual([]);

    const paid = (await post(payment({ nCuotas: "6", cPlanesVistos: "55555555:1" })))
      .result as Response;
    expect(paid.headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
    const [payment6] = await paymentsOfProcess();
    expect(payment6).toMatchObject({
      status: "APPROVED",
      installments: 6,
      cardBrand: "MASTERCARD",
    });
    expect(payment6.installmentsTotal).toBeGreaterThan(payment6.amount);
  });

  it("shows them again when the card or the method changed since they were seen", async () => {
    const { result } = await post(payment({ cPlanesVistos: "42424242:1" }));
    expect((result as unknown as StepReply).data.cardPlans.bin).toBe("55555555");
    expect(await paymentsOfProcess()).toEqual([]);
  });

  it("pays at once a card whose bank offers one installment only", async () => {
    const otherBank = cardFormFields(testCard("4111111111111111"));
    const paid = (await post(payment(otherBank))).result as Response;
    expect(paid.headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
    const history = await api.t.call("/Historial2", { token: buyer.token });
    expect(history.json.oData.Lista).toHaveLength(1);
  });
});

describe("the card checked before it is charged", () => {
  it("a blocked card is refused by the pre-validation: no payment is even attempted", async () => {
    const lost = cardFormFields(testCard("4000000000009995"));
    const { result } = await post(payment({ ...lost, cPlanesVistos: "40000000:1" }));
    const reply = result as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(reply.init.status).toBe(402);
    expect(reply.data.error[""]).toEqual(["Validating card error: the card was reported lost"]);
    expect(await paymentsOfProcess()).toEqual([]);
  });
});
