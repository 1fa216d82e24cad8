// A local stand-in for PayPal's REST API on its own origin: what the adapter (adapter.ts,
// through PayPal's SDK) calls, answered as PayPal answers it, in memory. OAuth2 client
// credentials (Basic auth) give a bearer token; Orders v2 create / get / capture with
// PayPal-Request-Id idempotency, PayPal's statuses and error bodies ({ name, message,
// debug_id, details[].issue }); captures refund; verify-webhook-signature; and the approval
// page (stand-in-page.ts) whose test buyers script the outcome and the webhook faults.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { approvalPage, messagePage, type TestBuyer, testBuyer } from "./stand-in-page.ts";
import { WebhookSender, WebhookSigner, webhookEvent } from "./stand-in-webhooks.ts";

export { payPalTestBuyers, type TestBuyer } from "./stand-in-page.ts";

export type PayPalStandInOptions = {
  host?: string;
  port?: number;
  clientId: string;
  clientSecret: string;
  /** The id the shop's webhook has at PayPal: signed into every transmission. */
  webhookId: string;
  /** Where the shop receives PayPal's webhooks; none are sent without it. */
  webhookUrl?: string;
  /** Every API answer waits this long first (PayPal being slow). */
  answerDelayMs?: number;
};

export type PayPalStandIn = { url: string; close(): Promise<void> };

type Money = { currency_code: string; value: string };
type Capture = {
  id: string;
  status: "COMPLETED" | "REFUNDED";
  amount: Money;
  custom_id?: string;
  orderId: string;
  create_time: string;
};
type Order = {
  id: string;
  status: "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  unit: { reference_id: string; custom_id?: string; description?: string; amount: Money };
  returnUrl?: string;
  cancelUrl?: string;
  /** Ordered through payment_source.paypal.experience_context: the link is payer-action. */
  payerAction: boolean;
  buyer?: TestBuyer;
  capture?: Capture;
  create_time: string;
};
type Answer = { status: number; body: unknown };

/** An id as PayPal's look: 17 upper-case letters and digits. */
const paypalId = () =>
  Array.from(randomBytes(17), (b) => "ABCDEFGHJKLMNPRSTUVWXY0123456789"[b % 32]).join("");

const error = (
  status: number,
  name: string,
  message: string,
  issue?: string,
  links?: unknown[],
): Answer => ({
  status,
  body: {
    name,
    message,
    debug_id: randomBytes(7).toString("hex"),
    ...(issue ? { details: [{ issue, description: `${issue} (stand-in)` }] } : {}),
    ...(links ? { links } : {}),
  },
});
const notFound = () =>
  error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
const unprocessable = (issue: string, links?: unknown[]) =>
  error(
    422,
    "UNPROCESSABLE_ENTITY",
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
    issue,
    links,
  );
const invalidRequest = (issue: string) =>
  error(
    400,
    "INVALID_REQUEST",
    "Request is not well-formed, syntactically incorrect, or violates schema.",
    issue,
  );

