// The Bancard adapter against the stand-in over HTTP, as it would talk to Bancard: the payer
// pays through the stand-in's form with plain form posts (a browser without JavaScript), the
// signed confirmations reach a small receiver standing for the shop, and lookups, refunds,
// cancels and saved cards go through the vPOS API.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentRef } from "../hosted-provider.ts";
import { BancardProvider, bancardConfirmationReply } from "./adapter.ts";
import { bancardTokens } from "./protocol.ts";
import { startBancardStandIn } from "./stand-in.ts";
import { BancardApiError, BancardVposClient } from "./vpos-client.ts";

const keys = { publicKey: "pub-test", privateKey: "priv-test", currency: "PYG" };
const shop = "http://127.0.0.1:9/shop";

/** The shop's confirmation address: keeps each body; waiters get the next ones. */
const received: string[] = [];
const waiters: (() => void)[] = [];
let receiver: Server;
let standIn: { url: string; close(): Promise<void> };
let bancard: BancardProvider;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(body);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(bancardConfirmationReply));
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  standIn = await startBancardStandIn({
    ...keys,
    confirmationUrl: `http://127.0.0.1:${port}/bancard/confirmation`,
    answerDelayMs: 50,
  });
  bancard = new BancardProvider({ ...keys, baseUrl: standIn.url });
});
afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => receiver.close(resolve));
});

let nextId = 5000;
const confirmationsOf = (id: number) =>
  received.filter((body) => body.includes(`"shop_process_id":${id}`));
async function confirmationArrives(id: number) {
  while (confirmationsOf(id).length === 0) await new Promise<void>((r) => waiters.push(r));
  return confirmationsOf(id)[0] as string;
}

async function opened(amount = 10330): Promise<PaymentRef> {
  nextId += 1;
  const payment: PaymentRef = {
    id: nextId,
    idempotencyKey: `k${nextId}`,
    providerReference: null,
    amount,
  };
  const start = await bancard.start({
    payment,
    description: "Entradas",
    returnUrl: `${shop}/bancard/finish/${nextId}`,
    cancelUrl: `${shop}/checkout`,
    language: "es",
  });
  return { ...payment, providerReference: start.providerReference };
}

