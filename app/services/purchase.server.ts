// Holding places in the buyer's purchase process, shared by the performance page (tickets)
// and the shop's product page (quantities): join the running process when there is one,
// start a new one otherwise, then go to the checkout.

import { endpoints, type PurchaseProcess, type TakePlacesRequest } from "@contract";
import { redirect } from "react-router";
import { brand } from "~/config/brand.server";
import { boxSalePath } from "~/lib/box-office";
import { type CommerceFailure, type CommerceResult, unavailableNow } from "./commerce.server";
import { claimTab, timerStarted } from "./purchase-timer.server";
import type { RequestContext } from "./request-context.server";

const maxId = 2_147_483_647;

/** /funcion/{cSeo}/{id}, /funcion?idFuncion=… and /funcionTienda?idFuncion=… */
export function performanceIdOf(request: Request, params: { id?: string } = {}): number | null {
  const raw = params.id ?? new URL(request.url).searchParams.get("idFuncion");
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= maxId ? id : null;
}

const buyersToFix = new Set([
  "NOT_ENOUGH_PLACES",
  "SEAT_TAKEN",
  "TOO_MANY_PLACES",
  "VALIDATION",
  // Not let in by the performance's waiting room yet: a new process would be refused alike.
  "QUEUE_PASS_REQUIRED",
]);

/** Who holds: the performance asked for, and the tab that asks (null without JavaScript). */
export type HoldOrigin = { performanceId: number; tabId: number | null };

/** A new process's type: a box-office clerk's sales are BOX processes (issue 10). */
export type ProcessKind = PurchaseProcess["ctProcess"];
const newProcessKind = (shop: RequestContext): ProcessKind =>
  shop.user?.lTaquilla ? "BOX" : "CART";

/**
 * Takes places with `take` in the buyer's running process, or in a new one (id 0) when there
 * is none or it ended: a CART one, or a BOX one for a box-office clerk (`take` is told which).
 * Hands back the API's answer; on success the session names its process and its timer runs.
 * A tab of the browser other than the buying one is sent to payFinish.
 */
export async function holdInProcess<
  T extends Pick<PurchaseProcess, "idProcesoDeCompra" | "ctProcess" | "dMaxima">,
>(
  shop: RequestContext,
  origin: HoldOrigin,
  take: (processId: number, ctProcess?: ProcessKind) => Promise<CommerceResult<T>>,
): Promise<CommerceResult<T>> {
  const { session } = shop;
  claimTab(shop, origin.tabId);
  const runningId = session.get("processId") ?? 0;
  const kind = newProcessKind(shop);
  let result = await take(runningId, runningId === 0 ? kind : undefined);
  // A running process that ended (paid, expired, cancelled) cannot take more: start anew.
  // Missing places, or more than one customer may hold, are the buyer's to fix, not a reason
  // for a new process (which would drop the places already held).
  if (!result.ok && runningId && !buyersToFix.has(result.code)) {
    result = await take(0, kind);
  }
  if (result.ok) {
    session.set("processId", result.data.idProcesoDeCompra);
    timerStarted(shop, result.data, origin.performanceId);
  }
  return result;
}

/** The checkout of a purchase process. */
export const checkoutPath = (processId: number) => `/BuyTicket/${processId}`;

/** Where a process is paid: the checkout, or the box office's sale page for a BOX one. */
export function checkoutPathOf(
  process: Pick<PurchaseProcess, "idProcesoDeCompra" | "ctProcess">,
  performanceId: number,
): string {
  if (process.ctProcess !== "BOX") return checkoutPath(process.idProcesoDeCompra);
  return boxSalePath(process.idProcesoDeCompra, performanceId);
}

/**
 * Where a hold of a performance's places leads: the checkout; but with the flag
 * skipSinglePromotionDialog off (§9), a performance that offers exactly one promotion asks
 * the buyer about it first, on the promotions page. A counter sale goes on at the counter.
 */
export async function afterHoldPath(
  { commerce }: RequestContext,
  process: Pick<PurchaseProcess, "idProcesoDeCompra" | "ctProcess">,
  performanceId: number,
): Promise<string> {
  const checkout = checkoutPathOf(process, performanceId);
  if (brand.flags.skipSinglePromotionDialog || process.ctProcess === "BOX") return checkout;
  const offer = await commerce.call(endpoints.performancePromotions, {
    params: { id: performanceId },
    body: { idProcesoDeCompra: process.idProcesoDeCompra, cCodigo: null },
  });
  // Unanswered, the checkout still offers the promotions page.
  return offer.ok && offer.data.Lista.length === 1 ? "/promocion" : checkout;
}

/**
 * Takes the places; on success redirects to the checkout, or first to the one promotion on
 * offer (afterHoldPath; throws the redirect), on failure returns the API's failure for the
 * page to show.
 */
export async function holdPlacesAndCheckout(
  shop: RequestContext,
  body: TakePlacesRequest,
  tabId: number | null,
): Promise<CommerceFailure> {
  const origin = { performanceId: body.idFuncion, tabId };
  const result = await holdInProcess(shop, origin, (id, ctProcess) =>
    shop.commerce.call(endpoints.takePlaces, { params: { id }, body: { ...body, ctProcess } }),
  );
  if (!result.ok) return result;
  throw redirect(await afterHoldPath(shop, result.data, body.idFuncion));
}

/**
 * HTTP status for a failed hold: bad input 400, over the per-customer limit 422, unreachable
 * API 503, not let in by the waiting room 403, otherwise a conflict.
 */
export function holdFailureStatus(failure: CommerceFailure): number {
  if (failure.code === "VALIDATION") return 400;
  if (failure.code === "TOO_MANY_PLACES") return 422;
  if (unavailableNow(failure)) return 503;
  if (failure.code === "NOT_FOUND") return 404;
  if (failure.code === "QUEUE_PASS_REQUIRED") return 403;
  return 409;
}