const AMOUNT = /^\d{1,10}(\.\d{2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

export async function startPayPalStandIn(options: PayPalStandInOptions): Promise<PayPalStandIn> {
  const host = options.host ?? "127.0.0.1";
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const tokens = new Set<string>();
  /** Successful answers by PayPal-Request-Id: a repeat gets the first answer again. */
  const answered = new Map<string, Answer>();
  let origin = "";
  let signer: WebhookSigner | undefined;
  const sender = new WebhookSender(options.webhookUrl);

  const links = (order: Order) => [
    { href: `${origin}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
    {
      href: `${origin}/checkoutnow?token=${order.id}`,
      rel: order.payerAction ? "payer-action" : "approve",
      method: "GET",
    },
    { href: `${origin}/v2/checkout/orders/${order.id}`, rel: "update", method: "PATCH" },
    { href: `${origin}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" },
  ];
  const captureJson = (capture: Capture) => ({
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    final_capture: true,
    ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
    supplementary_data: { related_ids: { order_id: capture.orderId } },
    create_time: capture.create_time,
    update_time: capture.create_time,
    links: [
      { href: `${origin}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" },
      {
        href: `${origin}/v2/payments/captures/${capture.id}/refund`,
        rel: "refund",
        method: "POST",
      },
    ],
  });
  const orderJson = (order: Order) => ({
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    purchase_units: [
      {
        ...order.unit,
        ...(order.capture ? { payments: { captures: [captureJson(order.capture)] } } : {}),
      },
    ],
    ...(order.buyer
      ? {
          payer: {
            name: { given_name: order.buyer.name.split(" ")[0], surname: "Stand-in" },
            email_address: order.buyer.email,
            payer_id: order.buyer.payerId,
          },
        }
      : {}),
    create_time: order.create_time,
    links: order.status === "COMPLETED" ? links(order).slice(0, 1) : links(order),
  });
  const notify = (order: Order, event: ReturnType<typeof webhookEvent>) => {
    if (!signer || !order.buyer) return;
    for (let i = 0; i < order.buyer.webhookDeliveries; i++) {
      sender.send(signer.transmission(event));
    }
  };

  const app = new Hono();
  const delay = options.answerDelayMs ?? 0;
  app.use("/v1/*", async (_c, next) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    await next();
  });
  app.use("/v2/*", async (c, next) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return c.json(
        { error: "invalid_token", error_description: "Token signature verification failed" },
        401,
      );
    }
    await next();
  });
  const send = (c: Context, answer: Answer) => c.json(answer.body as object, answer.status as 200);
  /** Runs an operation once per PayPal-Request-Id (per path); failures are not remembered. */
  const once = async (c: Context, operation: () => Answer | Promise<Answer>) => {
    const requestId = c.req.header("paypal-request-id");
    const key = requestId ? `${c.req.path} ${requestId}` : undefined;
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) return send(c, earlier);
    const answer = await operation();
    if (key && answer.status < 300) answered.set(key, answer);
    return send(c, answer);
  };

  app.post("/v1/oauth2/token", async (c) => {
    const basic = /^Basic (.+)$/.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    const [id, ...secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (id !== options.clientId || secret.join(":") !== options.clientSecret) {
      return c.json(
        { error: "invalid_client", error_description: "Client Authentication failed" },
        401,
      );
    }
    if (form.grant_type !== "client_credentials") {
      return c.json(
        { error: "unsupported_grant_type", error_description: "Grant Type is NULL" },
        400,
      );
    }
    const token = `A21AA${randomBytes(24).toString("base64url")}`;
    tokens.add(token);
    return c.json({
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-STANDIN",
      expires_in: 32400,
      nonce: randomBytes(12).toString("hex"),
    });
  });

  app.post("/v2/checkout/orders", (c) =>
    once(c, async () => {
      const body = await c.req.json().catch(() => null);
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== "CAPTURE") return invalidRequest("INVALID_PARAMETER_VALUE");
      if (
        !CURRENCY.test(unit?.amount?.currency_code ?? "") ||
        !AMOUNT.test(unit?.amount?.value ?? "")
      ) {
        return invalidRequest("INVALID_PARAMETER_VALUE");
      }
      const experience = body.payment_source?.paypal?.experience_context;
      const context = experience ?? body.application_context;
      const order: Order = {
        id: paypalId(),
        status: experience ? "PAYER_ACTION_REQUIRED" : "CREATED",
        unit: {
          reference_id: String(unit.reference_id ?? "default"),
          ...(unit.custom_id ? { custom_id: String(unit.custom_id) } : {}),
          ...(unit.description ? { description: String(unit.description) } : {}),
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        },
        returnUrl: context?.return_url,
        cancelUrl: context?.cancel_url,
        payerAction: Boolean(experience),
        create_time: new Date().toISOString(),
      };
      orders.set(order.id, order);
      const full = c.req.header("prefer") === "return=representation";
      const minimal = { id: order.id, status: order.status, links: links(order) };
      return { status: 201, body: full ? orderJson(order) : minimal };
    }),
  );

  app.get("/v2/checkout/orders/:id", (c) => {
    const order = orders.get(c.req.param("id"));
    return send(c, order ? { status: 200, body: orderJson(order) } : notFound());
  });

  app.post("/v2/checkout/orders/:id/capture", (c) =>
    once(c, () => {
      const order = orders.get(c.req.param("id"));
      if (!order) return notFound();
      if (order.status === "COMPLETED") return unprocessable("ORDER_ALREADY_CAPTURED");
      if (order.status !== "APPROVED" || !order.buyer) return unprocessable("ORDER_NOT_APPROVED");
      if (order.buyer.capture === "INSTRUMENT_DECLINED") {
        return unprocessable("INSTRUMENT_DECLINED", [
          { href: `${origin}/checkoutnow?token=${order.id}`, rel: "redirect", method: "GET" },
        ]);
      }
      if (order.buyer.capture === "PROCESSING_ERROR") {
        return error(500, "INTERNAL_SERVER_ERROR", "An internal server error has occurred.");
      }
      const capture: Capture = {
        id: paypalId(),
        status: "COMPLETED",
        amount: order.unit.amount,
        custom_id: order.unit.custom_id,
        orderId: order.id,
        create_time: new Date().toISOString(),
      };
      order.capture = capture;
      order.status = "COMPLETED";
      captures.set(capture.id, capture);
      notify(order, webhookEvent("PAYMENT.CAPTURE.COMPLETED", "capture", captureJson(capture)));
      return { status: 201, body: orderJson(order) };
    }),
  );

  app.post("/v2/payments/captures/:id/refund", (c) =>
    once(c, () => {
      const capture = captures.get(c.req.param("id"));
      if (!capture) return notFound();
      if (capture.status === "REFUNDED") return unprocessable("CAPTURE_FULLY_REFUNDED");
      capture.status = "REFUNDED";
      const id = paypalId();
      return {
        status: 201,
        body: {
          id,
          status: "COMPLETED",
          amount: capture.amount,
          links: [{ href: `${origin}/v2/payments/refunds/${id}`, rel: "self", method: "GET" }],
        },
      };
    }),
  );

  app.post("/v1/notifications/verify-webhook-signature", async (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return c.json(
        { error: "invalid_token", error_description: "Token signature verification failed" },
        401,
      );
    }
    const body = await c.req.json().catch(() => null);
    if (!body || typeof body !== "object")
      return send(c, invalidRequest("MISSING_REQUIRED_PARAMETER"));
    return c.json({ verification_status: signer?.verifies(body) ? "SUCCESS" : "FAILURE" });
  });

  app.get("/v1/notifications/certs/:name", (c) =>
    c.text(signer?.publicKeyPem() ?? "", 200, { "content-type": "application/x-pem-file" }),
  );

  app.get("/checkoutnow", (c) => {
    const order = orders.get(c.req.query("token") ?? "");
    if (!order) return c.html(messagePage("Order not found", "This payment does not exist."), 404);
    if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED") {
      return c.html(messagePage("Already approved", "This payment was already approved."), 409);
    }
    return c.html(
      approvalPage({
        orderId: order.id,
        amount: order.unit.amount,
        description: order.unit.description ?? "Payment",
      }),
    );
  });

  app.post("/checkoutnow", async (c) => {
    const order = orders.get(c.req.query("token") ?? "");
    if (!order) return c.html(messagePage("Order not found", "This payment does not exist."), 404);
    const form = await c.req.parseBody();
    const back = (to: string | undefined, payerId?: string) => {
      if (!to) return c.html(messagePage("Done", "You can close this page."));
      const url = new URL(to);
      url.searchParams.set("token", order.id);
      if (payerId) url.searchParams.set("PayerID", payerId);
      return c.redirect(url.toString(), 303);
    };
    if (form.action === "cancel") return back(order.cancelUrl);
    if (order.status === "APPROVED" || order.status === "COMPLETED") {
      return back(order.returnUrl, order.buyer?.payerId);
    }
    const buyer = testBuyer(form.buyer);
    if (!buyer) return c.html(messagePage("Choose a buyer", "Choose one of the test buyers."), 400);
    order.status = "APPROVED";
    order.buyer = buyer;
    notify(order, webhookEvent("CHECKOUT.ORDER.APPROVED", "checkout-order", orderJson(order)));
    return back(order.returnUrl, buyer.payerId);
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  signer = new WebhookSigner(options.webhookId, `${origin}/v1/notifications/certs/CERT-STANDIN`);
  return {
    url: origin,
    async close() {
      await sender.settled();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
    },
  };
}
