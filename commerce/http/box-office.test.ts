// The box office (ctProcess BOX, issue 10): a clerk (role granted in the database) sells to a
// walk-in buyer in cash or by card present; every box-office call is refused to a customer
// who is not a clerk, one test per call.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { boxChargeResponse, ordersResponse, purchaseProcessSchema } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { customers, orders, payments, staffRoles } from "../db/schema.ts";
import { partText, readEml } from "../mail/read-eml.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import {
  type Fixture,
  grantStaffRole,
  signUp,
  type TestApi,
  testCard,
} from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let clerk: string;
let alice: string;

const api = setUpApiTests({ customers: ["clerk", "alice"] });
beforeEach(async () => {
  ({ db, t, fx } = api);
  ({ clerk, alice } = api.tokens);
  await grantStaffRole(db, "clerk@example.com", "BOX_CLERK");
});

const take = (token: string, ctProcess?: "BOX" | "CART") =>
  t.call("/Proceso/0/Posiciones/Tomar", {
    token,
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
      ...(ctProcess ? { ctProcess } : {}),
    },
    language: "en",
  });

async function boxSale() {
  const { json } = await take(clerk, "BOX");
  expect(json.nCode, JSON.stringify(json)).toBe(200);
  return purchaseProcessSchema.parse(json.oData);
}

const sell = (token: string, processId: number, body: Record<string, unknown>) =>
  t.call(`/Proceso/${processId}/CobrarBoleteria`, { token, body, language: "en" });

const cash = (key: string, buyer: Record<string, unknown> = { cNombre: "Marta Gómez" }) => ({
  cClaveIdempotencia: key,
  cMedioDePago: "EFECTIVO",
  oComprador: buyer,
});

