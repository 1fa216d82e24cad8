// The payment providers' origins the checkout's pages allow (decision 0078). Set in the
// environment (BANCARD_URL, PAYPAL_URL, PAYPAL_APPROVAL_URL: a remote API's providers), they
// are taken as they are; else the embedded API says where its providers (or their stand-ins,
// on ports chosen at start) are, once it has started.
import { config, type PaymentProviderOrigins } from "./config.server";

/**
 * Kept process-wide: the server (which starts the API) and the storefront's build each load
 * their own instance of this module, and both read the origins (the policy, Bancard's form).
 */
const embeddedKey = Symbol.for("storefront.embeddedPaymentOrigins");
const shared = globalThis as { [embeddedKey]?: PaymentProviderOrigins };

/** The embedded API's providers, once it started (server/runtime.ts). */
export function adoptEmbeddedPaymentOrigins(origins: PaymentProviderOrigins) {
  shared[embeddedKey] = origins;
}

export function paymentProviderOrigins(): PaymentProviderOrigins {
  const configured = config.paymentProviderOrigins;
  const embedded = shared[embeddedKey] ?? {};
  return {
    bancard: configured.bancard ?? embedded.bancard,
    paypalApproval: configured.paypalApproval ?? embedded.paypalApproval,
  };
}
