// How a purchase ends, and what the answer to a payment's calls becomes: the success page, the
// bank's or the wallet's page, the card's plans first, or the refusal shown on the form that
// was sent (with what the buyer typed, the security code aside). The checkout, the payment
// change page, the payment link and the box office's sale share them.
import { randomUUID } from "node:crypto";
import { endpoints } from "@contract";
import { data, redirect, redirectDocument } from "react-router";
import { binOf, plansSeenValue } from "~/lib/card-plans";
import { payConfirmPath, walletReturnPath } from "~/lib/pay-result";
import { type TimerOrigin, timerOrigins } from "~/lib/purchase-timer";
import { type CommerceFailure, unavailableNow } from "~/services/commerce.server";
import { timerEnded } from "~/services/purchase-timer.server";
import type { RequestContext } from "~/services/request-context.server";
import { lookUpPlans } from "./card-plans.server";

const originOfNotice: Record<string, TimerOrigin> = {
  "layout:notices.purchaseExpired": timerOrigins.expiredOnCheckout,
  "layout:notices.purchaseCancelled": timerOrigins.cancelled,
  "layout:notices.purchaseEmptied": timerOrigins.cancelled,
};

/** Leaves the checkout with a one-time notice (ended, expired or cancelled). */
export function endPurchase(shop: RequestContext, notice: string, to = "/payFinish") {
  shop.session.unset("processId");
  timerEnded(shop, originOfNotice[notice] ?? timerOrigins.cancelled);
  shop.session.flash("notice", notice);
  return redirect(to);
}

/** The card's security code is never sent back to the page. */
export const hideFields = ["oTarjeta.cCodigoSeguridad"];

/** The purchase is paid: its clock stops and the success page says so. */
export function paid(shop: RequestContext, processId: number) {
  shop.session.unset("processId");
  timerEnded(shop, null);
  return redirect(`/BuyTicket/ok/${processId}`);
}

/**
 * The key of the buyer's next attempt. An answer of the API ends the attempt (a declined card
 * stays declined under its key), so the next one gets a new key; without an answer the
 * outcome is unknown, and only the same key makes a retry safe from paying twice.
 */
function nextAttemptKey(failure: CommerceFailure, key: string): string {
  return failure.code === "TRANSPORT" ? key : randomUUID();
}

/** What a payment form's submission answers with: conform's reply, the security code hidden. */
type PaymentSubmission = {
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }) => object;
};

/**
 * How a refusal of the API is answered to a payment form (the checkout's and the payment
 * change page's): an ended purchase leaves with its notice, a double submit that paid goes to
 * the success page, anything else is shown on the form with the key of the next attempt.
 */
export function refusalOf(
  shop: RequestContext,
  processId: number,
  submission: PaymentSubmission,
  key: string,
) {
  return (result: CommerceFailure) => {
    if (result.code === "PROCESS_EXPIRED") {
      return endPurchase(shop, "layout:notices.purchaseExpired");
    }
    if (result.code === "PROCESS_CANCELLED") {
      return endPurchase(shop, "layout:notices.purchaseCancelled");
    }
    // A double submit: the other request of the same attempt has paid.
    if (result.code === "PROCESS_PAID") return paid(shop, processId);
    const declined =
      result.code === "PAYMENT_DECLINED" ||
      result.code === "PAYMENT_FAILED" ||
      result.code === "CARD_VALIDATION_FAILED";
    return data(
      {
        ...submission.reply({
          formErrors: [result.message],
          fieldErrors: result.fieldErrors,
          hideFields,
        }),
        idempotencyKey: nextAttemptKey(result, key),
      },
      { status: declined ? 402 : unavailableNow(result) ? 503 : 400 },
    );
  };
}

/**
 * Pays with a wallet whose method is already chosen: checked (PreValidacion2) before the
 * wallet is asked (Cobrar2), then the buyer pays on the wallet's own page.
 */
export async function payByWallet(
  shop: RequestContext,
  processId: number,
  attempt: {
    wallet: { cCodigo?: string | null } | null;
    origin: string;
    key: string;
    refused: ReturnType<typeof refusalOf>;
  },
) {
  const { commerce } = shop;
  const { wallet, origin, key, refused } = attempt;
  const params = { id: processId };
  const cUrlRetorno = `${origin}${walletReturnPath(wallet?.cCodigo ?? "", processId) ?? ""}`;
  const body = { cTipo: "BILLETERA" as const, cUrlRetorno };
  const checked = await commerce.call(endpoints.preValidation2, { params, body });
  if (!checked.ok) return refused(checked);
  const opened = await commerce.call(endpoints.charge2, {
    params,
    body: { ...body, cClaveIdempotencia: key },
    idempotencyKey: key,
  });
  if (!opened.ok) return refused(opened);
  if (opened.data.cEstado === "APROBADO") return paid(shop, processId);
  // A page outside the shop: the browser loads it (no client-side navigation).
  if (opened.data.cUrlRedireccion) return redirectDocument(opened.data.cUrlRedireccion);
  return redirect(payConfirmPath(processId));
}

/**
 * The card's plans, when the buyer has not seen them for this card and method and there is a
 * choice among them: the answer to show before anything is charged (null: go on and charge).
 * Nothing was tried, so the same key serves the payment that follows.
 */
export async function plansFirst(
  shop: RequestContext,
  t: (key: string) => string,
  processId: number,
  form: FormData,
  submission: PaymentSubmission,
  card: { card: string; methodId: number; key: string },
) {
  const bin = binOf(card.card);
  if (!bin || form.get("cPlanesVistos") === plansSeenValue(bin, card.methodId)) return null;
  const answer = await lookUpPlans(shop.commerce, t, processId, { bin, methodId: card.methodId });
  if (!answer.plans || answer.plans.Lista.length <= 1) return null;
  return data({
    ...submission.reply({ hideFields }),
    cardPlans: answer,
    idempotencyKey: card.key,
  });
}

/**
 * Where a card's accepted charge leads: the bank asks the buyer to confirm on its own page
 * (3-D Secure), or decides later (the payment goes on outside the form: pay-result/), or it
 * is paid.
 */
export function chargeOutcome(
  shop: RequestContext,
  processId: number,
  charge: { cEstado: string; cUrlDesafio?: string | null },
) {
  if (charge.cEstado === "DESAFIO_3DS" && charge.cUrlDesafio) {
    // A page outside the shop: the browser loads it (no client-side navigation).
    return redirectDocument(charge.cUrlDesafio);
  }
  if (charge.cEstado !== "APROBADO") return redirect(payConfirmPath(processId));
  return paid(shop, processId);
}
