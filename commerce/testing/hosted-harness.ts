// Bancard's and PayPal's stand-ins beside a test API (decision 0077): the API is served on a
// free port of 127.0.0.1 so the stand-ins can confirm to it over HTTP, as the real providers
// would, and the test's deps take the same adapters the server runs with.
import { type ServerType, serve } from "@hono/node-server";
import { afterEach, beforeEach } from "vitest";
import type { BancardProvider } from "../payments/bancard/adapter.ts";
import { startHostedProviders } from "../payments/hosted-providers-start.ts";
import { BANCARD_PROVIDER, PAYPAL_PROVIDER } from "../payments/payment-providers.ts";
import type { PayPalProvider } from "../payments/paypal/adapter.ts";
import { type ApiTestContext, type ApiTestSetup, setUpApiTests } from "./api-test.ts";
import type { Fixture, TestApi } from "./harness.ts";

/** What Bancard's stand-in posted to the API's confirmation address, and what it was told. */
export type BancardConfirmations = {
  /** Each body posted, with the API's answer (null while held). */
  received: { body: string; status: number | null; answer: string | null }[];
  /**
   * While true, a confirmation is kept here and the stand-in told 200 without the API seeing
   * it: the test delivers it when it chooses (late, twice, racing the return).
   */
  hold: boolean;
};

/** PayPal's webhooks as the API received them (headers and body), and what it answered. */
export type PayPalWebhooks = {
  received: { headers: Headers; body: string; status: number; answer: string }[];
};

export type HostedTestProviders = {
  bancard: BancardProvider;
  payPal: PayPalProvider;
  bancardConfirmations: BancardConfirmations;
  payPalWebhooks: PayPalWebhooks;
  /** The test API's own address (where the stand-ins confirm). */
  apiUrl: string;
  stop(): Promise<void>;
};

function listening(server: ServerType): Promise<number> {
  return new Promise((resolve) => {
    server.once("listening", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}

/** Serves the test API and gives its deps the providers' stand-ins (stop them after). */
export async function withHostedProviders(t: TestApi): Promise<HostedTestProviders> {
  const confirmations: BancardConfirmations = { received: [], hold: false };
  const webhooks: PayPalWebhooks = { received: [] };
  const server = serve({
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/v2/paypal/webhook") {
        const body = await request.clone().text();
        const response = await t.api.fetch(request, { commerceCaller: { address: "127.0.0.1" } });
        const answer = await response.clone().text();
        webhooks.received.push({ headers: request.headers, body, status: response.status, answer });
        return response;
      }
      if (path !== "/v2/bancard/confirmacion") {
        return t.api.fetch(request, { commerceCaller: { address: "127.0.0.1" } });
      }
      const seen: BancardConfirmations["received"][number] = {
        body: await request.clone().text(),
        status: null,
        answer: null,
      };
      confirmations.received.push(seen);
      if (confirmations.hold) return Response.json({ status: "success" });
      const response = await t.api.fetch(request, { commerceCaller: { address: "127.0.0.1" } });
      seen.status = response.status;
      seen.answer = await response.clone().text();
      return response;
    },
    hostname: "127.0.0.1",
    port: 0,
  });
  const apiUrl = `http://127.0.0.1:${await listening(server)}`;
  const hosted = await startHostedProviders({
    standIns: true,
    bancard: null,
    payPal: null,
    callbackUrl: apiUrl,
  });
  // The handlers read the providers from deps when called: set now, they take them.
  t.deps.hostedProviders = hosted.hostedProviders;
  t.deps.savedCards = hosted.savedCards;
  const named = <P>(name: string) =>
    hosted.hostedProviders.find((provider) => provider.name === name) as P;
  return {
    bancard: named<BancardProvider>(BANCARD_PROVIDER),
    payPal: named<PayPalProvider>(PAYPAL_PROVIDER),
    bancardConfirmations: confirmations,
    payPalWebhooks: webhooks,
    apiUrl,
    stop: async () => {
      t.deps.hostedProviders = undefined;
      t.deps.savedCards = undefined;
      await hosted.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The API tests' set-up (testing/api-test.ts) with the providers' stand-ins beside each test's
 * API: `hosted` holds them while the test runs.
 */
export function setUpHostedApiTests(
  setup: ApiTestSetup<Fixture> = {},
): ApiTestContext<Fixture> & { hosted: HostedTestProviders } {
  const context = setUpApiTests(setup) as ApiTestContext<Fixture> & {
    hosted: HostedTestProviders;
  };
  // After the set-up's own beforeEach (hooks run in the order they were declared).
  beforeEach(async () => {
    context.hosted = await withHostedProviders(context.t);
  });
  afterEach(() => context.hosted.stop());
  return context;
}
