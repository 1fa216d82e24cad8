// The checkout's server side: read the process with what it can be paid with, and the
// actions of the screen (cancel, release a performance, pay; changing sector is in
// change-sector.server.ts). Paying is calls in
// order: delivery, payment method, pre-validation of the card, charge (with the card's plans
// shown first when the buyer has not seen them: card-plans.server.ts); the first refusal
// stops them and is shown on the form, keeping what the buyer typed (the security code aside).
// A wallet is paid on its own page: after delivery and method, PreValidacion2 and Cobrar2
// send the buyer there, and its return route (pay-result/wallet-return.tsx) takes it on.
// PayPal likewise: after delivery and method, its order (paypal.server.ts) and PayPal's page.
// A card method whose card is typed on Bancard's form (lFormularioAdquirente) is paid there
// (card-form.server.ts); the shop's own card fields are the sandbox acquirer's only.
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, idPath, type PurchaseProcess, releasePerformanceRequest } from "@contract";
import { data, redirect } from "react-router";
import { brand } from "~/config/brand.server";
import { isProduct, performancePath, shopPerformancePath } from "~/lib/browse-paths";
import { checkoutFormWith, walletCheckoutForm } from "~/lib/forms";
import { bankReturnPath, payConfirmPath } from "~/lib/pay-result";
import { finishedFor, followProcess } from "~/lib/purchase-timer";
import { notFound } from "~/lib/responses";
import { isScripted } from "~/services/bancard-form.server";
import { failureResponse, orThrow } from "~/services/commerce.server";
import { timerOf, timerStarted } from "~/services/purchase-timer.server";
import type { RequestContext } from "~/services/request-context.server";
import { payOnCardForm } from "./card-form.server";
import { sectorMovesFor } from "./change-sector.server";
import {
  chargeOutcome,
  endPurchase,
  hideFields,
  payByWallet,
  plansFirst,
  refusalOf,
} from "./payment-outcome.server";
import { isPayPal, payByPayPal } from "./paypal.server";
import { offeredProducts } from "./products.server";
import { loadQuestions, saveAnswers } from "./questions.server";
import { payBySavedCard, savedCardChoiceOf } from "./saved-card.server";

/** Nothing left to buy: cancelled by the API after the last release, or left running empty. */
export function isEmptied(process: PurchaseProcess) {
  return (
    process.cEstado === "CANCELLED" ||
    (process.cEstado === "ACTIVE" && process.oCantidadTotal.nCantidadTotal === 0)
  );
}

/** The page a held performance was chosen on: its performance page, or the product's. */
function pageOf(line: PurchaseProcess["listaFuncion"][number]) {
  return isProduct(line.oEspectaculo)
    ? shopPerformancePath(line.idFuncion)
    : performancePath(line.oEspectaculo.cSeo, line.idFuncion);
}

export function processIdOf(params: { idProcesoDeCompra?: string }): number {
  const id = idPath.safeParse(params.idProcesoDeCompra);
  if (!id.success) throw notFound();
  return id.data;
}

export async function loadCheckout(shop: RequestContext, processId: number) {
  const { commerce } = shop;
  const params = { id: processId };
  const process = orThrow(await commerce.call(endpoints.process, { params }));
  if (process.cEstado === "PAID") throw redirect(`/BuyTicket/ok/${process.idProcesoDeCompra}`);
  // §4: a FINISHED timer sends its checkout to payFinish saying the time ran out (whatever
  // became of the process since: the expiry dialog's OK lets its places go).
  if (process.cEstado === "EXPIRED" || finishedFor(timerOf(shop), processId)) {
    throw endPurchase(shop, "layout:notices.purchaseExpired");
  }
  if (process.cEstado === "CANCELLED") throw endPurchase(shop, "layout:notices.purchaseCancelled");
  if (isEmptied(process)) throw endPurchase(shop, "layout:notices.purchaseEmptied", "/");
  // A payment the bank is deciding: its page says how it goes (paying again would wait).
  if (process.oPago?.cEstado === "VERIFICANDO") throw redirect(payConfirmPath(processId));
  // The checkout of a running process is its purchase going on: the timer follows it (a
  // session from before the timer, or a process started elsewhere, is taken up here).
  // Its clock is the API's: an extension moves the timer's deadline too.
  if (timerOf(shop).cEstado !== "INICIADO" || timerOf(shop).idProcesoDeCompra !== processId) {
    timerStarted(shop, process);
  }
  const timer = timerOf(shop);
  const followed = followProcess(timer, process);
  if (followed !== timer) shop.session.set("timer", followed);
  const [deliveryTypes, paymentMethods, sectorMoves, products, customer, questions] =
    await Promise.all([
      commerce.call(endpoints.deliveryTypes, { params }),
      commerce.call(endpoints.paymentMethods2, { params }),
      sectorMovesFor(commerce, process),
      offeredProducts(commerce, processId),
      // Home delivery goes to one of the buyer's saved addresses.
      commerce.call(endpoints.customerInfo),
      loadQuestions(commerce, processId),
    ]);
  return {
    process,
    sectorMoves,
    products,
    addresses: customer.ok ? customer.data.aDomicilios : [],
    questions,
    deliveryTypes: orThrow(deliveryTypes).Lista,
    paymentMethods: orThrow(paymentMethods).Lista,
    // A fresh key per rendered form: a double submit reuses it and is charged once.
    idempotencyKey: randomUUID(),
  };
}

