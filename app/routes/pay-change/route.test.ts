// The payment change page (/payChange/{id}) against the embedded API: what a declined purchase
// owes and how it is paid again (another card through operacion/cambio/{id}/pagar, or a
// wallet's page), bad input refused without losing it, and My orders pointing at it.
import { beforeEach, describe, expect, it } from "vitest";
import { formPost, pageGet, runRoute } from "~/testing/route-harness";
import { cardFormFields, createBuyer, setUpHeldPurchase } from "~/testing/shop-buyer";
import { testCard } from "../../../commerce/testing/harness.ts";
import { loader as myOrdersLoader } from "../my-orders";
import { paymentChangeStateOf } from "./pay-change.server";
import { action, loader } from "./route";

const held = setUpHeldPurchase();
let processId: number;
let cookie: string;
beforeEach(() => {
  ({ processId, cookie } = held);
});

/** The buyer's first payment, refused by the bank (insufficient funds), as the checkout paid it. */
async function declineFirstPayment() {
  const { t } = held.api;
  const token = held.buyer.token;
  const path = `/Proceso/${processId}`;
  await t.call(`${path}/EntregaTipo/Seleccionar`, { token, body: { idEntregaTipo: 1 } });
  await t.call(`${path}/FormaDePago/Seleccionar`, { token, body: { nFormaDePago: 1 } });
  const declined = await t.call(`${path}/Cobrar`, {
    token,
    body: {
      cClaveIdempotencia: `declined-${processId}`,
      nCuotas: 1,
      oTarjeta: testCard("4000000000000002"),
    },
  });
  expect(declined.json.oData.cCodigo).toBe("PAYMENT_DECLINED");
}

const params = () => ({ idProcesoDeCompra: String(processId) });
const open = (withCookie = cookie) =>
  runRoute(loader, pageGet(`/payChange/${processId}`, withCookie), params());
const pay = (fields: Record<string, string>) =>
  runRoute(
    action,
    formPost(
      `/payChange/${processId}`,
      { intent: "pay", cClaveIdempotencia: `again-${processId}-${fields.nFormaDePago}`, ...fields },
      cookie,
    ),
    params(),
  );

const goodCard = (number: string) =>
  cardFormFields({
    cNumero: number,
    nMesVencimiento: 12,
    nAnioVencimiento: new Date().getFullYear() + 2,
    cCodigoSeguridad: "123",
    cTitular: "ANA PEREYRA",
    cDocumento: "30123456",
  });

describe("paymentChangeStateOf", () => {
  const process = (cEstado: "ACTIVE" | "EXPIRED", pago: string | null) =>
    ({
      cEstado,
      oPago: pago ? { cEstado: pago, cMotivo: null, cUrlDesafio: null, cBilletera: null } : null,
    }) as Parameters<typeof paymentChangeStateOf>[0];

  it("tells what the buyer can do with the purchase's payment", () => {
    expect(paymentChangeStateOf(process("ACTIVE", "RECHAZADO"), true)).toBe("payable");
    expect(paymentChangeStateOf(process("ACTIVE", "DESAFIO_3DS"), false)).toBe("challenge");
    expect(paymentChangeStateOf(process("ACTIVE", "VERIFICANDO"), false)).toBe("deciding");
    expect(paymentChangeStateOf(process("EXPIRED", "RECHAZADO"), false)).toBe("closed");
  });
});

describe("/payChange/{id}", () => {
  it("shows what a declined purchase owes, with the card and the wallets to pay it", async () => {
    await declineFirstPayment();
    const { result } = await open();
    expect(result?.state).toBe("payable");
    expect(result?.process.oPago?.cEstado).toBe("RECHAZADO");
    expect(result?.process.fTotal).toBeGreaterThan(0);
    const kinds = result?.paymentMethods.map((m) => m.cTipo);
    expect(kinds).toContain("TARJETA");
    expect(kinds).toContain("BILLETERA");
  });

  it("pays it again with another card, to the success page", async () => {
    await declineFirstPayment();
    const { result } = await pay({
      nFormaDePago: "1",
      nCuotas: "1",
      ...goodCard("4111111111111111"),
    });
    const response = result as Response;
    expect(response, JSON.stringify(result)).toBeInstanceOf(Response);
    expect(response.headers.get("Location")).toBe(`/BuyTicket/ok/${processId}`);
  });

  it("pays it again on a wallet's page, without a card", async () => {
    await declineFirstPayment();
    const { result } = await pay({ nFormaDePago: "3", "oTarjeta.cNumero": "" });
    const response = result as Response;
    expect(response, JSON.stringify(result)).toBeInstanceOf(Response);
    expect(response.headers.get("Location")).toMatch(/\/sandbox\/wallet\/[\w-]{20,}$/);
  });

  it("refuses a bad card with a 400, keeping what was typed but the security code", async () => {
    await declineFirstPayment();
    const { result } = await pay({
      nFormaDePago: "1",
      nCuotas: "1",
      ...goodCard("1234"),
    });
    const answer = result as unknown as { init: { status: number }; data: Record<string, unknown> };
    expect(answer.init.status).toBe(400);
    const reply = answer.data as {
      initialValue: Record<string, unknown>;
      error: Record<string, string[]>;
    };
    expect(reply.error["oTarjeta.cNumero"]).toBeTruthy();
    expect(reply.initialValue.oTarjeta).toMatchObject({ cNumero: "1234", cTitular: "ANA PEREYRA" });
    expect(reply.initialValue.oTarjeta).not.toHaveProperty("cCodigoSeguridad");
  });

  it("is the owner's only", async () => {
    const bob = await createBuyer(held.api.db, held.api.t.clock, "bob");
    const { thrown } = await open(await bob.cookie());
    expect((thrown as { init: ResponseInit }).init.status).toBe(404);
  });
});

describe("My orders", () => {
  it("points a purchase whose payment was refused to the payment change page, from any session", async () => {
    const before = await runRoute(myOrdersLoader, pageGet("/myOrders", cookie));
    expect(before.result?.awaitingPayments).toEqual([]);
    await declineFirstPayment();
    // Another device's session, which never ran this purchase, lists it too.
    const elsewhere = await held.buyer.cookie();
    const { result } = await runRoute(myOrdersLoader, pageGet("/myOrders", elsewhere));
    expect(result?.awaitingPayments).toMatchObject([
      { processId, state: "payable", totals: { fTotalPagado: 0, fCargoQr: 0 } },
    ]);
    const owed = result?.awaitingPayments[0].totals;
    expect(owed?.fPendiente).toBe(owed?.fTotal);
    expect(owed?.fTotal).toBeGreaterThan(0);
  });
});
