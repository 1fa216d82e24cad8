// The second payment calls in one shape for a card and a wallet: FormasDePago2 lists both
// kinds, PreValidacion2 checks either without paying, Cobrar2 by card charges as Cobrar (the
// wallet's Cobrar2 is wallet.test.ts). Bad bodies are a 400, someone else's process a 404.
import { beforeEach, describe, expect, it } from "vitest";
import {
  charge2Response,
  paymentMethods2Response,
  preValidation2Response,
  purchaseProcessSchema,
} from "../contract/index.ts";
import { payments } from "../db/schema.ts";
import { setUpApiTests } from "../testing/api-test.ts";
import { type Fixture, readyToPay, type TestApi, testCard } from "../testing/harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
const api = setUpApiTests({ customers: ["alice", "bob"] });
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
});

const APAY = 3;
const TIGO_MONEY = 4;
const back = (processId: number) =>
  `http://127.0.0.1:4200/apay/cobro/finalizar?idProcesoDeCompra=${processId}`;
const twoPlaces = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
});

async function readyForWallet(token: string) {
  const processId = await readyToPay(t, token, twoPlaces());
  await t.call(`/Proceso/${processId}/FormaDePago/Seleccionar`, {
    token,
    body: { nFormaDePago: APAY },
  });
  return processId;
}

function payWallet(processId: number, key: string, token: string) {
  return t.call(`/Proceso/${processId}/Cobrar2`, {
    token,
    body: { cTipo: "BILLETERA", cClaveIdempotencia: key, cUrlRetorno: back(processId) },
  });
}

const processOf = async (processId: number) =>
  purchaseProcessSchema.parse(
    (await t.call(`/Proceso/${processId}`, { token: alice, language: "en" })).json.oData,
  );

describe("FormasDePago2", () => {
  it("lists the cards with their installments and the wallets that send the payer away", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const { json } = await t.call(`/Proceso/${processId}/FormasDePago2`, {
      token: alice,
      language: "en",
    });
    expect(paymentMethods2Response.parse(json.oData).Lista).toEqual([
      // Without Bancard configured the card's data go in Cobrar, to the sandbox acquirer.
      expect.objectContaining({
        cCodigo: "CREDIT_CARD",
        cTipo: "TARJETA",
        lRedireccion: false,
        lFormularioAdquirente: false,
      }),
      expect.objectContaining({ cCodigo: "DEBIT_CARD", cTipo: "TARJETA", listaCuotas: [1] }),
      {
        nFormaDePago: APAY,
        cCodigo: "APAY",
        cNombre: "Apay (wallet)",
        cTipo: "BILLETERA",
        lFormularioAdquirente: false,
        listaCuotas: [1],
        lRedireccion: true,
      },
      expect.objectContaining({ nFormaDePago: TIGO_MONEY, cTipo: "BILLETERA", lRedireccion: true }),
    ]);
    // The first call stays as it was: the cards it knows how to charge.
    const v1 = await t.call(`/Proceso/${processId}/FormasDePago`, { token: alice });
    expect(v1.json.oData.Lista.map((m: { cCodigo: string }) => m.cCodigo)).toEqual([
      "CREDIT_CARD",
      "DEBIT_CARD",
    ]);
  });
});

