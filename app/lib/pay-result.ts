// Where a payment that did not end at the charge goes on (spec §2, §4): the verification
// page, the failure page and the bank's return route, by purchase process.

/** Payment verification (§9): 5 attempts, 1000 ms apart. */
export const verificationAttempts = 5;
export const verificationStepMs = 1_000;

export const payConfirmPath = (processId: number, attempt?: number) =>
  `/payConfirm?idProcesoDeCompra=${processId}${attempt ? `&intento=${attempt}` : ""}`;

/** The payment change page: pay an open purchase again with another method (§2). */
export const payChangePath = (processId: number) => `/payChange/${processId}`;

export const payErrorPath = (processId: number) => `/payError?idProcesoDeCompra=${processId}`;

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
