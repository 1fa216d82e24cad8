// Leaving a purchase to add an address and coming back to it: the only return the address
// page accepts is a checkout's own path (never an address from the query as such).
const checkoutPath = /^\/BuyTicket\/[1-9][0-9]{0,15}$/;

/** The checkout path in a `volver` value, or null for anything else. */
export function purchaseReturnPath(value: unknown): string | null {
  return typeof value === "string" && checkoutPath.test(value) ? value : null;
}

/** My addresses' form, set to come back to the purchase once an address is added. */
export function addAddressForPurchasePath(processId: number): string {
  return `/myAddress?volver=${encodeURIComponent(`/BuyTicket/${processId}`)}#address-form`;
}