describe("PreValidacion2", () => {
  it("checks a wallet payment and a card payment in one shape, without paying", async () => {
    const processId = await readyForWallet(alice);
    const walletCheck = await t.call(`/Proceso/${processId}/PreValidacion2`, {
      token: alice,
      body: { cTipo: "BILLETERA", cUrlRetorno: back(processId) },
    });
    const process = await processOf(processId);
    expect(preValidation2Response.parse(walletCheck.json.oData)).toEqual({
      cTipo: "BILLETERA",
      fMonto: process.fTotal,
      cBilletera: "APAY",
      lRedireccion: true,
    });
    // A card while a wallet is the method chosen: said on the method, nothing checked.
    const cardOnWallet = await t.call(`/Proceso/${processId}/PreValidacion2`, {
      token: alice,
      language: "en",
      body: { cTipo: "TARJETA", nCuotas: 1, oTarjeta: testCard() },
    });
    expect(cardOnWallet.status).toBe(400);
    expect(cardOnWallet.json.oData.oErrores).toEqual({ nFormaDePago: ["cardMethodRequired"] });

    await t.call(`/Proceso/${processId}/FormaDePago/Seleccionar`, {
      token: alice,
      body: { nFormaDePago: 1 },
    });
    const cardCheck = await t.call(`/Proceso/${processId}/PreValidacion2`, {
      token: alice,
      body: { cTipo: "TARJETA", nCuotas: 1, oTarjeta: testCard("4000000000003220") },
    });
    expect(preValidation2Response.parse(cardCheck.json.oData)).toMatchObject({
      cTipo: "TARJETA",
      cUltimos4: "3220",
      lDesafio3DS: true,
    });
    expect(await api.db.select().from(payments)).toEqual([]);
    expect(await t.wallet.approved()).toEqual([]);
  });

  it("refuses bad bodies with a 400 and someone else's process with a 404", async () => {
    const processId = await readyForWallet(alice);
    const bodies: unknown[] = [
      {},
      { cTipo: "PAYPAL" },
      { cTipo: "BILLETERA" },
      { cTipo: "BILLETERA", cUrlRetorno: "javascript:alert(1)" },
      { cTipo: "TARJETA", nCuotas: 1 },
      "not json",
      [],
    ];
    for (const body of bodies) {
      for (const path of ["PreValidacion2", "Cobrar2"]) {
        const { status, json } = await t.call(`/Proceso/${processId}/${path}`, {
          token: alice,
          language: "en",
          body:
            path === "Cobrar2" && typeof body === "object" && body && !Array.isArray(body)
              ? { ...body, cClaveIdempotencia: "bad-input-key" }
              : body,
        });
        expect(status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(json.cMensaje).toBeTruthy();
      }
    }
    for (const [path, method] of [
      ["FormasDePago2", "GET"],
      ["Billetera/Confirmar", "POST"],
    ] as const) {
      const bobs = await t.call(`/Proceso/${processId}/${path}`, { token: bob, method });
      expect(bobs.status, path).toBe(404);
    }
    const bobPrevalidates = await t.call(`/Proceso/${processId}/PreValidacion2`, {
      token: bob,
      body: { cTipo: "BILLETERA", cUrlRetorno: back(processId) },
    });
    expect(bobPrevalidates.status).toBe(404);
    expect((await payWallet(processId, "bobs-key", bob)).status).toBe(404);
    const none = await t.call(`/Proceso/${processId}/Billetera/Confirmar`, {
      token: alice,
      method: "POST",
    });
    expect(none.status).toBe(404); // no payment yet
    expect(await api.db.select().from(payments)).toEqual([]);
  });
});

describe("Cobrar2 by card", () => {
  it("charges as Cobrar: approved, a 3-D Secure challenge, or a decline", async () => {
    const approved = await readyToPay(t, alice, twoPlaces());
    const card = (number: string, key: string) => ({
      cTipo: "TARJETA",
      cClaveIdempotencia: key,
      nCuotas: 1,
      oTarjeta: testCard(number),
      cUrlRetorno: `http://127.0.0.1:4200/bancard/finish3ds/${approved}`,
    });
    const paid = await t.call(`/Proceso/${approved}/Cobrar2`, {
      token: alice,
      body: card("4242424242424242", "card-key-1"),
    });
    expect(charge2Response.parse(paid.json.oData)).toMatchObject({ cEstado: "APROBADO" });

    const challenged = await readyToPay(t, bob, twoPlaces());
    const challenge = await t.call(`/Proceso/${challenged}/Cobrar2`, {
      token: bob,
      body: card("4000000000003220", "card-key-2"),
    });
    expect(charge2Response.parse(challenge.json.oData)).toMatchObject({
      cEstado: "DESAFIO_3DS",
      cUrlRedireccion: expect.stringMatching(/^\/sandbox\/3ds\//),
    });

    const declined = await readyToPay(t, alice, twoPlaces());
    const refused = await t.call(`/Proceso/${declined}/Cobrar2`, {
      token: alice,
      language: "en",
      body: card("4000000000000002", "card-key-3"),
    });
    expect(refused.json).toMatchObject({
      nCode: 402,
      cMensaje: "Payment failed: insufficient funds",
    });
  });
});
