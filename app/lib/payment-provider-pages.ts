// Pages where a payment provider's own page takes part (decision 0078): the checkout embeds
// Bancard's card form (an iframe and its script) or sends the payer to Bancard's hosted page or
// to PayPal's approval page after a form's POST. A route says so with its `handle`:
//
//   export const handle = paymentProviderPage("bancard", "paypal");
//
// (the saved cards page, which embeds Bancard's card registration form, says
// `export const handle = paymentProviderPage("bancard");`), and the server widens that page's
// Content-Security-Policy, that response only, with the configured origins of those providers
// (server/security-headers.ts). Only the page itself counts (the deepest route matched): a flag
// on a parent would widen every page below it. The policy is the document's: a page reached by
// a client-side navigation keeps the policy of the document it was loaded in, so a page that
// embeds the card form is entered by a document load (redirectDocument, reloadDocument).
import type { EntryContext } from "react-router";

/** Names, not origins: a route chooses which provider, the configuration says where. */
export const paymentProviders = ["bancard", "paypal"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export type PaymentProviderPageHandle = { paymentProviders: readonly PaymentProvider[] };

/** The route's `handle`: this page embeds or sends the payer to these providers' pages. */
export function paymentProviderPage(
  ...providers: [PaymentProvider, ...PaymentProvider[]]
): PaymentProviderPageHandle {
  return { paymentProviders: providers };
}

/**
 * The providers the rendered page declared: its deepest route's handle, and only names this
 * module knows (a handle is any value; anything else counts as no provider).
 */
export function paymentProvidersOf(
  context: Pick<EntryContext, "routeModules" | "staticHandlerContext">,
): PaymentProvider[] {
  const page = context.staticHandlerContext.matches.at(-1);
  const handle: unknown = page ? context.routeModules[page.route.id]?.handle : undefined;
  if (typeof handle !== "object" || handle === null || !("paymentProviders" in handle)) return [];
  const declared = handle.paymentProviders;
  if (!Array.isArray(declared)) return [];
  return paymentProviders.filter((provider) => declared.includes(provider));
}
