// Holding places in the buyer's purchase process, shared by the performance page (tickets)
// and the shop's product page (quantities): join the running process when there is one,
// start a new one otherwise, then go to the checkout.
import { purchaseProcessSchema, type TakePlacesRequest } from "@contract";
import { apiPaths } from "@contract/paths.ts";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { CommerceFailure } from "./commerce.server";
import { commitSession, type SessionData, type ShopSession } from "./session.server";
import { shopApi } from "./shop.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const maxId = 2_147_483_647;

/** /funcion/{cSeo}/{id}, /funcion?idFuncion=… and /funcionTienda?idFuncion=… */
export function performanceIdOf(request: Request, params: { id?: string } = {}): number | null {
  const raw = params.id ?? new URL(request.url).searchParams.get("idFuncion");
  if (!raw || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= maxId ? id : null;
}

export function notFound() {
  return data({ nCode: 404, message: "" }, { status: 404 });
}

/**
 * Takes the places; on success redirects to the checkout (throws the redirect), on failure
 * returns the API's failure for the page to show.
 */
export async function holdPlacesAndCheckout(
  args: Args,
  user: SessionData["user"],
  session: ShopSession,
  body: TakePlacesRequest,
): Promise<CommerceFailure> {
  const api = shopApi(args, user);
  const runningId = session.get("processId") ?? 0;
  let result = await api.post(apiPaths.takePlaces(runningId), body, purchaseProcessSchema);
  // A running process that ended (paid, expired, cancelled) cannot take more: start anew.
  // Missing places are the buyer's to fix, not a reason for a new process.
  if (
    !result.ok &&
    runningId &&
    result.code !== "NOT_ENOUGH_PLACES" &&
    result.code !== "SEAT_TAKEN" &&
    result.code !== "VALIDATION"
  ) {
    result = await api.post(apiPaths.takePlaces(0), body, purchaseProcessSchema);
  }
  if (!result.ok) return result;
  session.set("processId", result.data.idProcesoDeCompra);
  throw redirect(`/BuyTicket/${result.data.idProcesoDeCompra}`, {
    headers: await commitSession(session),
  });
}

/** HTTP status for a failed hold: bad input 400, unreachable API 503, otherwise a conflict. */
export function holdFailureStatus(failure: CommerceFailure): number {
  if (failure.code === "VALIDATION") return 400;
  if (failure.code === "TRANSPORT") return 503;
  if (failure.code === "NOT_FOUND") return 404;
  return 409;
}
