// The payment change page's server side. What is owed comes from GET operacion/cambio/pago/{id}
// (the buyer's own purchase with its latest payment, and whether it may be paid again); a card
// pays through POST operacion/cambio/{id}/pagar, which chooses the method and charges at once
// (with Bancard: operacion/cambio/{id}/card/BancardiFrame, the card typed on Bancard's form).
// A wallet is paid on its own page, as on the checkout: method, PreValidacion2, Cobrar2 (PayPal:
// method, then PayPalOrderCreate, paypal.server.ts). The card's plans are shown first when
// the buyer has not seen them, with the checkout's lookup.
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, type PurchaseProcess } from "@contract";
import { data } from "react-router";
import { brand } from "~/config/brand.server";
import { type OrderTotalsFigures, unpaidPurchaseTotals } from "~/lib/checkout-amounts";
import { paymentChangeFormWith, walletPaymentChangeForm } from "~/lib/forms";
import { bancardFinishPath, bankReturnPath, payChangePath } from "~/lib/pay-result";
import {
  bancardFormToFrame,
  isScripted,
  paysOnBancardForm,
  sendToBancardForm,
} from "~/services/bancard-form.server";
import { orThrow } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";
import { cardlessMethodOf } from "../buy-ticket/checkout.server";
import {
  chargeOutcome,
  hideFields,
  paid,
  payByWallet,
  plansFirst,
  refusalOf,
} from "../buy-ticket/payment-outcome.server";
import { isPayPal, payByPayPal } from "../buy-ticket/paypal.server";

/** Where the purchase's payment stands, as the page tells it. */
export type PaymentChangeState =
  /** Refused, cancelled or given back, the purchase still open: pay with another method. */
  | "payable"
  /** The bank waits for the buyer on its page (3-D Secure): go there, or pay otherwise. */
  | "challenge"
  /** The bank or the wallet decides later: nothing to pay until it has. */
  | "deciding"
  /** Its time ran out or it was cancelled: nothing is owed any more. */
  | "closed";

export function paymentChangeStateOf(process: PurchaseProcess, mayPay: boolean) {
  if (process.cEstado !== "ACTIVE") return "closed" as const;
  if (process.oPago?.cEstado === "DESAFIO_3DS") return "challenge" as const;
  if (mayPay) return "payable" as const;
  return "deciding" as const;
}

export async function loadPaymentChange(shop: RequestContext, processId: number) {
  const params = { id: processId };
  const change = orThrow(await shop.commerce.call(endpoints.paymentChange, { params }));
  const process = change.oProceso;
  if (process.cEstado === "PAID") throw paid(shop, processId);
  const state = paymentChangeStateOf(process, change.lPuedePagar);
  const methods =
    state === "payable" || state === "challenge"
      ? orThrow(await shop.commerce.call(endpoints.paymentMethods2, { params })).Lista
      : [];
  return {
    process,
    state,
    paymentMethods: methods,
    onBancardForm: paysOnBancardForm(),
    // Just opened on Bancard's form (scripted pay): framed on the page.
    cardForm: bancardFormToFrame(shop, processId),
    // A fresh key per rendered form: a double submit reuses it and is paid once.
    idempotencyKey: randomUUID(),
  };
}

export type AwaitingPayment = {
  processId: number;
  show: string;
  until: string;
  state: Exclude<PaymentChangeState, "closed">;
  totals: OrderTotalsFigures;
};

/**
 * My orders' purchases awaiting payment: the customer's, started on any device, whose payment
 * failed or is pending while their places are held (orders exist only once paid). The API
 * leaves out one paid or ended meanwhile.
 */
export async function awaitingPaymentsOf(shop: RequestContext): Promise<AwaitingPayment[]> {
  const listed = orThrow(await shop.commerce.call(endpoints.awaitingPayments)).Lista;
  return listed.flatMap(({ oProceso: process, lPuedePagar }) => {
    const state = paymentChangeStateOf(process, lPuedePagar);
    if (state === "closed") return [];
    return [
      {
        processId: process.idProcesoDeCompra,
        show: process.listaFuncion
          .map((line) => line.oEspectaculo.cEspectaculoCartelNombre)
          .join(", "),
        until: process.dMaxima,
        state,
        totals: unpaidPurchaseTotals(process),
      },
    ];
  });
}

export async function payChangeAction(
  shop: RequestContext,
  t: (key: string) => string,
  processId: number,
  form: FormData,
  /** The shop's origin: the bank's and the wallet's pages send the buyer back to it. */
  origin: string,
) {
  const { commerce } = shop;
  const params = { id: processId };
  // A wallet, or PayPal, is paid on its own page: no card.
  const cardless = await cardlessMethodOf(shop, processId, form.get("nFormaDePago"));
  const wallet = isPayPal(cardless) ? null : cardless;
  // With Bancard, a card is typed on its form: the page sends no card's fields.
  const onForm = !cardless && paysOnBancardForm();
  const byCard =
    cardless || onForm
      ? null
      : parseWithZod(form, {
          schema: paymentChangeFormWith(brand.flags.cardValidation),
        });
  const submission = byCard ?? parseWithZod(form, { schema: walletPaymentChangeForm });
  if (submission.status !== "success") {
    return data(
      { ...submission.reply({ hideFields }), idempotencyKey: randomUUID() },
      { status: 400 },
    );
  }
  const { nFormaDePago, cClaveIdempotencia } = submission.value;
  const refused = refusalOf(shop, processId, submission, cClaveIdempotencia);
  if (onForm) {
    const opened = await commerce.call(endpoints.payAgainForm, {
      params,
      body: {
        cClaveIdempotencia,
        nFormaDePago,
        cUrlRetorno: `${origin}${bancardFinishPath(processId)}`,
        cUrlCancelacion: `${origin}${payChangePath(processId)}`,
      },
      idempotencyKey: cClaveIdempotencia,
    });
    if (!opened.ok) return refused(opened);
    if (opened.data.cEstado === "APROBADO") return paid(shop, processId);
    return sendToBancardForm(shop, opened.data, {
      scripted: isScripted(form),
      framedOn: payChangePath(processId),
    });
  }

  if (byCard?.status !== "success") {
    const method = await commerce.call(endpoints.selectPaymentMethod, {
      params,
      body: { nFormaDePago },
    });
    if (!method.ok) return refused(method);
    if (isPayPal(cardless)) return payByPayPal(shop, processId, { origin, refused });
    return payByWallet(shop, processId, { wallet, origin, key: cClaveIdempotencia, refused });
  }

  const { nCuotas, oTarjeta } = byCard.value;
  // The card's plans before it is charged, as on the checkout: nothing is tried yet.
  const plans = await plansFirst(shop, t, processId, form, submission, {
    card: oTarjeta.cNumero,
    methodId: nFormaDePago,
    key: cClaveIdempotencia,
  });
  if (plans) return plans;

  const charged = await commerce.call(endpoints.payAgain, {
    params,
    body: {
      cClaveIdempotencia,
      nFormaDePago,
      nCuotas,
      oTarjeta,
      cUrlRetorno: `${origin}${bankReturnPath(processId)}`,
    },
    idempotencyKey: cClaveIdempotencia,
  });
  if (!charged.ok) return refused(charged);
  return chargeOutcome(shop, processId, charged.data);
}
