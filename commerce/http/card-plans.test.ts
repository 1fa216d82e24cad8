// GET Proceso/{id}/FormaDePago/{n}/Tarjetas2/{cardBin} and the charge of the plan it showed,
// through the real sandbox acquirer and its BIN table.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cardPlansResponse } from "../contract/index.ts";
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

/** Two general places (5,000 each) plus the 10 % service charge: 11,000. */
const twoPlaces = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 2 }],
});

const plansOf = (processId: number, bin: string, method = 1, token = alice) =>
  t.call(`/Proceso/${processId}/FormaDePago/${method}/Tarjetas2/${bin}`, {
    token,
    language: "en",
  });

describe("GET Proceso/{id}/FormaDePago/{n}/Tarjetas2/{cardBin}", () => {
  it("names the card's network and bank and prices each plan its bank offers", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const { status, json } = await plansOf(processId, "555555");
    expect(status).toBe(200);
    const plans = cardPlansResponse.parse(json.oData);
    expect(plans).toMatchObject({
      cMarca: "MASTERCARD",
      cEmisor: "Banco Provincia (sandbox)",
      cTipo: "CREDITO",
      fMonto: 11_000,
    });
    expect(plans.Lista.map((p) => [p.nCuotas, p.lSinInteres])).toEqual([
      [1, true],
      [3, true],
      [6, false],
      [12, false],
    ]);
    expect(plans.Lista[1]).toMatchObject({
      listaImportes: [3_667, 3_667, 3_666],
      fTotal: 11_000,
      fInteres: 0,
      fTNA: 0,
    });
    // 6 at 48 % TNA (4 % a month): 11,000·0.04 / (1 − 1.04^−6) = 2,098.37… → 2,099.
    expect(plans.Lista[2]).toMatchObject({
      listaImportes: Array(6).fill(2_099),
      fTotal: 12_594,
      fInteres: 1_594,
      fTNA: 48,
    });
  });

  it("leaves out plans beyond what the method takes, and a debit card pays at once", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const cabal = cardPlansResponse.parse((await plansOf(processId, "58965700")).json.oData);
    expect(cabal.Lista.map((p) => p.nCuotas)).toEqual([1, 3, 6, 12]);
    const debit = cardPlansResponse.parse((await plansOf(processId, "451765", 2)).json.oData);
    expect(debit).toMatchObject({ cTipo: "DEBITO", Lista: [{ nCuotas: 1, fTotal: 11_000 }] });
    const otherBank = cardPlansResponse.parse((await plansOf(processId, "411111")).json.oData);
    expect(otherBank).toMatchObject({ cEmisor: "Otro banco", Lista: [{ nCuotas: 1 }] });
  });

  it("refuses an unaccepted network, a wrong kind of card, a malformed BIN or method", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const refusals: Array<[string, number, Record<string, string[]>]> = [
      ["601111", 1, { cardBin: ["cardNotAccepted"] }],
      ["451765", 1, { cardBin: ["cardIsDebit"] }],
      ["424242", 2, { cardBin: ["cardIsCredit"] }],
      ["4242", 1, { cardBin: ["cardBinInvalid"] }],
      ["424242424", 1, { cardBin: ["cardBinInvalid"] }],
      ["424242", 9, { nFormaDePago: ["paymentMethodRequired"] }],
    ];
    for (const [bin, method, errors] of refusals) {
      const { status, json } = await plansOf(processId, bin, method);
      expect(status, bin).toBe(400);
      expect(json.oData.oErrores, bin).toEqual(errors);
    }
  });

  it("is the owner's only, and only while the process is open", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    expect((await plansOf(processId, "424242", 1, bob)).status).toBe(404);
    expect((await t.call(`/Proceso/${processId}/FormaDePago/1/Tarjetas2/424242`)).status).toBe(401);
    t.clock.advanceMinutes(31);
    expect((await plansOf(processId, "424242")).json.oData.cCodigo).toBe("PROCESS_EXPIRED");
  });
});

describe("charging a plan", () => {
  it("charges the amount in the chosen installments and keeps the plan's total", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const shown = cardPlansResponse.parse((await plansOf(processId, "555555")).json.oData);
    const six = shown.Lista.find((plan) => plan.nCuotas === 6);
    const { status } = await t.call(`/Proceso/${processId}/Cobrar`, {
      token: alice,
      body: {
        cClaveIdempotencia: `plan-${processId}-6`,
        nCuotas: 6,
        oTarjeta: testCard("5555555555554444"),
      },
    });
    expect(status).toBe(200);
    const [payment] = await api.db.select().from(payments).where(eq(payments.processId, processId));
    expect(payment).toMatchObject({
      status: "APPROVED",
      amount: 11_000,
      installments: 6,
      installmentsTotal: six?.fTotal,
      cardBrand: "MASTERCARD",
    });
  });

  it("refuses a count the card's bank does not offer, and a card the shop does not take", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const pay = (nCuotas: number, cardNumber: string) =>
      t.call(`/Proceso/${processId}/Cobrar`, {
        token: alice,
        body: {
          cClaveIdempotencia: `plan-${processId}-${nCuotas}-${cardNumber}`,
          nCuotas,
          oTarjeta: testCard(cardNumber),
        },
      });
    // Another bank's Visa pays in one installment only; a Discover card is not taken.
    const otherBank = await pay(3, "4111111111111111");
    expect(otherBank.json.oData.oErrores).toEqual({ nCuotas: ["installmentsInvalid"] });
    const discover = await pay(1, "6011111111111117");
    expect(discover.json.oData.oErrores).toEqual({ "oTarjeta.cNumero": ["cardNotAccepted"] });
    expect(await api.db.select().from(payments).where(eq(payments.processId, processId))).toEqual(
      [],
    );
  });
});

describe("POST Proceso/{id}/PreValidacion", () => {
  const preValidate = (processId: number, body: Record<string, unknown>, token = alice) =>
    t.call(`/Proceso/${processId}/PreValidacion`, { token, body, language: "en" });

  it("answers what the charge will be, and charges nothing", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const { status, json } = await preValidate(processId, {
      nCuotas: 6,
      oTarjeta: testCard("5555555555554444"),
    });
    expect(status).toBe(200);
    expect(json.oData).toEqual({
      fMonto: 11_000,
      nCuotas: 6,
      fTotalCuotas: 12_594,
      cMarca: "MASTERCARD",
      cEmisor: "Banco Provincia (sandbox)",
      cUltimos4: "4444",
      lDesafio3DS: false,
    });
    expect(await api.db.select().from(payments)).toEqual([]);
  });

  it("refuses a blocked card, a plan the bank does not offer and someone else's process", async () => {
    const processId = await readyToPay(t, alice, twoPlaces());
    const lost = await preValidate(processId, {
      nCuotas: 1,
      oTarjeta: testCard("4000000000009995"),
    });
    expect(lost.json).toMatchObject({
      nCode: 402,
      cMensaje: "Validating card error: the card was reported lost",
      oData: { cCodigo: "CARD_VALIDATION_FAILED" },
    });
    const plan = await preValidate(processId, {
      nCuotas: 6,
      oTarjeta: testCard("4111111111111111"),
    });
    expect(plan.json.oData.oErrores).toEqual({ nCuotas: ["installmentsInvalid"] });
    const bobs = await preValidate(processId, { nCuotas: 1, oTarjeta: testCard() }, bob);
    expect(bobs.status).toBe(404);
    // A blocked card's charge is still the acquirer's to refuse: pre-validating is advice.
    expect(await api.db.select().from(payments)).toEqual([]);
  });
});
