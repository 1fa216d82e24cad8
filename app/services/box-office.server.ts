// The box office in the storefront (issue 10): its pages are for clerks only (403 for anyone
// else, as the API refuses them), and a counter sale left for a page that is not part of it
// is reset: its clock RESET, its places given back (§4: any navigation resets the timer in
// BOX mode; the counter starts the next sale clean).
import { endpoints } from "@contract";
import { keepsBoxSale } from "~/lib/box-office";
import { forbidden } from "~/lib/responses";
import { timerEnded, timerOf } from "./purchase-timer.server";
import {
  type RequestContext,
  type RequestContextArgs,
  requireUser,
} from "./request-context.server";

export function isBoxClerk(shop: Pick<RequestContext, "user">): boolean {
  return shop.user?.lTaquilla === true;
}

/** The box office's pages: a login, then the clerk's role; anyone else gets a 403 page. */
export function requireBoxClerk(args: RequestContextArgs) {
  const shop = requireUser(args);
  if (!isBoxClerk(shop)) throw forbidden();
  return shop;
}

/**
 * A clerk on `pathname`, outside the pages of a sale, with a counter sale running: the sale
 * is let go (its places freed at once, its clock RESET). Anyone else: nothing happens.
 */
export async function resetBoxSaleLeftFor(shop: RequestContext, pathname: string) {
  if (!isBoxClerk(shop) || keepsBoxSale(pathname)) return;
  const processId = shop.session.get("processId");
  const timer = timerOf(shop);
  if (!processId && timer.cEstado === "RESET") return;
  if (processId) {
    const params = { id: processId };
    const view = await shop.commerce.call(endpoints.process, { params });
    // The clerk's own online purchase (CART) is not the counter's: left alone.
    if (!view.ok || view.data.ctProcess !== "BOX") return;
    if (view.data.cEstado === "ACTIVE") {
      const body = { cClaveInvalidar: view.data.cClaveInvalidar };
      await shop.commerce.call(endpoints.invalidate, { params, body });
    }
    shop.session.unset("processId");
  }
  timerEnded(shop, null);
}
