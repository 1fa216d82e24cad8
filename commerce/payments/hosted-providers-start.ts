// Which providers whose own page takes the payment the API runs with (decision 0077): the
// real Bancard and PayPal when their keys are set; else, unless PAYMENT_STAND_INS=off, a
// local stand-in of each on its own origin (127.0.0.1, its own port), which the very same
// adapter talks to. The stand-ins confirm to this API over HTTP, as the real ones would.
import { randomBytes } from "node:crypto";
import { log } from "../log.ts";
import { type BancardConfig, BancardProvider } from "./bancard/adapter.ts";
import { startBancardStandIn } from "./bancard/stand-in.ts";
import type { HostedPaymentProvider, SavedCardProvider } from "./hosted-provider.ts";
import { type PayPalConfig, PayPalProvider } from "./paypal/adapter.ts";
import { startPayPalStandIn } from "./paypal/stand-in.ts";

export type HostedProviderSettings = {
  /** Whether a provider without keys runs as a local stand-in (else it is not offered). */
  standIns: boolean;
  /** The real Bancard (BANCARD_PUBLIC_KEY and BANCARD_PRIVATE_KEY set), or null. */
  bancard: BancardConfig | null;
  /** Where Bancard's stand-in listens (BANCARD_URL); unset: a free port of 127.0.0.1. */
  bancardStandInUrl?: string;
  /** The real PayPal (PAYPAL_CLIENT_ID set), or null. */
  payPal: PayPalConfig | null;
  /** Where PayPal's stand-in listens (PAYPAL_URL); unset: a free port of 127.0.0.1. */
  payPalStandInUrl?: string;
  /** This API's own address, where the stand-ins send their confirmations and webhooks. */
  callbackUrl: string;
};

export type HostedProviders = {
  hostedProviders: HostedPaymentProvider[];
  savedCards?: SavedCardProvider;
  /** Stops the stand-ins (after the API stops taking requests). */
  stop(): Promise<void>;
};

/** Host and port a stand-in listens on, from its URL (only this machine's loopback). */
export function listenAddressOf(url: string | undefined): { host: string; port: number } {
  if (!url) return { host: "127.0.0.1", port: 0 };
  const { hostname, port, protocol } = new URL(url);
  if (protocol !== "http:" || !["127.0.0.1", "localhost"].includes(hostname)) {
    throw new Error(`A stand-in listens on http://127.0.0.1 only, not on ${url}`);
  }
  return { host: "127.0.0.1", port: Number(port || 80) };
}

/** Keys made at each start: the stand-in and the adapter share them in this process only. */
const madeSecret = () => randomBytes(18).toString("base64url");

async function bancardProvider(settings: HostedProviderSettings) {
  if (settings.bancard) {
    return { provider: new BancardProvider(settings.bancard), stop: async () => {} };
  }
  if (!settings.standIns) return null;
  const publicKey = `stand-in-${madeSecret()}`;
  const privateKey = madeSecret();
  const standIn = await startBancardStandIn({
    ...listenAddressOf(settings.bancardStandInUrl),
    publicKey,
    privateKey,
    confirmationUrl: new URL("/v2/bancard/confirmacion", settings.callbackUrl).href,
  });
  log.info(`Bancard's stand-in listens at ${standIn.url} (BANCARD_PUBLIC_KEY unset)`);
  const provider = new BancardProvider({
    baseUrl: standIn.url,
    publicKey,
    privateKey,
    currency: "PYG",
  });
  return { provider, stop: () => standIn.close() };
}

async function payPalProvider(settings: HostedProviderSettings) {
  if (settings.payPal)
    return { provider: new PayPalProvider(settings.payPal), stop: async () => {} };
  if (!settings.standIns) return null;
  const clientId = `stand-in-${madeSecret()}`;
  const clientSecret = madeSecret();
  const webhookId = `WH-${madeSecret()}`;
  const standIn = await startPayPalStandIn({
    ...listenAddressOf(settings.payPalStandInUrl),
    clientId,
    clientSecret,
    webhookId,
    webhookUrl: new URL("/v2/paypal/webhook", settings.callbackUrl).href,
  });
  log.info(`PayPal's stand-in listens at ${standIn.url} (PAYPAL_CLIENT_ID unset)`);
  const provider = new PayPalProvider({
    baseUrl: standIn.url,
    clientId,
    clientSecret,
    webhookId,
    currency: "USD",
    // The stand-in's own rate; a real PayPal's is PAYPAL_PESOS_PER_UNIT.
    pesosPerUnit: 1000,
  });
  return { provider, stop: () => standIn.close() };
}

export async function startHostedProviders(
  settings: HostedProviderSettings,
): Promise<HostedProviders> {
  const bancard = await bancardProvider(settings);
  const payPal = await payPalProvider(settings).catch(async (error) => {
    await bancard?.stop();
    throw error;
  });
  const started = [bancard, payPal].filter((entry) => entry !== null);
  return {
    hostedProviders: started.map((entry) => entry.provider),
    // Bancard keeps the customers' cards too.
    savedCards: bancard?.provider,
    stop: async () => {
      await Promise.all(started.map((entry) => entry.stop()));
    },
  };
}
