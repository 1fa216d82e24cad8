// /BuyTicketBox's server side: the counter sale of a BOX process (clerks only) and its
// actions: give a performance's places back, and sell (CobrarBoleteria) in cash or by card
// to a walk-in buyer (with Bancard, the card typed on its form: its card/BancardiFrame). The
// sale's clock follows the session timer as the checkout's.
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, idPath, type PurchaseProcess, releasePerformanceRequest } from "@contract";
import { data, redirect } from "react-router";
import { brand } from "~/config/brand.server";
import { boxSalePath } from "~/lib/box-office";
import { boxSaleBancardForm, boxSaleFormWith } from "~/lib/forms";
import { notFound } from "~/lib/responses";
import { cancelPurchase, isEmptied } from "~/routes/buy-ticket/checkout.server";
import { endPurchase } from "~/routes/buy-ticket/payment-outcome.server";
import { loadQuestions, saveAnswers } from "~/routes/buy-ticket/questions.server";
import { isScripted, paysOnBancardForm, sendToBancardForm } from "~/services/bancard-form.server";
import { orThrow, unavailableNow } from "~/services/commerce.server";
import { timerEnded, timerOf, timerStarted } from "~/services/purchase-timer.server";
import type { RequestContext } from "~/services/request-context.server";
import { shopOrigin } from "~/services/shop-origin.server";
import { sendPaymentLink } from "./payment-link.server";

/** The process and performance the sale page's address names (a malformed one: 404). */
export function saleOf(url: URL) {
  const processId = idPath.safeParse(url.searchParams.get("idProcesoDeCompra"));
  if (!processId.success) throw notFound();
  const performance = idPath.safeParse(url.searchParams.get("idFuncion"));
  return {
    processId: processId.data,
    performanceId: performance.success ? performance.data : null,
  };
}

export const doneSalePath = (orderId: number) => `/BuyTicketBox/ok/${orderId}`;

/** The BOX process to sell, or where the clerk goes instead. */
export async function loadSale(shop: RequestContext, processId: number) {
  const process = orThrow(
    await shop.commerce.call(endpoints.process, { params: { id: processId } }),
  );
  if (process.ctProcess !== "BOX") {
    // §4: a CART process whose clock ended or was reset goes to payFinish; a running one to
    // its own checkout.
    const timer = timerOf(shop);
    if (timer.cEstado === "FINISHED" || timer.cEstado === "RESET") throw redirect("/payFinish");
    throw redirect(`/BuyTicket/${processId}`);
  }
  if (process.cEstado === "PAID" && process.idPedido) {
    // Sold on Bancard's form, the clerk is back: the next sale starts clean, as after sell().
    if (shop.session.get("processId") === processId) {
      shop.session.unset("processId");
      timerEnded(shop, null);
    }
    throw redirect(doneSalePath(process.idPedido));
  }
  if (process.cEstado === "EXPIRED") throw endPurchase(shop, "layout:notices.purchaseExpired", "/");
  if (process.cEstado === "CANCELLED" || isEmptied(process)) {
    throw endPurchase(shop, "layout:notices.purchaseCancelled", "/");
  }
  const timer = timerOf(shop);
  if (timer.cEstado !== "INICIADO" || timer.idProcesoDeCompra !== process.idProcesoDeCompra) {
    timerStarted(shop, process);
  }
  const questions = await loadQuestions(shop.commerce, processId);
  // A fresh key per rendered form: a double submit records one sale.
  return { process, questions, idempotencyKey: randomUUID() };
}

/** The card's security code is never sent back to the page. */
const hideFields = ["oTarjeta.cCodigoSeguridad"];

/**
 * A card sale on Bancard's card form: the walk-in buyer and the answers saved, the payment is
 * opened for the clerk's BOX process and the card typed on the form (framed on the sale page,
 * or Bancard's own page without JavaScript); Bancard sends the clerk back to the sale page,
 * which goes on to the printed tickets once paid, or says why the card was not approved.
 */
