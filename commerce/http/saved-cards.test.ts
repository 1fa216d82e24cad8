// Saved cards end to end through the API and Bancard's stand-in over HTTP (issue 32): a card is
// registered on Bancard's form (typed there, never sent to the API), listed, paid with by its
// alias (approved, or through the issuer's 3-D Secure page) and deleted; another customer's
// alias pays nothing and deletes nothing.
import { beforeEach, describe, expect, it } from "vitest";
import { charge2Response, errorData, savedCardSchema } from "../contract/index.ts";

import { type Fixture, readyToPay, type TestApi } from "../testing/harness.ts";
import { type HostedTestProviders, setUpHostedApiTests } from "../testing/hosted-harness.ts";

let t: TestApi;
let fx: Fixture;
let alice: string;
let bob: string;
let hosted: HostedTestProviders;
const api = setUpHostedApiTests({ customers: ["alice", "bob"] });
beforeEach(() => {
  ({ t, fx } = api);
  ({ alice, bob } = api.tokens);
  hosted = api.hosted;
});

const shop = "http://127.0.0.1:4200";
const onePlace = () => ({
  idFuncion: fx.performances.main.id,
  listaSectores: [{ idSector: fx.sectors.general.id, nCantidad: 1 }],
});

/** Registers a card on Bancard's full-page form, as a buyer without JavaScript would. */
async function registerCard(token: string, number: string) {
  const opened = await t.call("/card/BancardiFrame2", {
    token,
    body: { cUrlRetorno: `${shop}/misTarjetas` },
  });
  if (opened.json.nCode !== 200) throw new Error(JSON.stringify(opened.json));
  const page = new URL(opened.json.oData.cUrlPagina);
  const saved = await fetch(new URL(`${page.pathname}/save`, page), {
    method: "POST",
    body: new URLSearchParams({
      process_id: page.searchParams.get("process_id") ?? "",
      number,
      expiry: "12/39",
      cvv: "123",
    }),
    redirect: "manual",
  });
  return saved.headers.get("location") ?? "";
}

async function cardsOf(token: string) {
  const { json } = await t.call("/card/Bancard", { token });
  return savedCardSchema.array().parse(json.oData.Lista);
}

const payWith = (token: string, processId: number, alias: string, key: string) =>
  t.call(`/Proceso/${processId}/Cobrar2`, {
    token,
    headers: { "Idempotency-Key": key },
    body: {
      cTipo: "TARJETA_GUARDADA",
      cAliasToken: alias,
      nCuotas: 1,
      cUrlRetorno: `${shop}/bancard/finish3ds/${processId}`,
    },
  });

/** Answers the issuer's 3-D Secure page with a code; where it sends the buyer. */
async function answerChallenge(challengeUrl: string, code: string) {
  const page = new URL(challengeUrl);
  const answered = await fetch(new URL(`${page.pathname}/pay`, page), {
    method: "POST",
    body: new URLSearchParams({ process_id: page.searchParams.get("process_id") ?? "", code }),
    redirect: "manual",
  });
  return answered.headers.get("location") ?? "";
}

const confirm3ds = (token: string, processId: number) =>
  t.call(`/Proceso/${processId}/Bancard/Confirmar3DS`, { token, method: "POST" });