export async function checkoutAction(
  shop: RequestContext,
  t: (key: string) => string,
  processId: number,
  form: FormData,
  /** The shop's origin: the bank's 3-D Secure page and the wallets send the buyer back to it. */
  origin: string,
) {
  const { commerce } = shop;
  const params = { id: processId };
  const intent = form.get("intent");

  if (intent === "cancel" || intent === "expired") {
    return cancelPurchase(shop, processId, intent === "cancel" ? "cancelled" : "expired");
  }

  if (intent === "extend") return extendTime(shop, processId);

  if (intent === "release") {
    const body = releasePerformanceRequest.safeParse({ idFuncion: form.get("idFuncion") });
    if (!body.success) return data({ releaseError: true }, { status: 400 });
    const before = await commerce.call(endpoints.process, { params });
    const after = await commerce.call(endpoints.releasePerformance, { params, body: body.data });
    if (after.ok && isEmptied(after.data)) {
      // The last places went (the API ends such a process): back to where they came from.
      const line = before.ok
        ? before.data.listaFuncion.find((l) => l.idFuncion === body.data.idFuncion)
        : undefined;
      return endPurchase(shop, "layout:notices.purchaseEmptied", line ? pageOf(line) : "/");
    }
    return redirect(`/BuyTicket/${processId}`);
  }

  // A wallet, PayPal, or a card typed on Bancard's form is paid without a card here.
  const chosen = await chosenMethodOf(shop, processId, form.get("nFormaDePago"));
  const cardless = chosen?.cTipo === "BILLETERA" || chosen?.cTipo === "PAYPAL" ? chosen : null;
  const wallet = isPayPal(cardless) ? null : cardless;
  // A saved card is paid by its alias: the form's card fields are not read.
  const savedCard = cardless ? null : savedCardChoiceOf(form);
  // A new card typed on Bancard's form: no card fields here either.
  const onCardForm =
    !savedCard && chosen?.cTipo === "TARJETA" && chosen.lFormularioAdquirente === true;
  const byCard =
    cardless || savedCard || onCardForm
      ? null
      : parseWithZod(form, { schema: checkoutFormWith(brand.flags.cardValidation) });
  const submission = byCard ?? parseWithZod(form, { schema: walletCheckoutForm });
  if (submission.status !== "success") {
    // Refused before reaching the API: nothing was tried, any key will do for the next try.
    return data(
      { ...submission.reply({ hideFields }), idempotencyKey: randomUUID() },
      { status: 400 },
    );
  }
  const { idEntregaTipo, idClienteDomicilio, nFormaDePago, cClaveIdempotencia } = submission.value;
  const refused = refusalOf(shop, processId, submission, cClaveIdempotencia);

  // What the performances ask goes first: a refusal is said on its own fields.
  const unanswered = await saveAnswers(commerce, processId, form);
  if (unanswered) return refused(unanswered);

  const delivered = await commerce.call(endpoints.selectDelivery, {
    params,
    body: { idEntregaTipo, idClienteDomicilio },
  });
  if (!delivered.ok) return refused(delivered);
  const method = await commerce.call(endpoints.selectPaymentMethod, {
    params,
    body: { nFormaDePago },
  });
  if (!method.ok) return refused(method);

  // The delivery's fee moved the total away from the one on the Pay button (without
  // JavaScript the button cannot follow the choice): show it before charging anything.
  const total = method.data.fTotal;
  if (submission.value.fTotalVisto !== undefined && submission.value.fTotalVisto !== total) {
    return data({
      ...submission.reply({ hideFields }),
      totalChanged: total,
      idempotencyKey: cClaveIdempotencia,
    });
  }

  if (isPayPal(cardless)) return payByPayPal(shop, processId, { origin, refused });
  if (savedCard) {
    return payBySavedCard(shop, t, processId, {
      card: savedCard,
      origin,
      key: cClaveIdempotencia,
      refused,
    });
  }
  if (onCardForm) {
    const scripted = isScripted(form);
    return payOnCardForm(shop, processId, { origin, key: cClaveIdempotencia, scripted, refused });
  }
  if (byCard?.status !== "success") {
    // Checked before the wallet is asked; then the buyer pays on the wallet's own page.
    return payByWallet(shop, processId, { wallet, origin, key: cClaveIdempotencia, refused });
  }
  const { nCuotas, oTarjeta } = byCard.value;
  const bankReturnUrl = `${origin}${bankReturnPath(processId)}`;

  // The buyer chooses among the card's plans before it is charged: not seen yet for this
  // card and method, they are this answer (a refused card is the charge's to say).
  const plans = await plansFirst(shop, t, processId, form, submission, {
    card: oTarjeta.cNumero,
    methodId: nFormaDePago,
    key: cClaveIdempotencia,
  });
  if (plans) return plans;

  // The card is checked before any money moves: a blocked card or a plan the bank no longer
  // offers is said without a charge attempt.
  const checked = await commerce.call(endpoints.preValidation, {
    params,
    body: { nCuotas, oTarjeta },
  });
  if (!checked.ok) return refused(checked);

  const charged = await commerce.call(endpoints.charge, {
    params,
    body: { cClaveIdempotencia, nCuotas, oTarjeta, cUrlRetorno: bankReturnUrl },
    idempotencyKey: cClaveIdempotencia,
  });
  if (!charged.ok) return refused(charged);
  return chargeOutcome(shop, processId, charged.data);
}

