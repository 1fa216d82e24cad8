// PayPal Orders v2 through PayPal's own SDK (@paypal/paypal-server-sdk, decision 0079): the
// shop opens an order, the payer approves it on PayPal's page, and the shop captures it when
// it asks what happened (lookup). The same code talks to PayPal or to the local stand-in
// (stand-in.ts): only baseUrl differs. Errors leave as PayPalError, which carries PayPal's
// name and issue and never a credential, a token or payer data (the SDK's own errors keep
// the request, Authorization header included: they are never let out).
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  ClientCredentialsAuthManager,
  Environment,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from "@paypal/paypal-server-sdk";
import type {
  HostedNotification,
  HostedPaymentInput,
  HostedPaymentProvider,
  HostedStart,
  PaymentRef,
  ProviderOrigins,
} from "../hosted-provider.ts";
import type { ChargeOutcome } from "../provider.ts";

export type PayPalConfig = {
  /** PayPal's API origin (https://api-m.paypal.com, https://api-m.sandbox.paypal.com) or the stand-in's. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the shop's webhook: verify-webhook-signature needs it. */
  webhookId: string;
  /** What the payer pays in (PayPal takes neither ARS nor PYG); default USD. */
  currency?: string;
  /** The operator's rate: how many of the shop's pesos make one unit of `currency`. */
  pesosPerUnit: number;
  /** Each call to PayPal gives up after this long (default 20 s). */
  timeoutMs?: number;
};

/** PayPal refused or could not be reached; the message holds no secret. */
export class PayPalError extends Error {
  override readonly name = "PayPalError";
  constructor(
    message: string,
    /** HTTP status of PayPal's answer; 0 when there was none. */
    readonly status: number,
    /** PayPal's error name (INVALID_REQUEST, UNPROCESSABLE_ENTITY, invalid_client…). */
    readonly paypalName?: string,
    /** details[0].issue (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED…). */
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
  }
}

/**
 * The shop's whole pesos in the payer's currency, two decimals, rounded to the nearest cent.
 * Throws when the rate is not positive or the result is under one cent.
 */
