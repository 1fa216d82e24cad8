import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  cardPlansResponse,
  chargeResponse,
  paymentLinkResponse,
  paymentLinkView,
  purchaseProcessSchema,
} from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { orders, paymentLinks, payments } from "../db/schema.ts";
import { partText, readEml } from "../mail/read-eml.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, grantStaffRole, type TestApi, testCard } from "../testing/harness.ts";

let db: Database;
let t: TestApi;
let fx: Fixture;
let clerk: string;
let alice: string;
let processId: number;

const api = setUpApiTests({ customers: ["clerk", "alice"] });
beforeEach(async () => {
  ({ db, t, fx } = api);
  ({ clerk, alice } = api.tokens);
  await grantStaffRole(db, "clerk@example.com", "BOX_CLERK");
  const { json } = await t.call("/Proceso/0/Posiciones/Tomar", {
    token: clerk,
    body: {
      idFuncion: fx.performances.main.id,
      listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
      ctProcess: "BOX",
    },
  });
  processId = purchaseProcessSchema.parse(json.oData).idProcesoDeCompra;
});

const buyer = { cNombre: "Marta Gómez", cEmail: "marta@example.com" };
const createLink = (token = clerk, id = processId) =>
  t.call(`/Proceso/${id}/LinkDePago`, {
    token,
    language: "en",
    body: { oComprador: buyer, cUrlPago: "https://shop.example/linkPago" },
  });
const pay = (key: string, idempotencyKey = `link-${processId}-key`, card = testCard()) =>
  t.call(`/LinkPago/${processId}/${key}/Cobrar`, {
    language: "en",
    body: { cClaveIdempotencia: idempotencyKey, nCuotas: 1, oTarjeta: card },
  });

async function newLink() {
  const created = await createLink();
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  return paymentLinkResponse.parse(created.json.oData);
}