/** The payer types a card into the framed form and submits it (no script). */
async function pay(payment: PaymentRef, number: string, installments = "1") {
  const form = new URLSearchParams({
    process_id: payment.providerReference ?? "",
    number,
    expiry: "12/39",
    cvv: "123",
    installments,
  });
  return fetch(`${standIn.url}/checkout/new/pay`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
}

async function answerChallenge(processId: string, code: string) {
  const form = new URLSearchParams({ process_id: processId, code });
  return fetch(`${standIn.url}/checkout/charge_3ds/new/pay`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
}

describe("Bancard adapter against the stand-in", () => {
  it("pays, confirms, looks up APPROVED and rolls back once however often it is asked", async () => {
    const payment = await opened();
    const start = await bancard.start({
      payment,
      description: "Entradas",
      returnUrl: `${shop}/r`,
      cancelUrl: `${shop}/c`,
      language: "es",
    });
    expect(start.providerReference).toBe(payment.providerReference);
    expect(start.embedUrl).toBe(
      `${standIn.url}/checkout/new?process_id=${payment.providerReference}`,
    );
    const hosted = await fetch(start.redirectUrl);
    const page = await hosted.text();
    expect(hosted.status).toBe(200);
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<label for="number">');
    expect(page).toContain("10.330 PYG");

    const paid = await pay(payment, "4242424242424242", "3");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toMatch(
      new RegExp(`/bancard/finish/${payment.id}\\?status=payment_success`),
    );
    const body = await confirmationArrives(payment.id);
    const notification = await bancard.verifyNotification(body, new Headers());
    expect(notification?.payment).toEqual({ id: payment.id });

    const outcome = await bancard.lookup(payment);
    expect(outcome).toEqual({ status: "APPROVED", reference: String(payment.id), last4: "" });
    if (outcome?.status !== "APPROVED") return;
    await bancard.refund(outcome.reference);
    await bancard.refund(outcome.reference);
    const client = new BancardVposClient({ ...keys, baseUrl: standIn.url });
    const again = await client.rollback(payment.id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(BancardApiError);
    expect((again as BancardApiError).keys).toEqual(["AlreadyRollbackedError"]);
  });

  it("declines with the shop's reasons and fails a processing error", async () => {
    const poor = await opened();
    const declined = await pay(poor, "4000000000000002");
    expect(declined.headers.get("location")).toContain("status=payment_fail");
    expect(await bancard.lookup(poor)).toMatchObject({
      status: "DECLINED",
      reason: "insufficient_funds",
    });

    const broken = await opened();
    await pay(broken, "4000000000000119");
    expect(await bancard.lookup(broken)).toMatchObject({
      status: "FAILED",
      reason: "processing_error",
    });

    const wrong = await opened();
    const refused = await pay(wrong, "4242424242424242", "5");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('role="alert"');
  });

  it("asks for 3-D Secure: the right code approves, a wrong one declines", async () => {
    const payment = await opened();
    const challenged = await pay(payment, "4000000000003220");
    expect(challenged.status).toBe(200);
    expect(await challenged.text()).toContain('<label for="code">');
    expect(await bancard.lookup(payment)).toMatchObject({ status: "CHALLENGE" });
    const passed = await answerChallenge(payment.providerReference ?? "", "1234");
    expect(passed.headers.get("location")).toContain("status=payment_success");
    expect(await bancard.lookup(payment)).toMatchObject({ status: "APPROVED" });

    const other = await opened();
    await pay(other, "4000000000003220");
    await answerChallenge(other.providerReference ?? "", "9999");
    expect(await bancard.lookup(other)).toMatchObject({
      status: "DECLINED",
      reason: "issuer_rejected",
    });
  });

  it("answers CHALLENGE until paid, then get_confirmation when the confirmation never comes", async () => {
    const payment = await opened();
    expect(await bancard.lookup({ ...payment, providerReference: null })).toBeNull();
    const waiting = await bancard.lookup(payment);
    expect(waiting).toEqual({
      status: "CHALLENGE",
      challengeUrl: `${standIn.url}/payment/single_buy?process_id=${payment.providerReference}`,
      last4: "",
    });
    await pay(payment, "4000000000000135");
    expect(confirmationsOf(payment.id)).toHaveLength(0);
    expect(await bancard.lookup(payment)).toMatchObject({ status: "APPROVED" });
  });

  it("recognises a confirmation that comes twice, and one that comes late", async () => {
    const twice = await opened();
    await pay(twice, "4000000000000143");
    const [first, second] = confirmationsOf(twice.id);
    const a = await bancard.verifyNotification(first ?? "", new Headers());
    const b = await bancard.verifyNotification(second ?? "", new Headers());
    expect(a?.id).toBeTruthy();
    expect(b?.id).toBe(a?.id);

    const late = await opened();
    const back = await pay(late, "4000000000000077");
    expect(back.status).toBe(303);
    expect(await bancard.lookup(late)).toMatchObject({ status: "APPROVED" });
    const body = await confirmationArrives(late.id);
    expect((await bancard.verifyNotification(body, new Headers()))?.payment).toEqual({
      id: late.id,
    });
  });

  it("refuses forged, altered and unreadable confirmations", async () => {
    const payment = await opened();
    await pay(payment, "4242424242424242");
    const genuine = JSON.parse(await confirmationArrives(payment.id));
    const verify = (value: unknown) =>
      bancard.verifyNotification(
        typeof value === "string" ? value : JSON.stringify(value),
        new Headers(),
      );
    const op = genuine.operation;
    const forgedToken = bancardTokens.confirmation(
      "not-the-key",
      op.shop_process_id,
      op.amount,
      op.currency,
    );
    expect(await verify({ operation: { ...op, token: forgedToken } })).toBeNull();
    expect(await verify({ operation: { ...op, amount: "1.00" } })).toBeNull();
    expect(
      await verify({ operation: { ...op, shop_process_id: op.shop_process_id + 1 } }),
    ).toBeNull();
    expect(await verify({ operation: { ...op, currency: "USD" } })).toBeNull();
    expect(await verify({})).toBeNull();
    expect(await verify("not json")).toBeNull();
    expect(await verify(genuine)).not.toBeNull();
  });

  it("cancels an unpaid process and refuses calls with a wrong key", async () => {
    const payment = await opened();
    expect(await bancard.cancel(payment)).toMatchObject({ status: "DECLINED" });
    expect(
      (await fetch(`${standIn.url}/checkout/new?process_id=${payment.providerReference}`)).status,
    ).toBe(404);

    const forger = new BancardProvider({ ...keys, privateKey: "wrong", baseUrl: standIn.url });
    const error = await forger.lookup(payment).catch((e: unknown) => e);
    expect((error as BancardApiError).keys).toEqual(["InvalidTokenError"]);
    const stranger = new BancardVposClient({ ...keys, publicKey: "other", baseUrl: standIn.url });
    const refused = await stranger.getConfirmation(payment.id).catch((e: unknown) => e);
    expect((refused as BancardApiError).keys).toEqual(["InvalidPublicKeyError"]);
  });

  it("confirms a preauthorized payment once the payer paid it", async () => {
    nextId += 1;
    const client = new BancardVposClient({ ...keys, baseUrl: standIn.url });
    const { processId } = await client.singleBuy({
      shopProcessId: nextId,
      amount: 20000,
      description: "Reserva",
      returnUrl: `${shop}/r`,
      cancelUrl: `${shop}/c`,
      preauthorization: true,
    });
    const payment: PaymentRef = {
      id: nextId,
      idempotencyKey: "p",
      providerReference: processId,
      amount: 20000,
    };
    const early = await bancard.confirmPreauthorization(payment).catch((e: unknown) => e);
    expect((early as BancardApiError).keys).toEqual(["PaymentNotFoundError"]);
    await pay(payment, "4242424242424242");
    expect(await bancard.confirmPreauthorization(payment)).toMatchObject({ status: "APPROVED" });
  });

  it("serves the checkout script at Bancard's path", async () => {
    const script = await (
      await fetch(`${standIn.url}/checkout/javascript/dist/bancard-checkout-4.0.0.js`)
    ).text();
    expect(script).toContain("createForm");
    expect(script).toContain('"Charge3DS"');
  });
});

describe("Bancard saved cards against the stand-in", () => {
  async function register(customerId: number, number: string) {
    const { embedUrl } = await bancard.registerCard({
      customerId,
      cardId: nextId++,
      phone: "0981000000",
      email: "ana@example.com",
      returnUrl: `${shop}/account/cards`,
    });
    expect((await fetch(embedUrl)).status).toBe(200);
    const processId = new URL(embedUrl).searchParams.get("process_id") ?? "";
    const form = new URLSearchParams({
      process_id: processId,
      number,
      expiry: "11/38",
      cvv: "321",
    });
    const saved = await fetch(`${standIn.url}/checkout/register_card/new/save`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(saved.headers.get("location")).toContain("status=add_new_card_success");
  }
  const payment = (): PaymentRef => {
    nextId += 1;
    return { id: nextId, idempotencyKey: `k${nextId}`, providerReference: null, amount: 50000 };
  };
  const charge = (customerId: number, aliasToken: string, p = payment()) =>
    bancard.chargeSaved({
      payment: p,
      customerId,
      aliasToken,
      installments: 1,
      description: "Entradas",
      returnUrl: `${shop}/bancard/finish3ds/${p.id}`,
    });

  it("registers, lists, charges (3-D Secure when asked), refuses another's alias, deletes", async () => {
    await register(71, "4242424242424242");
    await register(71, "4000000000003220");
    const [plain, secure] = await bancard.cardsOf(71);
    expect(plain).toMatchObject({
      maskedNumber: "424242******4242",
      brand: "VISA",
      kind: "CREDIT",
      expiry: "11/38",
    });
    expect(await bancard.cardsOf(72)).toEqual([]);

    expect(await charge(71, plain?.aliasToken ?? "")).toMatchObject({
      status: "APPROVED",
      last4: "4242",
    });

    const p = payment();
    const challenged = await charge(71, secure?.aliasToken ?? "", p);
    expect(challenged.status).toBe("CHALLENGE");
    if (challenged.status !== "CHALLENGE") return;
    expect(challenged.challengeUrl).toContain("/checkout/charge_3ds/new?process_id=");
    expect((await fetch(challenged.challengeUrl)).status).toBe(200);
    const processId = new URL(challenged.challengeUrl).searchParams.get("process_id") ?? "";
    const back = await answerChallenge(processId, "1234");
    expect(back.headers.get("location")).toContain(
      `/bancard/finish3ds/${p.id}?status=payment_success`,
    );
    await confirmationArrives(p.id);
    expect(await bancard.lookup({ ...p, providerReference: processId })).toMatchObject({
      status: "APPROVED",
    });

    expect(await charge(72, plain?.aliasToken ?? "")).toMatchObject({
      status: "DECLINED",
      reason: "card_not_accepted",
    });
    const refused = await bancard.deleteCard(72, plain?.aliasToken ?? "").catch((e: unknown) => e);
    expect((refused as BancardApiError).keys).toEqual(["InvalidAliasTokenError"]);
    await bancard.deleteCard(71, plain?.aliasToken ?? "");
    expect((await bancard.cardsOf(71)).map((c) => c.aliasToken)).toEqual([secure?.aliasToken]);
  });
});
