// The PayPal adapter, through PayPal's SDK, against the stand-in over HTTP: the code that
// would talk to PayPal, pointed at another origin.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentRef } from "../hosted-provider.ts";
import { PayPalError, PayPalProvider, payPalAmount } from "./adapter.ts";
import { startPayPalStandIn } from "./stand-in.ts";

const credentials = { clientId: "shop-client", clientSecret: "s3cret-Of-The-Shop" };
const webhookId = "WEBHOOK0STANDIN";

type Delivery = { headers: Headers; body: string; type: string };

/** The shop's webhook endpoint as far as these tests need one: it keeps what arrives. */
async function startReceiver() {
  const deliveries: Delivery[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      deliveries.push({
        headers: toHeaders(request.headers),
        body,
        type: JSON.parse(body).event_type,
      });
      response.end("ok");
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paypal/webhook`,
    deliveries,
    /** Resolves once a delivery matching `test` has arrived. */
    async next(test: (delivery: Delivery) => boolean): Promise<Delivery> {
      for (;;) {
        const found = deliveries.find(test);
        if (found) return found;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const toHeaders = (incoming: IncomingHttpHeaders) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
};

let standIn: Awaited<ReturnType<typeof startPayPalStandIn>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let paypal: PayPalProvider;
let nextId = 1;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startPayPalStandIn({ ...credentials, webhookId, webhookUrl: receiver.url });
  paypal = new PayPalProvider({
    baseUrl: standIn.url,
    ...credentials,
    webhookId,
    pesosPerUnit: 1000,
  });
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

const newPayment = (amount = 45_000): PaymentRef => ({
  id: nextId++,
  idempotencyKey: randomUUID(),
  providerReference: null,
  amount,
});

async function open(payment: PaymentRef, provider = paypal) {
  const started = await provider.start({
    payment,
    description: "Concierto de prueba",
    returnUrl: "http://127.0.0.1:9/checkout/paypal/return",
    cancelUrl: "http://127.0.0.1:9/checkout",
    language: "es",
  });
  return { started, payment: { ...payment, providerReference: started.providerReference } };
}

/** The payer on the approval page without JavaScript: read the form, post a choice. */
async function payerChooses(redirectUrl: string, choice: { buyer?: string; action: string }) {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toMatch(/<html lang="en">/);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  expect(action).toBeDefined();
  expect(html).toContain(`<label for="buyer-${choice.buyer ?? "approves"}">`);
  const answer = await fetch(new URL(action as string, redirectUrl), {
    method: "POST",
    body: new URLSearchParams({ buyer: choice.buyer ?? "approves", action: choice.action }),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location") ?? "");
}

describe("PayPalProvider against the stand-in", () => {
  it("opens an order, captures it once when asked after approval, and refunds it once", async () => {
    const { started, payment } = await open(newPayment());
    expect(started.redirectUrl.startsWith(standIn.url)).toBe(true);
    expect(started.embedUrl).toBeUndefined();

    const back = await payerChooses(started.redirectUrl, { buyer: "approves", action: "approve" });
    expect(back.pathname).toBe("/checkout/paypal/return");
    expect(back.searchParams.get("token")).toBe(started.providerReference);
    expect(back.searchParams.get("PayerID")).toBe("STANDINPAYER01");

    // The payer's return and PayPal's webhook may ask at once: one capture answers both.
    const [first, racing] = await Promise.all([paypal.lookup(payment), paypal.lookup(payment)]);
    expect(first).toMatchObject({ status: "APPROVED" });
    expect(racing).toEqual(first);
    const again = await paypal.lookup(payment);
    expect(again).toEqual(first);

    const reference = (first as { reference: string }).reference;
    await paypal.refund(reference);
    await expect(paypal.refund(reference)).resolves.toBeUndefined();
  });

  it("counts a capture PayPal already refunded as refunded", async () => {
    const { started, payment } = await open(newPayment());
    await payerChooses(started.redirectUrl, { buyer: "approves", action: "approve" });
    const captured = (await paypal.lookup(payment)) as { reference: string };
    // Refunded elsewhere (PayPal's dashboard): a refund of it answers CAPTURE_FULLY_REFUNDED.
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
      "base64",
    );
    const token = await fetch(`${standIn.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    }).then((r) => r.json());
    const elsewhere = await fetch(
      `${standIn.url}/v2/payments/captures/${captured.reference}/refund`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token.access_token}`,
          "content-type": "application/json",
        },
        body: "{}",
      },
    );
    expect(elsewhere.status).toBe(201);
    await expect(paypal.refund(captured.reference)).resolves.toBeUndefined();
  });

  it("gives up on a PayPal that answers too slowly, with a PayPalError", async () => {
    const slow = await startPayPalStandIn({ ...credentials, webhookId, answerDelayMs: 3_000 });
    const impatient = new PayPalProvider({
      baseUrl: slow.url,
      ...credentials,
      webhookId,
      pesosPerUnit: 1000,
      timeoutMs: 200,
    });
    try {
      await expect(open(newPayment(), impatient)).rejects.toMatchObject({
        name: "PayPalError",
        status: 0,
      });
    } finally {
      await slow.close();
    }
  });

  it("opens the same order for the same payment twice", async () => {
    const payment = newPayment();
    const one = await open(payment);
    const two = await open(payment);
    expect(two.started.providerReference).toBe(one.started.providerReference);
  });

  it("answers an order the payer has not approved as a challenge on PayPal's page", async () => {
    const { started, payment } = await open(newPayment());
    expect(await paypal.lookup(payment)).toEqual({
      status: "CHALLENGE",
      challengeUrl: started.redirectUrl,
      last4: "",
    });
  });

  it("declines a capture PayPal refuses, and fails one PayPal could not process", async () => {
    const declined = await open(newPayment());
    await payerChooses(declined.started.redirectUrl, { buyer: "declined", action: "approve" });
    expect(await paypal.lookup(declined.payment)).toEqual({
      status: "DECLINED",
      reason: "paypal_declined",
      last4: "",
    });

    const failing = await open(newPayment());
    await payerChooses(failing.started.redirectUrl, {
      buyer: "processing-error",
      action: "approve",
    });
    expect(await paypal.lookup(failing.payment)).toMatchObject({
      status: "FAILED",
      reason: "processing_error",
    });
  });

  it("sends a payer who cancels at PayPal back to the checkout, and never captures after cancel", async () => {
    const { started, payment } = await open(newPayment());
    const back = await payerChooses(started.redirectUrl, { action: "cancel" });
    expect(back.pathname).toBe("/checkout");
    expect(back.searchParams.get("token")).toBe(started.providerReference);
    expect(await paypal.lookup(payment)).toMatchObject({ status: "CHALLENGE" });
    expect(await paypal.cancel(payment)).toEqual({
      status: "DECLINED",
      reason: "wallet_cancelled",
      last4: "",
    });
  });

  it("answers null for an order PayPal never heard of", async () => {
    const payment = { ...newPayment(), providerReference: "0NOSUCHORDER0000" };
    expect(await paypal.lookup(payment)).toBeNull();
    expect(await paypal.lookup(newPayment())).toBeNull();
  });

  it("verifies PayPal's webhooks and refuses forged or altered ones", async () => {
    const { started, payment } = await open(newPayment());
    await payerChooses(started.redirectUrl, { buyer: "approves", action: "approve" });
    const order = started.providerReference;
    const approved = await receiver.next(
      (d) => d.type === "CHECKOUT.ORDER.APPROVED" && d.body.includes(order),
    );
    const notification = await paypal.verifyNotification(approved.body, approved.headers);
    expect(notification).toEqual({
      id: JSON.parse(approved.body).id,
      payment: { providerReference: order },
    });

    await paypal.lookup(payment);
    const completed = await receiver.next(
      (d) => d.type === "PAYMENT.CAPTURE.COMPLETED" && d.body.includes(order),
    );
    expect(await paypal.verifyNotification(completed.body, completed.headers)).toMatchObject({
      payment: { providerReference: order },
    });

    const altered = approved.body.replace(/"status":"APPROVED"/, '"status":"COMPLETED"');
    expect(altered).not.toBe(approved.body);
    expect(await paypal.verifyNotification(altered, approved.headers)).toBeNull();
    const unsigned = new Headers(approved.headers);
    unsigned.delete("paypal-transmission-sig");
    expect(await paypal.verifyNotification(approved.body, unsigned)).toBeNull();
    const forged = new Headers(approved.headers);
    forged.set("paypal-transmission-sig", completed.headers.get("paypal-transmission-sig") ?? "");
    expect(await paypal.verifyNotification(approved.body, forged)).toBeNull();
    expect(await paypal.verifyNotification("not json", approved.headers)).toBeNull();
  });

  it("refuses bad credentials with a PayPalError that names no secret", async () => {
    const wrong = new PayPalProvider({
      baseUrl: standIn.url,
      clientId: credentials.clientId,
      clientSecret: "wrong-Secret-Value",
      webhookId,
      pesosPerUnit: 1000,
    });
    const failure = await wrong
      .start({
        payment: newPayment(),
        description: "x",
        returnUrl: "http://127.0.0.1:9/r",
        cancelUrl: "http://127.0.0.1:9/c",
        language: "en",
      })
      .catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(PayPalError);
    expect(failure).toMatchObject({ status: 401, paypalName: "invalid_client" });
    const everything = `${(failure as Error).message} ${(failure as Error).stack} ${JSON.stringify(failure)}`;
    const basic = Buffer.from(`${credentials.clientId}:wrong-Secret-Value`).toString("base64");
    expect(everything).not.toContain("wrong-Secret-Value");
    expect(everything).not.toContain(basic);
  });
});

describe("the stand-in's webhook faults", () => {
  it("sends each webhook twice for one buyer and never for another", async () => {
    const own = await startReceiver();
    const faulty = await startPayPalStandIn({ ...credentials, webhookId, webhookUrl: own.url });
    const provider = new PayPalProvider({
      baseUrl: faulty.url,
      ...credentials,
      webhookId,
      pesosPerUnit: 1000,
    });
    try {
      const twice = await open(newPayment(), provider);
      await payerChooses(twice.started.redirectUrl, { buyer: "twice", action: "approve" });
      const silent = await open(newPayment(), provider);
      await payerChooses(silent.started.redirectUrl, { buyer: "silent", action: "approve" });
      expect(await provider.lookup(silent.payment)).toMatchObject({ status: "APPROVED" });

      const ofTwice = (d: Delivery) => d.body.includes(twice.started.providerReference);
      await own.next(() => own.deliveries.filter(ofTwice).length === 2);
      const [first, second] = own.deliveries.filter(ofTwice);
      const verified = await Promise.all(
        [first, second].map((d) => provider.verifyNotification(d.body, d.headers)),
      );
      expect(verified[0]?.id).toBeDefined();
      expect(verified[1]?.id).toBe(verified[0]?.id);
      expect(first.headers.get("paypal-transmission-id")).not.toBe(
        second.headers.get("paypal-transmission-id"),
      );
    } finally {
      // close() waits for every delivery under way: after it, what did not come never will.
      await faulty.close();
      await own.close();
    }
    expect(own.deliveries.some((d) => d.body.includes("STANDINPAYER04"))).toBe(false);
    expect(own.deliveries.length).toBe(2);
  });
});

describe("payPalAmount", () => {
  it("converts whole pesos at the operator's rate to two decimals, to the nearest cent", () => {
    expect(payPalAmount(45_000, 1000)).toBe("45.00");
    expect(payPalAmount(12_345, 1000)).toBe("12.35");
    expect(payPalAmount(150_000, 7300)).toBe("20.55");
  });

  it("refuses a rate that is not positive and an amount under one cent", () => {
    expect(() => payPalAmount(100, 0)).toThrow(RangeError);
    expect(() => payPalAmount(100, Number.NaN)).toThrow(RangeError);
    expect(() => payPalAmount(1, 7300)).toThrow(RangeError);
  });
});
