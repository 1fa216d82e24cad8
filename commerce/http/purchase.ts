// Purchase handlers: take and release places, extend the clock once, cancel, delivery,
// payment method, charge.
// Changing calls answer the process as the buyer now sees it.
import {
  acquirerNotificationEndpoint,
  answerQuestionsEndpoint,
  awaitingPaymentsEndpoint,
  type ChargeResponse,
  cancel3dsEndpoint,
  cancelChargeEndpoint,
  cardPlansEndpoint,
  chargeEndpoint,
  confirm3dsEndpoint,
  deliveryTypesEndpoint,
  extendEndpoint,
  invalidateEndpoint,
  payAgainEndpoint,
  payAgainFormEndpoint,
  paymentChangeEndpoint,
  paymentMethodsEndpoint,
  preValidationEndpoint,
  processEndpoint,
  processQuestionsEndpoint,
  releasePerformanceEndpoint,
  selectDeliveryEndpoint,
  selectPaymentMethodEndpoint,
  takePlacesEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import type { Language } from "../i18n.ts";
import { translate } from "../i18n.ts";
import { awaitingPayments } from "../payments/awaiting-payments.ts";
import { cardPlans } from "../payments/card-plans.ts";
import { type ChargeResult, charge } from "../payments/charge.ts";
import {
  cancelPayment,
  confirmPayment,
  mayPayAgain,
  receiveNotification,
} from "../payments/payment-follow-up.ts";
import { BANCARD_PROVIDER } from "../payments/payment-providers.ts";
import { preValidate } from "../payments/pre-validation.ts";
import { cardMethodRules } from "../purchase/catalogues.ts";
import { offeredDeliveryTypes, selectDelivery } from "../purchase/delivery.ts";
import {
  ownProcess,
  type ProcessRow,
  releasePerformance,
  selectPaymentMethod,
  takePlaces,
} from "../purchase/process.ts";
import { answerQuestions, processQuestions } from "../purchase/process-answers.ts";
import { extendProcess, invalidateProcess } from "../purchase/process-clock.ts";
import { loadProcessView } from "../purchase/view.ts";
import { ensureQueuePass } from "../queue/pass.ts";
import { acquirerFormAnswer, requireProvider } from "./acquirer-form.ts";
import { implement } from "./register.ts";

export function purchaseHandlers(deps: CommerceDeps) {
  const view = (process: ProcessRow, language: Language) =>
    loadProcessView(deps, process, language);

  return [
    implement(takePlacesEndpoint, async ({ params, body, customerId, language }) => {
      const take = { processId: params.id, customerId, request: body };
      await ensureQueuePass(deps, take);
      return view(await takePlaces(deps, take), language);
    }),

    implement(processEndpoint, async ({ params, customerId, language }) =>
      loadProcessView(deps, await ownProcess(deps.db, params.id, customerId), language, {
        withPayment: true,
      }),
    ),

    implement(releasePerformanceEndpoint, async ({ params, body, customerId, language }) => {
      const input = { processId: params.id, customerId, performanceId: body.idFuncion };
      return view(await releasePerformance(deps, input), language);
    }),

    implement(extendEndpoint, async ({ params, customerId, language }) =>
      view(await extendProcess(deps, { processId: params.id, customerId }), language),
    ),

    implement(invalidateEndpoint, async ({ params, body }) => ({
      idProcesoDeCompra: params.id,
      cEstado: await invalidateProcess(deps, { processId: params.id, key: body.cClaveInvalidar }),
    })),

    implement(deliveryTypesEndpoint, async ({ params, customerId, language }) => {
      const process = await ownProcess(deps.db, params.id, customerId);
      const t = translate(language);
      const offered = await offeredDeliveryTypes(deps.db, process, deps.now());
      return {
        Lista: offered.map((type) => ({
          idEntregaTipo: type.id,
          cCodigo: type.code,
          cNombre: t(`commerce:deliveryTypes.${type.code}.name`),
          cDescripcion: t(`commerce:deliveryTypes.${type.code}.description`),
          fPrecio: type.fee,
          lRequiereDomicilio: type.home !== undefined,
        })),
      };
    }),

    implement(selectDeliveryEndpoint, async ({ params, body, customerId, language }) => {
      const input = {
        processId: params.id,
        customerId,
        deliveryTypeId: body.idEntregaTipo,
        addressId: body.idClienteDomicilio,
      };
      return view(await selectDelivery(deps, input), language);
    }),

    implement(processQuestionsEndpoint, async ({ params, customerId, language }) => ({
      Lista: await processQuestions(deps, { processId: params.id, customerId }, language),
    })),

    implement(answerQuestionsEndpoint, async ({ params, body, customerId, language }) => ({
      Lista: await answerQuestions(
        deps,
        { processId: params.id, customerId, request: body },
        language,
      ),
    })),

    implement(paymentMethodsEndpoint, async ({ params, customerId, language }) => {
      await ownProcess(deps.db, params.id, customerId);
      const t = translate(language);
      return {
        Lista: cardMethodRules.map((method) => ({
          nFormaDePago: method.id,
          cCodigo: method.code,
          cNombre: t(`commerce:paymentMethods.${method.code}`),
          listaCuotas: [...method.installments],
        })),
      };
    }),

    implement(selectPaymentMethodEndpoint, async ({ params, body, customerId, language }) => {
      const input = { processId: params.id, customerId, paymentMethodId: body.nFormaDePago };
      return view(await selectPaymentMethod(deps, input), language);
    }),

    implement(cardPlansEndpoint, async ({ params, customerId }) =>
      cardPlans(deps, {
        processId: params.id,
        customerId,
        methodId: params.nFormaDePago,
        bin: params.cardBin,
      }),
    ),

    implement(preValidationEndpoint, async ({ params, body, customerId, language }) =>
      preValidate(deps, {
        processId: params.id,
        customerId,
        installments: body.nCuotas,
        card: body.oTarjeta,
        language,
      }),
    ),

    implement(chargeEndpoint, async ({ params, body, customerId, language }) =>
      chargeAnswer(
        params.id,
        await charge(deps, {
          processId: params.id,
          customerId,
          key: body.cClaveIdempotencia,
          installments: body.nCuotas,
          card: body.oTarjeta,
          returnUrl: body.cUrlRetorno,
          language,
        }),
      ),
    ),

    implement(confirm3dsEndpoint, async ({ params, customerId, language }) =>
      chargeAnswer(
        params.id,
        await confirmPayment(deps, { processId: params.id, customerId, language }),
      ),
    ),

    ...[cancel3dsEndpoint, cancelChargeEndpoint].map((endpoint) =>
      implement(endpoint, async ({ params, customerId, language }) =>
        chargeAnswer(
          params.id,
          await cancelPayment(deps, { processId: params.id, customerId, language }),
        ),
      ),
    ),

    implement(paymentChangeEndpoint, async ({ params, customerId, language }) => {
      const own = await ownProcess(deps.db, params.id, customerId);
      const process = await loadProcessView(deps, own, language, { withPayment: true });
      return {
        oProceso: process,
        lPuedePagar: mayPayAgain(process.cEstado, process.oPago ?? null),
      };
    }),

    implement(awaitingPaymentsEndpoint, async ({ customerId, language }) => ({
      Lista: await awaitingPayments(deps, customerId, language),
    })),

    implement(payAgainEndpoint, async ({ params, body, customerId, language }) => {
      const input = { processId: params.id, customerId, paymentMethodId: body.nFormaDePago };
      await selectPaymentMethod(deps, input);
      const result = await charge(deps, {
        processId: params.id,
        customerId,
        key: body.cClaveIdempotencia,
        installments: body.nCuotas,
        card: body.oTarjeta,
        returnUrl: body.cUrlRetorno,
        language,
      });
      return chargeAnswer(params.id, result);
    }),

    implement(payAgainFormEndpoint, async ({ params, body, customerId, language }) => {
      requireProvider(deps);
      const input = { processId: params.id, customerId, paymentMethodId: body.nFormaDePago };
      await selectPaymentMethod(deps, input);
      const result = await charge(deps, {
        processId: params.id,
        customerId,
        key: body.cClaveIdempotencia,
        installments: 1,
        hosted: { provider: BANCARD_PROVIDER, cancelUrl: body.cUrlCancelacion },
        returnUrl: body.cUrlRetorno,
        language,
      });
      return acquirerFormAnswer(params.id, result);
    }),

    // The signature covers the body as sent: it is read raw (Hono keeps it after parsing).
    implement(acquirerNotificationEndpoint, async ({ c }) =>
      receiveNotification(
        deps,
        await c.req.text(),
        c.req.header(deps.payments.notificationHeader) ?? null,
      ),
    ),
  ];
}

/** A charge's result as the API says it (Cobrar, Bancard/Confirmar3DS). */
export function chargeAnswer(
  processId: number,
  result: ChargeResult | { cancelled: true },
): ChargeResponse {
  const answer = { idProcesoDeCompra: processId, idPedido: null, cUrlDesafio: null };
  if ("cancelled" in result) return { ...answer, cEstado: "CANCELADO" };
  if ("orderId" in result) return { ...answer, cEstado: "APROBADO", idPedido: result.orderId };
  if ("challengeUrl" in result) {
    return { ...answer, cEstado: "DESAFIO_3DS", cUrlDesafio: result.challengeUrl };
  }
  return { ...answer, cEstado: "PENDIENTE" };
}