describe("a box-office sale", () => {
  it("starts a BOX process, sells it for cash to a walk-in buyer, and lists it at the counter", async () => {
    const process = await boxSale();
    expect(process.ctProcess).toBe("BOX");
    const sold = await sell(
      clerk,
      process.idProcesoDeCompra,
      cash("counter-cash-1", { cNombre: "Marta Gómez", cEmail: "marta@example.com" }),
    );
    expect(sold.json.nCode, JSON.stringify(sold.json)).toBe(200);
    const { idPedido } = boxChargeResponse.parse(sold.json.oData);
    const [order] = await db.select().from(orders).where(eq(orders.id, idPedido));
    expect(order).toMatchObject({
      soldAtCounter: true,
      buyerName: "Marta Gómez",
      buyerEmail: "marta@example.com",
      paymentMedium: "CASH",
      total: 11_000,
    });
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.id, order.paymentId as number));
    expect(payment).toMatchObject({ status: "APPROVED", providerReference: `CASH-${payment.id}` });

    const sales = ordersResponse.parse(
      (await t.call("/Boleteria/Ventas", { token: clerk })).json.oData,
    );
    expect(sales.Lista).toMatchObject([
      {
        idPedido,
        lBoleteria: true,
        cComprador: "Marta Gómez",
        cMedioDePago: "CASH",
        cUltimos4: null,
      },
    ]);
    // The tickets go to the buyer who gave an e-mail, never to the clerk.
    await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(1), { timeout: 10_000 });
    const mail = readEml(t.outbox.messages[0]);
    expect(mail.headers.get("to")).toBe("marta@example.com");
    expect(partText(mail, "text/plain")).toContain("Marta Gómez");
  });

  it("answers a repeated key with the same sale, recording the cash once", async () => {
    const process = await boxSale();
    const first = await sell(clerk, process.idProcesoDeCompra, cash("counter-cash-twice"));
    const again = await sell(clerk, process.idProcesoDeCompra, cash("counter-cash-twice"));
    expect(again.json.oData.idPedido).toBe(first.json.oData.idPedido);
    expect(await db.select().from(payments)).toHaveLength(1);
    // No e-mail given: nothing is mailed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.outbox.messages).toHaveLength(0);
  });

  it("charges a card presented at the counter, and reports a declined one", async () => {
    const process = await boxSale();
    const declined = await sell(clerk, process.idProcesoDeCompra, {
      cClaveIdempotencia: "counter-card-declined",
      cMedioDePago: "TARJETA_PRESENTE",
      oComprador: { cNombre: "Luis Paz" },
      oTarjeta: testCard("4000000000000002"),
    });
    expect(declined.json.oData.cCodigo).toBe("PAYMENT_DECLINED");
    const approved = await sell(clerk, process.idProcesoDeCompra, {
      cClaveIdempotencia: "counter-card-approved",
      cMedioDePago: "TARJETA_PRESENTE",
      oComprador: { cNombre: "Luis Paz" },
      oTarjeta: testCard(),
      nCuotas: 3,
    });
    expect(approved.json.nCode, JSON.stringify(approved.json)).toBe(200);
    const sales = ordersResponse.parse(
      (await t.call("/Boleteria/Ventas", { token: clerk })).json.oData,
    );
    expect(sales.Lista[0]).toMatchObject({
      cMedioDePago: "CARD_PRESENT",
      cUltimos4: "4242",
      nCuotas: 3,
    });
  });

  it("refuses bad bodies with 400 and a cart process of the clerk with 404", async () => {
    const process = await boxSale();
    for (const body of [
      cash("counter-bad-1", { cNombre: "" }),
      cash("counter-bad-2", { cNombre: "Ana", cEmail: "not-an-email" }),
      { ...cash("counter-bad-3"), cMedioDePago: "CHEQUE" },
      { ...cash("counter-bad-4"), cMedioDePago: "TARJETA_PRESENTE" },
      cash("short"),
    ]) {
      const answer = await sell(clerk, process.idProcesoDeCompra, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const own = await take(clerk);
    const ownCart = purchaseProcessSchema.parse(own.json.oData);
    expect(ownCart.ctProcess).toBe("CART");
    expect((await sell(clerk, ownCart.idProcesoDeCompra, cash("counter-cart"))).status).toBe(404);
  });

  it("tells the clerk's session it is the box office, and a customer's it is not", async () => {
    const { email, body } = await signUp(t);
    const login = () =>
      t.call("/Cliente/Ingreso/Token", { body: { cEmail: email, cClave: body.cClave } });
    expect((await login()).json.oData.lTaquilla).toBe(false);
    const [row] = await db.select().from(customers).where(eq(customers.email, email));
    await db.insert(staffRoles).values({ customerId: row.id, role: "BOX_CLERK" });
    expect((await login()).json.oData.lTaquilla).toBe(true);
  });
});

describe("every box-office call refuses a customer who is not a clerk", () => {
  const forbidden = { nCode: 403, oData: { cCodigo: "FORBIDDEN" } };

  it("Proceso/0/Posiciones/Tomar with ctProcess BOX", async () => {
    const answer = await take(alice, "BOX");
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({
      ...forbidden,
      cMensaje: "This is for the box office staff only",
    });
  });

  it("Proceso/0/Posiciones/TomarGrupo with ctProcess BOX", async () => {
    const answer = await t.call("/Proceso/0/Posiciones/TomarGrupo", {
      token: alice,
      body: { idFuncion: fx.performances.main.id, nCantidad: 2, ctProcess: "BOX" },
    });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject(forbidden);
  });

  it("Proceso/{id}/CobrarBoleteria, even on the customer's own process", async () => {
    const own = purchaseProcessSchema.parse((await take(alice)).json.oData);
    const answer = await sell(alice, own.idProcesoDeCompra, cash("alice-at-counter"));
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject(forbidden);
    expect(await db.select().from(payments)).toEqual([]);
  });

  it("Boleteria/Ventas", async () => {
    const answer = await t.call("/Boleteria/Ventas", { token: alice });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject(forbidden);
  });

  it("a clerk's BOX process cannot be used by anyone else", async () => {
    const process = await boxSale();
    const answer = await sell(alice, process.idProcesoDeCompra, cash("alice-on-clerks"));
    expect(answer.status).toBe(403);
    const viewed = await t.call(`/Proceso/${process.idProcesoDeCompra}`, { token: alice });
    expect(viewed.status).toBe(404);
  });
});