export function payPalAmount(pesos: number, pesosPerUnit: number): string {
  checkRate(pesosPerUnit);
  const cents = Math.round((pesos * 100) / pesosPerUnit);
  if (!Number.isSafeInteger(cents) || cents < 1) {
    throw new RangeError("PayPal: the amount is under one cent in the payer's currency");
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function checkRate(pesosPerUnit: number): void {
  if (!(Number.isFinite(pesosPerUnit) && pesosPerUnit > 0)) {
    throw new RangeError("PayPal: pesosPerUnit must be a positive number");
  }
}

/** What the SDK's controllers are built on (the SDK does not export the name). */
type ClientInterface = ConstructorParameters<typeof OrdersController>[0];
type RequestBuilderFactory = ReturnType<Client["getRequestBuilderFactory"]>;

const PAYPAL_APIS: Record<string, { environment: Environment; approval: string }> = {
  "https://api-m.paypal.com": {
    environment: Environment.Production,
    approval: "https://www.paypal.com",
  },
  "https://api-m.sandbox.paypal.com": {
    environment: Environment.Sandbox,
    approval: "https://www.sandbox.paypal.com",
  },
};

/**
 * The SDK's client on any origin. SDK 2.5 knows two environments and no base URL setting;
 * for another origin (the stand-in) every request built by the SDK, the token request
 * included, goes through the SDK's own request hook (interceptRequest, which the SDK itself
 * uses for its User-Agent) that puts that origin in place of the sandbox's.
 */
function sdkClient(config: PayPalConfig, origin: string): { client: ClientInterface; sdk: Client } {
  const known = PAYPAL_APIS[origin];
  const credentials = { oAuthClientId: config.clientId, oAuthClientSecret: config.clientSecret };
  const sdk = new Client({
    environment: known?.environment ?? Environment.Sandbox,
    timeout: config.timeoutMs ?? 20_000,
    clientCredentialsAuthCredentials: credentials,
  });
  if (known) return { client: sdk, sdk };
  const sandboxOrigin = "https://api-m.sandbox.paypal.com";
  const builders = sdk.getRequestBuilderFactory();
  const client: ClientInterface = {
    getRequestBuilderFactory: (): RequestBuilderFactory => (method, path) => {
      const builder = builders(method, path);
      builder.interceptRequest((request) =>
        request.url.startsWith(sandboxOrigin)
          ? { ...request, url: origin + request.url.slice(sandboxOrigin.length) }
          : request,
      );
      return builder;
    },
  };
  // The token request goes through the rebased client too (the auth provider reads this field).
  sdk.clientCredentialsAuthManager = new ClientCredentialsAuthManager(credentials, client);
  return { client, sdk };
}

/** PayPal's answer to a failed call, without the request the SDK keeps beside it. */
function payPalError(caught: unknown): PayPalError {
  if (caught instanceof PayPalError) return caught;
  if (caught instanceof ApiError) {
    const result = (caught.result ?? {}) as {
      name?: string;
      error?: string;
      debug_id?: string;
      details?: { issue?: string }[];
    };
    const name = result.name ?? result.error;
    const issue = result.details?.[0]?.issue;
    return new PayPalError(
      `PayPal answered ${caught.statusCode}${name ? ` ${name}` : ""}${issue ? ` (${issue})` : ""}`,
      caught.statusCode,
      name,
      issue,
      result.debug_id,
    );
  }
  return new PayPalError("PayPal could not be reached", 0);
}

const approvalLink = (order: Order) =>
  order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href;

/** Declines the payer may fix by choosing another funding source at PayPal. */
const DECLINE_ISSUES = new Set(["INSTRUMENT_DECLINED", "PAYER_CANNOT_PAY", "TRANSACTION_REFUSED"]);

export class PayPalProvider implements HostedPaymentProvider {
  readonly name = "PAYPAL";
  readonly origins: ProviderOrigins;
  private readonly origin: string;
  private readonly currency: string;
  private readonly sdk: Client;
  private readonly orders: OrdersController;
  private readonly payments: PaymentsController;
  /** The SDK's token, for the one call the SDK has no method for (verify-webhook-signature). */
  private token: Awaited<ReturnType<ClientCredentialsAuthManager["fetchToken"]>> | undefined;

  constructor(private readonly config: PayPalConfig) {
    this.origin = new URL(config.baseUrl).origin;
    this.currency = config.currency ?? "USD";
    checkRate(config.pesosPerUnit); // a bad rate fails at start-up, not at the first sale
    const { client, sdk } = sdkClient(config, this.origin);
    this.sdk = sdk;
    this.orders = new OrdersController(client);
    this.payments = new PaymentsController(client);
    // The shop's page redirects to PayPal's approval page after a form post (form-action).
    this.origins = {
      frame: [],
      script: [],
      formAction: [PAYPAL_APIS[this.origin]?.approval ?? this.origin],
    };
  }

  async start(input: HostedPaymentInput): Promise<HostedStart> {
    const { payment } = input;
    const order = await this.call(() =>
      this.orders.createOrder({
        paypalRequestId: payment.idempotencyKey,
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: String(payment.id),
              customId: String(payment.id),
              description: input.description.slice(0, 127),
              amount: {
                currencyCode: this.currency,
                value: payPalAmount(payment.amount, this.config.pesosPerUnit),
              },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                returnUrl: input.returnUrl,
                cancelUrl: input.cancelUrl,
                locale: { es: "es-AR", en: "en-US", pt: "pt-BR" }[input.language] ?? "es-AR",
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                userAction: PaypalExperienceUserAction.PayNow,
              },
            },
          },
        },
      }),
    );
    const redirectUrl = approvalLink(order);
    if (!order.id || !redirectUrl) {
      throw new PayPalError("PayPal answered an order without an approval link", 201);
    }
    return { providerReference: order.id, redirectUrl };
  }

  async lookup(payment: PaymentRef): Promise<ChargeOutcome | null> {
    const order = await this.order(payment);
    if (!order) return null;
    if (order.status !== "APPROVED") return this.outcomeOf(order);
    try {
      // One capture per payment, however many lookups race: PayPal answers a repeated
      // request id with the first capture.
      const captured = await this.call(() =>
        this.orders.captureOrder({
          id: order.id ?? "",
          paypalRequestId: `${payment.idempotencyKey}-capture`,
          prefer: "return=representation",
        }),
      );
      return this.outcomeOf(captured);
    } catch (caught) {
      const failure = payPalError(caught);
      if (failure.issue === "ORDER_ALREADY_CAPTURED") {
        const now = await this.order(payment);
        return now ? this.outcomeOf(now) : null;
      }
      if (failure.issue && DECLINE_ISSUES.has(failure.issue)) {
        return { status: "DECLINED", reason: "paypal_declined", last4: "" };
      }
      if (failure.status >= 500 || failure.status === 0) {
        return { status: "FAILED", reason: "processing_error", last4: "" };
      }
      throw failure;
    }
  }

  async refund(reference: string): Promise<void> {
    try {
      await this.call(() =>
        this.payments.refundCapturedPayment({
          captureId: reference,
          paypalRequestId: `refund-${reference}`,
        }),
      );
    } catch (caught) {
      // Already given back: done (the second call of a refund twice).
      if (payPalError(caught).issue === "CAPTURE_FULLY_REFUNDED") return;
      throw payPalError(caught);
    }
  }

  /**
   * PayPal cannot void an order its payer has not finished: the shop stops here and never
   * captures it (decision 0079), so it ends DECLINED; a captured one answers as it is.
   */
  async cancel(payment: PaymentRef): Promise<ChargeOutcome | null> {
    const order = await this.order(payment);
    if (!order) return null;
    if (order.status === "COMPLETED") return this.outcomeOf(order);
    return { status: "DECLINED", reason: "wallet_cancelled", last4: "" };
  }

  async verifyNotification(rawBody: string, headers: Headers): Promise<HostedNotification | null> {
    const event = parseEvent(rawBody);
    const header = (name: string) => headers.get(name) ?? "";
    const fields = {
      auth_algo: header("paypal-auth-algo"),
      cert_url: header("paypal-cert-url"),
      transmission_id: header("paypal-transmission-id"),
      transmission_sig: header("paypal-transmission-sig"),
      transmission_time: header("paypal-transmission-time"),
      webhook_id: this.config.webhookId,
    };
    if (!event || Object.values(fields).some((value) => value === "")) return null;
    // The event goes back byte for byte as it came (PayPal checks the signature over it).
    const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
    const response = await fetch(`${this.origin}/v1/notifications/verify-webhook-signature`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        "content-type": "application/json",
      },
      body,
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 20_000),
    }).catch(() => null);
    const answer = response?.ok ? await response.json().catch(() => null) : null;
    if (answer?.verification_status !== "SUCCESS") return null;
    return { id: event.id, payment: { providerReference: event.orderId } };
  }

  /** The SDK's own token (client credentials), kept until it expires. */
  private async accessToken(): Promise<string> {
    this.token = await this.call(async () => ({
      result: await this.sdk.clientCredentialsAuthManager.updateToken(this.token),
    }));
    return this.token.accessToken;
  }

  /** The order of a payment; null when PayPal never heard of it. */
  private async order(payment: PaymentRef): Promise<Order | null> {
    if (!payment.providerReference) return null;
    const id = payment.providerReference;
    try {
      return await this.call(() => this.orders.getOrder({ id }));
    } catch (caught) {
      if (payPalError(caught).status === 404) return null;
      throw payPalError(caught);
    }
  }

  private outcomeOf(order: Order): ChargeOutcome {
    const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
    switch (order.status) {
      case "CREATED":
      case "PAYER_ACTION_REQUIRED":
      case "SAVED": {
        const challengeUrl = approvalLink(order);
        return challengeUrl
          ? { status: "CHALLENGE", challengeUrl, last4: "" }
          : { status: "AWAITING", last4: "" };
      }
      case "VOIDED":
        return { status: "DECLINED", reason: "wallet_cancelled", last4: "" };
      case "APPROVED":
        return { status: "AWAITING", last4: "" };
      default:
        break;
    }
    if (!capture?.id) return { status: "AWAITING", last4: "" };
    switch (capture.status) {
      case "COMPLETED":
      case "REFUNDED":
      case "PARTIALLY_REFUNDED":
        return { status: "APPROVED", reference: capture.id, last4: "" };
      case "DECLINED":
        return { status: "DECLINED", reason: "paypal_declined", last4: "" };
      case "FAILED":
        return { status: "FAILED", reason: "processing_error", last4: "" };
      default:
        // PENDING: PayPal decides later and says so with PAYMENT.CAPTURE.COMPLETED / DENIED.
        return { status: "AWAITING", last4: "" };
    }
  }

  private async call<T>(operation: () => Promise<{ result: T }>): Promise<T> {
    try {
      return (await operation()).result;
    } catch (caught) {
      throw payPalError(caught);
    }
  }
}

/** The event id and the order it is about; null for what is not an order's event. */
function parseEvent(rawBody: string): { id: string; orderId: string } | null {
  let event: {
    id?: unknown;
    event_type?: unknown;
    resource?: { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } };
  };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (typeof event?.id !== "string" || typeof event.event_type !== "string") return null;
  const orderId = event.event_type.startsWith("CHECKOUT.ORDER.")
    ? event.resource?.id
    : event.event_type.startsWith("PAYMENT.CAPTURE.")
      ? event.resource?.supplementary_data?.related_ids?.order_id
      : undefined;
  return typeof orderId === "string" && orderId ? { id: event.id, orderId } : null;
}