describe("saved cards", () => {
  it("are registered on Bancard's form, listed, paid with by alias and deleted", async () => {
    expect(await cardsOf(alice)).toEqual([]);
    const back = await registerCard(alice, "4242424242424242");
    expect(back).toContain(`${shop}/misTarjetas`);
    expect(new URL(back).searchParams.get("status")).toBe("add_new_card_success");

    const [card] = await cardsOf(alice);
    expect(card).toMatchObject({ cMarca: "VISA", cVencimiento: "12/39", cTipo: "CREDIT" });
    expect(card?.cNumeroEnmascarado).toMatch(/^424242\*+4242$/);
    // The other customer sees none of them.
    expect(await cardsOf(bob)).toEqual([]);

    const processId = await readyToPay(t, alice, onePlace());
    const paid = await payWith(alice, processId, card?.cAliasToken ?? "", "saved-card-1");
    if (paid.json.nCode !== 200) throw new Error(JSON.stringify(paid.json));
    const answer = charge2Response.parse(paid.json.oData);
    expect(answer).toMatchObject({ cEstado: "APROBADO", cUrlRedireccion: null });
    expect(answer.idPedido).toEqual(expect.any(Number));

    const deleted = await t.call(`/card/Bancard/borrar/${card?.cAliasToken}`, {
      token: alice,
      method: "DELETE",
    });
    expect(deleted.json.oData).toEqual({ lBorrada: true });
    expect(await cardsOf(alice)).toEqual([]);
  });

  it("pay through the issuer's 3-D Secure page: the right code makes the order", async () => {
    await registerCard(alice, "4000000000003220");
    const [card] = await cardsOf(alice);
    const processId = await readyToPay(t, alice, onePlace());
    const challenged = await payWith(alice, processId, card?.cAliasToken ?? "", "saved-3ds-1");
    const answer = charge2Response.parse(challenged.json.oData);
    expect(answer).toMatchObject({ cEstado: "DESAFIO_3DS", idPedido: null });
    expect(answer.cUrlRedireccion).toContain(hosted.bancard.origins.frame[0]);

    const back = await answerChallenge(answer.cUrlRedireccion ?? "", "1234");
    expect(back).toContain(`/bancard/finish3ds/${processId}`);
    const confirmed = await confirm3ds(alice, processId);
    expect(confirmed.json.oData).toMatchObject({ cEstado: "APROBADO" });
    expect(confirmed.json.oData.idPedido).toEqual(expect.any(Number));
  });

  it("pay nothing when the 3-D Secure code is wrong", async () => {
    await registerCard(alice, "4000000000003220");
    const [card] = await cardsOf(alice);
    const processId = await readyToPay(t, alice, onePlace());
    const challenged = await payWith(alice, processId, card?.cAliasToken ?? "", "saved-3ds-2");
    const answer = charge2Response.parse(challenged.json.oData);

    const back = await answerChallenge(answer.cUrlRedireccion ?? "", "0000");
    expect(new URL(back).searchParams.get("status")).toBe("payment_fail");
    const confirmed = await confirm3ds(alice, processId);
    expect(confirmed.json.nCode).toBe(402);
    expect(confirmed.json.oData).toMatchObject({ cCodigo: "PAYMENT_DECLINED" });
    const process = await t.call(`/Proceso/${processId}`, { token: alice });
    expect(process.json.oData.cEstado).not.toBe("PAID");
  });

  it("refuse another customer's alias, for paying and for deleting", async () => {
    await registerCard(alice, "4242424242424242");
    const [card] = await cardsOf(alice);
    const alias = card?.cAliasToken ?? "";

    const processId = await readyToPay(t, bob, onePlace());
    const paid = await payWith(bob, processId, alias, "someone-elses-card");
    expect(paid.status).toBe(400);
    expect(errorData.parse(paid.json.oData).oErrores).toEqual({
      cAliasToken: ["savedCardUnknown"],
    });

    const deleted = await t.call(`/card/Bancard/borrar/${alias}`, { token: bob, method: "DELETE" });
    expect(deleted.status).toBe(404);
    expect(await cardsOf(alice)).toHaveLength(1);
  });

  it("answer a bad body with a 400", async () => {
    const noReturn = await t.call("/card/BancardiFrame2", { token: alice, body: {} });
    expect(noReturn.status).toBe(400);
    const processId = await readyToPay(t, alice, onePlace());
    const noAlias = await t.call(`/Proceso/${processId}/Cobrar2`, {
      token: alice,
      headers: { "Idempotency-Key": "no-alias" },
      body: { cTipo: "TARJETA_GUARDADA", nCuotas: 1, cUrlRetorno: `${shop}/x` },
    });
    expect(noAlias.status).toBe(400);
  });
});