describe("payment links", () => {
  it("mails the buyer a link that shows what they pay, and keeps only the key's hash", async () => {
    const link = await newLink();
    expect(link.cUrl).toBe(`https://shop.example/linkPago/${processId}?clave=${link.cClave}`);
    const [stored] = await db.select().from(paymentLinks);
    expect(stored.keyHash).not.toContain(link.cClave);
    expect(JSON.stringify(stored)).not.toContain(link.cClave);

    await vi.waitFor(() => expect(t.outbox.messages).toHaveLength(1), { timeout: 10_000 });
    const mail = readEml(t.outbox.messages[0]);
    expect(mail.headers.get("to")).toBe("marta@example.com");
    expect(partText(mail, "text/plain")).toContain(link.cUrl);

    const { status, json } = await t.call(`/LinkPago/${processId}/${link.cClave}`);
    expect(status).toBe(200);
    const view = paymentLinkView.parse(json.oData);
    expect(view).toMatchObject({ cEstado: "ACTIVE", cComprador: "Marta Gómez", oPago: null });
    expect(view.listaFuncion[0].listaPosiciones).toHaveLength(2);
    // Nothing of the owner travels: no cancel key, no customer.
    expect(JSON.stringify(json)).not.toMatch(/cClaveInvalidar|clerk@example/);
  });

  it("is paid once, as the clerk's counter sale to the buyer, and mailed to them", async () => {
    const link = await newLink();
    const [first, again] = await Promise.all([pay(link.cClave), pay(link.cClave)]);
    for (const answer of [first, again]) {
      expect(answer.json.nCode, JSON.stringify(answer.json)).toBe(200);
    }
    const order = chargeResponse.parse(first.json.oData).idPedido;
    expect(chargeResponse.parse(again.json.oData).idPedido).toBe(order);
    expect(await db.select().from(payments)).toHaveLength(1);
    const [row] = await db.select().from(orders);
    expect(row).toMatchObject({
      soldAtCounter: true,
      buyerName: "Marta Gómez",
      buyerEmail: "marta@example.com",
      paymentMedium: "CARD",
    });
    const view = await t.call(`/LinkPago/${processId}/${link.cClave}`);
    expect(view.json.oData).toMatchObject({ cEstado: "PAID", idPedido: order });
  });

  it("survives the clerk's next sale, which does not take its places back", async () => {
    const link = await newLink();
    const next = await t.call("/Proceso/0/Posiciones/Tomar", {
      token: clerk,
      body: {
        idFuncion: fx.performances.main.id,
        listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
        ctProcess: "BOX",
      },
    });
    expect(next.json.nCode).toBe(200);
    const { json } = await t.call(`/LinkPago/${processId}/${link.cClave}`);
    const view = paymentLinkView.parse(json.oData);
    expect(view.cEstado).toBe("ACTIVE");
    expect(view.listaFuncion[0].listaPosiciones).toHaveLength(2);
    expect((await pay(link.cClave)).json.nCode).toBe(200);
  });

  it("refuses a forged, malformed or replaced key, and another process's", async () => {
    const old = await newLink();
    const current = await newLink();
    const forged = `${current.cClave.slice(0, -1)}${current.cClave.endsWith("A") ? "B" : "A"}`;
    for (const key of [old.cClave, forged]) {
      expect((await t.call(`/LinkPago/${processId}/${key}`)).status, key).toBe(404);
      expect((await pay(key)).status, key).toBe(404);
    }
    expect((await t.call(`/LinkPago/${processId + 1}/${current.cClave}`)).status).toBe(404);
    for (const key of ["short", "x".repeat(44), `${"x".repeat(42)}%21`]) {
      expect((await t.call(`/LinkPago/${processId}/${key}`)).status, key).toBe(400);
    }
    expect(await db.select().from(payments)).toEqual([]);
  });

  it("ends with its places: an expired link shows so and charges nothing", async () => {
    const link = await newLink();
    t.clock.advanceMinutes(31);
    const { json } = await t.call(`/LinkPago/${processId}/${link.cClave}`);
    expect(paymentLinkView.parse(json.oData).cEstado).toBe("EXPIRED");
    const paid = await pay(link.cClave);
    expect(paid.json.oData.cCodigo).toBe("PROCESS_EXPIRED");
    expect(await db.select().from(payments)).toEqual([]);
  });

  it("is made by clerks only, for their own BOX processes", async () => {
    expect((await createLink(alice)).status).toBe(403);
    expect((await createLink(clerk, processId + 100)).status).toBe(404);
    const bad = await t.call(`/Proceso/${processId}/LinkDePago`, {
      token: clerk,
      body: { oComprador: { cNombre: "", cEmail: "no" }, cUrlPago: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.oData.oErrores).sort()).toEqual([
      "cUrlPago",
      "oComprador.cEmail",
      "oComprador.cNombre",
    ]);
    expect(await db.select().from(paymentLinks)).toEqual([]);
  });

  it("prices the card's plans for what the link pays, the card's kind choosing the method", async () => {
    const link = await newLink();
    const plansOf = (bin: string, key = link.cClave) =>
      t.call(`/LinkPago/${processId}/${key}/Tarjetas/${bin}`, { language: "en" });
    const { json: viewed } = await t.call(`/LinkPago/${processId}/${link.cClave}`);
    const total = paymentLinkView.parse(viewed.oData).fTotal;

    const credit = await plansOf("555555");
    expect(credit.status).toBe(200);
    const plans = cardPlansResponse.parse(credit.json.oData);
    expect(plans).toMatchObject({ cMarca: "MASTERCARD", cTipo: "CREDITO", fMonto: total });
    expect(plans.Lista.map((plan) => plan.nCuotas)).toEqual([1, 3, 6, 12]);
    // A debit card is not refused as the wrong kind: at the counter's terms it pays at once.
    const debit = cardPlansResponse.parse((await plansOf("451765")).json.oData);
    expect(debit).toMatchObject({ cTipo: "DEBITO", Lista: [{ nCuotas: 1, fTotal: total }] });

    const refused = await plansOf("601111");
    expect(refused.status).toBe(400);
    expect(refused.json.oData.oErrores).toEqual({ cardBin: ["cardNotAccepted"] });
    expect((await plansOf("4242")).status).toBe(400);
    const forged = `${link.cClave.slice(0, -1)}${link.cClave.endsWith("A") ? "B" : "A"}`;
    expect((await plansOf("555555", forged)).status).toBe(404);
    t.clock.advanceMinutes(31);
    expect((await plansOf("555555")).json.oData.cCodigo).toBe("PROCESS_EXPIRED");
  });
});
