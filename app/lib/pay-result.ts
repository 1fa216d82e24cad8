// Where a payment that did not end at the charge goes on (spec §2, §4): the verification
// page, the failure page and the bank's return route, by purchase process.

/** Payment verification (§9): 5 attempts, 1000 ms apart. */
export const verificationAttempts = 5;
export const verificationStepMs = 1_000;

/**
 * The verification page. `back`: the buyer is back from the provider's own page (Bancard's
 * card form), so a payment still open there is being confirmed, not waiting on the buyer.
 */
export const payConfirmPath = (processId: number, attempt?: number, back = false) =>
  `/payConfirm?idProcesoDeCompra=${processId}${attempt ? `&intento=${attempt}` : ""}${back ? `&${backFromProviderParam}=1` : ""}`;

/** The verification page's query naming a buyer back from the provider's page. */
export const backFromProviderParam = "vuelta";

/** The payment change page: pay an open purchase again with another method (§2). */
export const payChangePath = (processId: number) => `/payChange/${processId}`;

export const payErrorPath = (processId: number) => `/payError?idProcesoDeCompra=${processId}`;

/** Where Bancard's card form sends the buyer back once they paid (or failed) there. */
export const bancardFinishPath = (processId: number) => `/bancard/finish/${processId}`;

/**
 * The checkout a buyer comes back to who gave up on Bancard's card form (its cancel link, or
 * a return saying the payment failed without a decision): the places still held, a notice.
 */
export const cardFormLeftParam = "formulario";
export const cardFormLeftPath = (processId: number) =>
  `/BuyTicket/${processId}?${cardFormLeftParam}=cancelado`;

/** The checkout form's field that says the page runs JavaScript (only the hydrated form has it). */
export const scriptedField = "lConScript";

/** The return route the bank's 3-D Secure page sends the buyer back to. */
export const bankReturnPath = (processId: number) => `/bancard/finish3ds/${processId}`;

/** Where PayPal's approval page sends the buyer back (they approved there). */
export const payPalReturnPath = (processId: number) => `/paypal/finish/${processId}`;

/**
 * The checkout's address PayPal's page sends a buyer who cancels there (PayPal adds its own
 * `token`): the checkout says so and drops the query.
 */
export const payPalCancelledPath = (processId: number) =>
  `/BuyTicket/${processId}?paypal=cancelado`;

/** The return route each wallet's page sends the payer back to (spec §2). */
const walletReturnRoutes: Record<string, string> = {
  APAY: "/apay/cobro/finalizar",
  TIGO_MONEY: "/payConfirmTigoMoney",
};

/** The wallet's return route for a process; null for a wallet the shop has no route for. */
export function walletReturnPath(walletCode: string, processId: number): string | null {
  const route = walletReturnRoutes[walletCode];
  return route ? `${route}?idProcesoDeCompra=${processId}` : null;
}
