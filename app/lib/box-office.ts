// The box office's mode in the storefront (issue 10; a clerk's sales are BOX processes): the
// sale page's address, and which pages belong to a sale being built. Leaving them resets the
// counter's clock (§4: any navigation resets it in BOX mode).

/** The box office's sale page of a BOX process. */
export function boxSalePath(processId: number, performanceId: number | null): string {
  const query = new URLSearchParams({ idProcesoDeCompra: String(processId) });
  if (performanceId !== null) query.set("idFuncion", String(performanceId));
  return `/BuyTicketBox?${query}`;
}

/** Pages a counter sale is built on: choosing places, promotions, the sale page, the cart. */
const salePrefixes = [
  "/funcion",
  "/funcionTienda",
  "/promocion",
  "/BuyTicketBox",
  "/cart",
  "/cancelPurchase",
];
/** Requests that are no navigation (resources, the language switch, the timer itself). */
const notNavigations = ["/purchaseTimer", "/language", "/myOrders/"];

/** Whether being on `pathname` keeps a counter sale going (else its clock is reset). */
export function keepsBoxSale(requested: string): boolean {
  // A client navigation's data request names the page with a ".data" suffix.
  const pathname = requested.replace(/\.data$/, "");
  const under = (prefix: string) =>
    pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}?`);
  return salePrefixes.some(under) || notNavigations.some((prefix) => pathname.startsWith(prefix));
}

/** Whether going from one page to the other leaves the pages of a counter sale. */
export function leavesBoxSale(from: string, to: string): boolean {
  return keepsBoxSale(from) && !keepsBoxSale(to);
}