/** The payment method a submitted nFormaDePago names (null for none offered). */
async function chosenMethodOf(shop: RequestContext, processId: number, chosen: unknown) {
  const id = Number(chosen);
  if (!Number.isInteger(id) || id <= 0) return null;
  const methods = await shop.commerce.call(endpoints.paymentMethods2, {
    params: { id: processId },
  });
  if (!methods.ok) return null;
  return methods.data.Lista.find((m) => m.nFormaDePago === id) ?? null;
}

/** The wallet method a submitted nFormaDePago names (null for a card, or anything else). */
export async function walletMethodOf(shop: RequestContext, processId: number, chosen: unknown) {
  const method = await chosenMethodOf(shop, processId, chosen);
  return method?.cTipo === "BILLETERA" ? method : null;
}

/** The wallet or PayPal method a submitted nFormaDePago names (null for a card, or else). */
export async function cardlessMethodOf(shop: RequestContext, processId: number, chosen: unknown) {
  const method = await chosenMethodOf(shop, processId, chosen);
  return method?.cTipo === "BILLETERA" || method?.cTipo === "PAYPAL" ? method : null;
}

/**
 * Cancels the buyer's process (its places freed for others) and goes to the billboard (or,
 * when its time ran out, back to its performance) saying why. Cancelling needs the process's key, which only its owner's view carries: someone
 * else's process is left alone.
 */
export async function cancelPurchase(
  shop: RequestContext,
  processId: number,
  why: "cancelled" | "expired",
) {
  const params = { id: processId };
  const view = await shop.commerce.call(endpoints.process, { params });
  if (view.ok) {
    const body = { cClaveInvalidar: view.data.cClaveInvalidar };
    await shop.commerce.call(endpoints.invalidate, { params, body });
  }
  if (why === "cancelled") return endPurchase(shop, "layout:notices.purchaseCancelled", "/");
  // §4: the expiry dialog's OK leaves to the previous page, the performance the places were
  // chosen on, when the timer knows it; else to the billboard.
  return endPurchase(shop, "layout:notices.purchaseExpired", await previousPageOf(shop));
}

/**
 * The page the purchase's places were chosen on (the timer's performance), by its canonical
 * address: a redirect on the way would spend the notice. The billboard when unknown.
 */
async function previousPageOf(shop: RequestContext): Promise<string> {
  const performanceId = timerOf(shop).idFuncion;
  if (!performanceId) return "/";
  const found = await shop.commerce.call(endpoints.performance, { params: { id: performanceId } });
  if (!found.ok) return "/";
  return isProduct(found.data.oEspectaculo)
    ? shopPerformancePath(performanceId)
    : performancePath(found.data.oEspectaculo.cSeo, performanceId);
}

/** The buyer's one extension of the clock (WCAG 2.2.1), told on the checkout either way. */
async function extendTime(shop: RequestContext, processId: number) {
  const result = await shop.commerce.call(endpoints.extend, { params: { id: processId } });
  if (!result.ok) {
    if (result.code === "PROCESS_EXPIRED")
      return endPurchase(shop, "layout:notices.purchaseExpired");
    if (result.code === "PROCESS_CANCELLED") {
      return endPurchase(shop, "layout:notices.purchaseCancelled");
    }
    if (result.code === "PROCESS_PAID") return redirect(`/BuyTicket/ok/${processId}`);
    if (result.code === "NOT_FOUND") throw notFound();
    if (result.code !== "EXTENSION_REFUSED") throw failureResponse(result);
  }
  shop.session.flash(
    "notice",
    result.ok ? "layout:notices.purchaseExtended" : "layout:notices.extensionRefused",
  );
  return redirect(`/BuyTicket/${processId}`);
}
