// The payment link's server side: the link named by the address (a malformed one, or one the
// API does not know, is a 404 page), the card's plans, and paying it by card with the same
// rules as the checkout (the plans seen first, idempotency key, 3-D Secure on the bank's
// page, a bank that decides later); with Bancard configured, the card is typed on its form.
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, type PaymentLinkView } from "@contract";
import { data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { brand } from "~/config/brand.server";
import { binOf, cardOwnMethod, type PlansAnswer, plansSeenValue } from "~/lib/card-plans";
import { plansAnswerOf } from "~/lib/card-plans.server";
import { paymentLinkBancardForm, paymentLinkFormWith } from "~/lib/forms";
import {
  type PaymentLinkRef,
  paymentLinkConfirmPath,
  paymentLinkPath,
  paymentLinkRef,
} from "~/lib/payment-link";
import { notFound } from "~/lib/responses";
import { isScripted, sendToBancardForm } from "~/services/bancard-form.server";
import { type CommerceClient, orThrow, unavailableNow } from "~/services/commerce.server";
import { isSpam } from "~/services/honeypot.server";
import type { RequestContext } from "~/services/request-context.server";
import { shopOrigin } from "~/services/shop-origin.server";

export function linkOfRequest(request: Request, id: string | undefined): PaymentLinkRef {
  const url = new URL(request.url);
  const link = paymentLinkRef(
    id ?? url.searchParams.get("idProcesoDeCompra"),
    url.searchParams.get("clave"),
  );
  if (!link) throw notFound();
  return link;
}

export async function loadPaymentLink(
  commerce: CommerceClient,
  link: PaymentLinkRef,
): Promise<PaymentLinkView> {
  return orThrow(
    await commerce.call(endpoints.paymentLink, {
      params: { id: link.processId, cClave: link.key },
    }),
  );
}

/** Whether the link's payment ended or goes on outside the form (its result page says how). */
export function paymentUnderWay(view: PaymentLinkView): boolean {
  const state = view.oPago?.cEstado;
  return view.cEstado === "PAID" || state === "VERIFICANDO" || state === "DESAFIO_3DS";
}

async function linkPlans(
  commerce: CommerceClient,
  t: (key: string) => string,
  link: PaymentLinkRef,
  bin: string,
): Promise<PlansAnswer> {
  const found = await commerce.call(endpoints.paymentLinkCardPlans, {
    params: { id: link.processId, cClave: link.key, cardBin: bin },
  });
  if (!found.ok && found.code === "NOT_FOUND") throw notFound();
  return plansAnswerOf(found, { bin, methodId: cardOwnMethod }, t);
}

/** The form's lookup as the card is typed (intent cardPlans): nothing changes. */
export async function linkPlansAction(
  commerce: CommerceClient,
  t: (key: string) => string,
  link: PaymentLinkRef,
  form: FormData,
) {
  const bin = z
    .string()
    .regex(/^[0-9]{6,8}$/)
    .safeParse(form.get("cBin"));
  if (!bin.success) return data({ cardPlans: null }, { status: 400 });
  const answer = await linkPlans(commerce, t, link, bin.data);
  return data({ cardPlans: answer }, { status: answer.plans ? 200 : 400 });
}

/** The card's security code is never sent back to the page. */
const hideFields = ["oTarjeta.cCodigoSeguridad"];

export async function payLinkAction(
  commerce: CommerceClient,
  t: (key: string) => string,
  request: Request,
  link: PaymentLinkRef,
  form: FormData,
) {
  const submission = parseWithZod(form, {
    schema: paymentLinkFormWith(brand.flags.cardValidation),
  });
  if (submission.status !== "success" || (await isSpam(form))) {
    return data(
      { ...submission.reply({ hideFields }), idempotencyKey: randomUUID() },
      { status: 400 },
    );
  }
  const { nCuotas, oTarjeta, cClaveIdempotencia } = submission.value;
  // The buyer chooses among the card's plans before it is charged: not seen yet for this
  // card, they are this answer, with everything typed kept and nothing tried.
  const bin = binOf(oTarjeta.cNumero);
  if (bin && form.get("cPlanesVistos") !== plansSeenValue(bin, cardOwnMethod)) {
    const answer = await linkPlans(commerce, t, link, bin);
    if (answer.plans && answer.plans.Lista.length > 1) {
      return data({
        ...submission.reply({ hideFields }),
        cardPlans: answer,
        idempotencyKey: cClaveIdempotencia,
      });
    }
  }
  const confirmPath = paymentLinkConfirmPath(link);
  const charged = await commerce.call(endpoints.payByLink, {
    params: { id: link.processId, cClave: link.key },
    body: {
      cClaveIdempotencia,
      nCuotas,
      oTarjeta,
      cUrlRetorno: `${shopOrigin(request)}${confirmPath}`,
    },
    idempotencyKey: cClaveIdempotencia,
  });
  if (charged.ok) {
    if (charged.data.cEstado === "DESAFIO_3DS" && charged.data.cUrlDesafio) {
      return redirectDocument(charged.data.cUrlDesafio);
    }
    return redirect(confirmPath);
  }
  if (charged.code === "NOT_FOUND") throw notFound();
  // Without an answer the outcome is unknown: only the same key makes a retry safe.
  const key = charged.code === "TRANSPORT" ? cClaveIdempotencia : randomUUID();
  const declined = charged.code === "PAYMENT_DECLINED" || charged.code === "PAYMENT_FAILED";
  return data(
    {
      ...submission.reply({
        formErrors: [charged.message],
        fieldErrors: charged.fieldErrors,
        hideFields,
      }),
      idempotencyKey: key,
    },
    { status: declined ? 402 : unavailableNow(charged) ? 503 : 400 },
  );
}

/**
 * Pays the link on Bancard's card form: the terms accepted, the payment is opened (by the
 * link's key, no login) and the buyer types the card there, framed on the link's page or on
 * Bancard's own; Bancard sends them back to the link's result page, which needs no login.
 */
export async function payLinkOnBancardForm(
  shop: RequestContext,
  request: Request,
  link: PaymentLinkRef,
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: paymentLinkBancardForm });
  if (submission.status !== "success" || (await isSpam(form))) {
    return data({ ...submission.reply(), idempotencyKey: randomUUID() }, { status: 400 });
  }
  const { cClaveIdempotencia } = submission.value;
  const origin = shopOrigin(request);
  const opened = await shop.commerce.call(endpoints.payByLinkForm, {
    params: { id: link.processId, cClave: link.key },
    body: {
      cClaveIdempotencia,
      cUrlRetorno: `${origin}${paymentLinkConfirmPath(link)}`,
      cUrlCancelacion: `${origin}${paymentLinkPath(link)}`,
    },
    idempotencyKey: cClaveIdempotencia,
  });
  if (opened.ok) {
    if (opened.data.cEstado === "APROBADO") return redirect(paymentLinkConfirmPath(link));
    return sendToBancardForm(shop, opened.data, {
      scripted: isScripted(form),
      framedOn: paymentLinkPath(link),
    });
  }
  if (opened.code === "NOT_FOUND") throw notFound();
  const key = opened.code === "TRANSPORT" ? cClaveIdempotencia : randomUUID();
  return data(
    { ...submission.reply({ formErrors: [opened.message] }), idempotencyKey: key },
    { status: unavailableNow(opened) ? 503 : 400 },
  );
}
