// Paying again in the same checkout form: every answer of the API ends an attempt, so the
// action hands the form a fresh idempotency key for the next one; a double submit of one
// attempt still pays once; when the API could not be reached the outcome is unknown and
// the same key is kept, so a retry cannot pay twice.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { registerEmbeddedCommerce } from "~/services/commerce.server";
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

function payment(key: string, cardNumber = "4242424242424242") {
  return {
    intent: "pay",
    idEntregaTipo: "1",
    nFormaDePago: "1",
    nCuotas: "1",
    // The buyer saw the card's plans (card-plans.test.ts covers when not).
    cPlanesVistos: `${cardNumber.slice(0, 8)}:1`,
    lAceptaTerminos: "on",
    cClaveIdempotencia: key,
    ...cardFormFields(testCard(cardNumber)),
  };
}

type Reply = { init: ResponseInit; data: { idempotencyKey?: string } };

const pay = (key: string, cardNumber?: string) =>
  runRoute(action, formPost(checkout(), payment(key, cardNumber), cookie), params());

async function ordersOfBuyer() {
  const history = await api.t.call("/Historial2", { token: buyer.token });
  return history.json.oData.Lista as unknown[];
}

describe("paying again in the same checkout form", () => {
  it("after a declined card, the answer carries a fresh key and a good card then pays", async () => {
    const first = "attempt-one-0001";
    const declined = (await pay(first, "4000000000000002")).result as unknown as Reply;
    expect(declined.init.status).toBe(402);
    const next = declined.data.idempotencyKey;
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(first);

    const paid = (await pay(next as string)).result as Response;
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
    expect(await ordersOfBuyer()).toHaveLength(1);
  });

  it("the old key of a declined attempt still answers its decline, whatever card comes with it", async () => {
    const key = "attempt-two-0002";
    await pay(key, "4000000000000002");
    const replay = (await pay(key)).result as unknown as Reply;
    expect(replay.init.status).toBe(402);
    expect(await ordersOfBuyer()).toHaveLength(0);
  });

  it("a double submit of one attempt pays once, and both answers lead to the success page", async () => {
    const key = "attempt-double-0003";
    const [a, b] = await Promise.all([pay(key), pay(key)]);
    for (const outcome of [a, b]) {
      expect((outcome.result as Response).headers.get("Location")).toBe(
        `/BuyTicket/ok/${processId}`,
      );
    }
    expect(await ordersOfBuyer()).toHaveLength(1);
    const stored = await api.db.select().from(payments).where(eq(payments.processId, processId));
    expect(stored.map((p) => p.status)).toEqual(["APPROVED"]);
  });

  it("keeps the key when the API could not be reached: the outcome is unknown", async () => {
    registerEmbeddedCommerce(async () => {
      throw new TypeError("fetch failed");
    });
    const key = "attempt-offline-0004";
    const reply = (await pay(key)).result as unknown as Reply;
    expect(reply.init.status).toBe(503);
    expect(reply.data.idempotencyKey).toBe(key);
  });
});

describe("installments the card and payment method do not allow", () => {
  it("are refused next to the installments field, the card number kept, its code not", async () => {
    const debitCard = "4517650000000000";
    const form = { ...payment("attempt-debit-0005", debitCard), nFormaDePago: "2", nCuotas: "12" };
    const { result } = await runRoute(action, formPost(checkout(), form, cookie), params());
    const reply = result as unknown as {
      init: ResponseInit;
      data: {
        error: Record<string, string[]>;
        initialValue: { oTarjeta: Record<string, string>; nFormaDePago: string };
      };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.error.nCuotas).toEqual(["installmentsInvalid"]);
    expect(reply.data.initialValue.nFormaDePago).toBe("2");
    expect(reply.data.initialValue.oTarjeta.cNumero).toBe(debitCard);
    expect(reply.data.initialValue.oTarjeta.cCodigoSeguridad).toBeUndefined();
    expect(await ordersOfBuyer()).toHaveLength(0);
  });

  it("a credit card under the debit method is refused next to the card number", async () => {
    const form = { ...payment("attempt-credit-0006"), nFormaDePago: "2" };
    const { result } = await runRoute(action, formPost(checkout(), form, cookie), params());
    const reply = result as unknown as {
      init: ResponseInit;
      data: { error: Record<string, string[]> };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.error["oTarjeta.cNumero"]).toEqual(["cardIsCredit"]);
    expect(await ordersOfBuyer()).toHaveLength(0);
  });
});