async function sellOnBancardForm(
  shop: RequestContext,
  request: Request,
  process: PurchaseProcess,
  sale: { performanceId: number | null },
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: boxSaleBancardForm });
  if (submission.status !== "success") {
    return data({ ...submission.reply(), idempotencyKey: randomUUID() }, { status: 400 });
  }
  const { cClaveIdempotencia, oComprador } = submission.value;
  const processId = process.idProcesoDeCompra;
  const unanswered = await saveAnswers(shop.commerce, processId, form);
  if (unanswered) return unanswered;
  const salePath = boxSalePath(processId, sale.performanceId);
  const origin = shopOrigin(request);
  const opened = await shop.commerce.call(endpoints.boxChargeForm, {
    params: { id: processId },
    body: {
      cClaveIdempotencia,
      oComprador,
      cUrlRetorno: `${origin}${salePath}`,
      cUrlCancelacion: `${origin}${salePath}`,
    },
    idempotencyKey: cClaveIdempotencia,
  });
  if (opened.ok) {
    if (opened.data.cEstado === "APROBADO") return redirect(salePath);
    return sendToBancardForm(shop, opened.data, { scripted: isScripted(form), framedOn: salePath });
  }
  if (opened.code === "PROCESS_EXPIRED") {
    return endPurchase(shop, "layout:notices.purchaseExpired", "/");
  }
  if (opened.code === "PROCESS_CANCELLED") {
    return endPurchase(shop, "layout:notices.purchaseCancelled", "/");
  }
  return data(
    {
      ...submission.reply({ formErrors: [opened.message], fieldErrors: opened.fieldErrors }),
      idempotencyKey: opened.code === "TRANSPORT" ? cClaveIdempotencia : randomUUID(),
    },
    { status: unavailableNow(opened) ? 503 : 400 },
  );
}

async function sell(shop: RequestContext, process: PurchaseProcess, form: FormData) {
  const submission = parseWithZod(form, { schema: boxSaleFormWith(brand.flags.cardValidation) });
  if (submission.status !== "success") {
    return data(
      { ...submission.reply({ hideFields }), idempotencyKey: randomUUID() },
      { status: 400 },
    );
  }
  const sale = submission.value;
  const unanswered = await saveAnswers(shop.commerce, process.idProcesoDeCompra, form);
  const result =
    unanswered ??
    (await shop.commerce.call(endpoints.boxCharge, {
      params: { id: process.idProcesoDeCompra },
      body: {
        cClaveIdempotencia: sale.cClaveIdempotencia,
        cMedioDePago: sale.cMedioDePago,
        oComprador: sale.oComprador,
        // Checked as a card by the form's schema when the card is the medium.
        oTarjeta: sale.cMedioDePago === "TARJETA_PRESENTE" ? (sale.oTarjeta as never) : undefined,
        nCuotas: sale.nCuotas,
      },
      idempotencyKey: sale.cClaveIdempotencia,
    }));
  if (result.ok) {
    // Sold: the counter's clock stops and the next sale starts clean.
    shop.session.unset("processId");
    timerEnded(shop, null);
    return redirect(doneSalePath(result.data.idPedido));
  }
  if (result.code === "PROCESS_EXPIRED")
    return endPurchase(shop, "layout:notices.purchaseExpired", "/");
  if (result.code === "PROCESS_CANCELLED") {
    return endPurchase(shop, "layout:notices.purchaseCancelled", "/");
  }
  const declined = result.code === "PAYMENT_DECLINED" || result.code === "PAYMENT_FAILED";
  return data(
    {
      ...submission.reply({
        formErrors: [result.message],
        fieldErrors: result.fieldErrors,
        hideFields,
      }),
      // A declined card may be tried again: that is a new attempt.
      idempotencyKey: declined ? randomUUID() : sale.cClaveIdempotencia,
    },
    { status: declined ? 402 : unavailableNow(result) ? 503 : 400 },
  );
}

export async function saleAction(
  shop: RequestContext,
  request: Request,
  sale: { processId: number; performanceId: number | null },
  form: FormData,
) {
  const { process } = await loadSale(shop, sale.processId);
  const intent = form.get("intent");
  if (intent === "paymentLink") {
    return sendPaymentLink(shop, request, process.idProcesoDeCompra, form);
  }
  // The clock ran out (the expiry dialog's OK): the sale is let go.
  if (intent === "expired") return cancelPurchase(shop, process.idProcesoDeCompra, "expired");
  if (intent === "release") {
    const body = releasePerformanceRequest.safeParse({ idFuncion: form.get("idFuncion") });
    if (!body.success) return data({ releaseError: true }, { status: 400 });
    const after = await shop.commerce.call(endpoints.releasePerformance, {
      params: { id: process.idProcesoDeCompra },
      body: body.data,
    });
    if (after.ok && isEmptied(after.data)) {
      return endPurchase(shop, "layout:notices.purchaseEmptied", "/");
    }
    return redirect(boxSalePath(process.idProcesoDeCompra, sale.performanceId));
  }
  if (paysOnBancardForm() && form.get("cMedioDePago") === "TARJETA_PRESENTE") {
    return sellOnBancardForm(shop, request, process, sale, form);
  }
  return sell(shop, process, form);
}
