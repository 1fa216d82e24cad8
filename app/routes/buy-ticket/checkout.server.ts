// The checkout's server side: read the process with what it can be paid with, and the
// actions of the screen (cancel, release a performance, pay). Paying is three calls in
// order: delivery, payment method, charge; the first refusal stops them and is shown on the
// form, keeping what the buyer typed (the security code aside).
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints, idPath, releasePerformanceRequest } from "@contract";
import { data, redirect } from "react-router";
import { checkoutForm } from "~/lib/forms";
import { notFound } from "~/lib/responses";
import { type CommerceResult, orThrow } from "~/services/commerce.server";
import type { RequestContext } from "~/services/request-context.server";

/** Leaves the checkout with a one-time notice (ended, expired or cancelled). */
function endPurchase({ session }: RequestContext, notice: string, to = "/payFinish") {
  session.unset("processId");
  session.flash("notice", notice);
  return redirect(to);
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
  if (process.cEstado === "EXPIRED") throw endPurchase(shop, "layout:notices.purchaseExpired");
  if (process.cEstado === "CANCELLED") throw endPurchase(shop, "layout:notices.purchaseCancelled");
  const [deliveryTypes, paymentMethods] = await Promise.all([
    commerce.call(endpoints.deliveryTypes, { params }),
    commerce.call(endpoints.paymentMethods, { params }),
  ]);
  return {
    process,
    deliveryTypes: orThrow(deliveryTypes).Lista,
    paymentMethods: orThrow(paymentMethods).Lista,
    // A fresh key per rendered form: a double submit reuses it and is charged once.
    idempotencyKey: randomUUID(),
  };
}

/** The card's security code is never sent back to the page. */
const hideFields = ["oTarjeta.cCodigoSeguridad"];

export async function checkoutAction(shop: RequestContext, processId: number, form: FormData) {
  const { commerce } = shop;
  const params = { id: processId };
  const intent = form.get("intent");

  if (intent === "cancel" || intent === "expired") {
    // Cancelling needs the process's key, which only its owner's view carries.
    const view = await commerce.call(endpoints.process, { params });
    if (view.ok) {
      const body = { cClaveInvalidar: view.data.cClaveInvalidar };
      await commerce.call(endpoints.invalidate, { params, body });
    }
    const notice =
      intent === "cancel" ? "layout:notices.purchaseCancelled" : "layout:notices.purchaseExpired";
    return endPurchase(shop, notice, "/");
  }

  if (intent === "release") {
    const body = releasePerformanceRequest.safeParse({ idFuncion: form.get("idFuncion") });
    if (!body.success) return data({ releaseError: true }, { status: 400 });
    await commerce.call(endpoints.releasePerformance, { params, body: body.data });
    return redirect(`/BuyTicket/${processId}`);
  }

  const submission = parseWithZod(form, { schema: checkoutForm });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { idEntregaTipo, nFormaDePago, nCuotas, oTarjeta, cClaveIdempotencia } = submission.value;
  const steps: Array<() => Promise<CommerceResult<unknown>>> = [
    () => commerce.call(endpoints.selectDelivery, { params, body: { idEntregaTipo } }),
    () => commerce.call(endpoints.selectPaymentMethod, { params, body: { nFormaDePago } }),
    () =>
      commerce.call(endpoints.charge, {
        params,
        body: { cClaveIdempotencia, nCuotas, oTarjeta },
        idempotencyKey: cClaveIdempotencia,
      }),
  ];
  for (const step of steps) {
    const result = await step();
    if (result.ok) continue;
    if (result.code === "PROCESS_EXPIRED")
      return endPurchase(shop, "layout:notices.purchaseExpired");
    if (result.code === "PROCESS_CANCELLED") {
      return endPurchase(shop, "layout:notices.purchaseCancelled");
    }
    const declined = result.code === "PAYMENT_DECLINED" || result.code === "PAYMENT_FAILED";
    return data(
      submission.reply({
        formErrors: [result.message],
        fieldErrors: result.fieldErrors,
        hideFields,
      }),
      { status: declined ? 402 : result.code === "TRANSPORT" ? 503 : 400 },
    );
  }
  shop.session.unset("processId");
  return redirect(`/BuyTicket/ok/${processId}`);
}
