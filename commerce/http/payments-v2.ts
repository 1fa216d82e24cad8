// The second payment calls (FormasDePago2, PreValidacion2, Cobrar2) and the wallet's return
// and notification: thin handlers over the one charge path (payments/charge.ts), the card
// and the wallet told apart by the body's cTipo.
import {
  type Charge2Response,
  charge2Endpoint,
  confirmWalletEndpoint,
  paymentMethods2Endpoint,
  preValidation2Endpoint,
  walletNotificationEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { translate } from "../i18n.ts";
import { type ChargeResult, charge } from "../payments/charge.ts";
import { confirmPayment, receiveNotification } from "../payments/payment-follow-up.ts";
import {
  BANCARD_PROVIDER,
  hostedProviderOf,
  isCardProvider,
  offeredPaymentMethods,
} from "../payments/payment-providers.ts";
import { latestPayment } from "../payments/payment-state.ts";
import { preValidate, preValidateWallet } from "../payments/pre-validation.ts";
import type { PaymentMethodRule } from "../purchase/catalogues.ts";
import { ownProcess } from "../purchase/process.ts";
import { implement } from "./register.ts";

const paymentKindOf = {
  CARD: "TARJETA",
  WALLET: "BILLETERA",
  PAYPAL: "PAYPAL",
} as const satisfies Record<PaymentMethodRule["kind"], string>;

/** A charge's result in the second shape: a page to go to is the bank's or the wallet's. */
export async function charge2Answer(
  deps: CommerceDeps,
  processId: number,
  result: ChargeResult,
): Promise<Charge2Response> {
  const base = { idProcesoDeCompra: processId, idPedido: null, cUrlRedireccion: null };
  if ("orderId" in result) return { ...base, cEstado: "APROBADO", idPedido: result.orderId };
  if ("challengeUrl" in result) {
    const payment = await latestPayment(deps.db, processId);
    const wallet = payment !== undefined && !isCardProvider(payment.provider);
    return {
      ...base,
      cEstado: wallet ? "REDIRECCION_BILLETERA" : "DESAFIO_3DS",
      cUrlRedireccion: result.challengeUrl,
    };
  }
  return { ...base, cEstado: "PENDIENTE" };
}

export function paymentV2Handlers(deps: CommerceDeps) {
  const answer = (processId: number, result: ChargeResult) =>
    charge2Answer(deps, processId, result);

  return [
    implement(paymentMethods2Endpoint, async ({ params, customerId, language }) => {
      await ownProcess(deps.db, params.id, customerId);
      const t = translate(language);
      const acquirerForm = hostedProviderOf(deps, BANCARD_PROVIDER) !== null;
      return {
        Lista: offeredPaymentMethods(deps).map((method) => ({
          nFormaDePago: method.id,
          cCodigo: method.code,
          cNombre: t(`commerce:paymentMethods.${method.code}`),
          cTipo: paymentKindOf[method.kind],
          lFormularioAdquirente: method.kind === "CARD" && acquirerForm,
          listaCuotas: [...method.installments],
          lRedireccion: method.kind !== "CARD",
        })),
      };
    }),

    implement(preValidation2Endpoint, async ({ params, body, customerId, language }) => {
      const caller = { processId: params.id, customerId };
      if (body.cTipo === "BILLETERA") {
        const checked = await preValidateWallet(deps, caller);
        return {
          cTipo: "BILLETERA" as const,
          fMonto: checked.amount,
          cBilletera: checked.brand,
          lRedireccion: true as const,
        };
      }
      const checked = await preValidate(deps, {
        ...caller,
        installments: body.nCuotas,
        card: body.oTarjeta,
        language,
      });
      return { cTipo: "TARJETA" as const, ...checked };
    }),

    implement(charge2Endpoint, async ({ params, body, customerId, language }) => {
      const common = {
        processId: params.id,
        customerId,
        key: body.cClaveIdempotencia,
        returnUrl: body.cUrlRetorno,
        language,
      };
      const result = await charge(
        deps,
        body.cTipo === "TARJETA"
          ? { ...common, installments: body.nCuotas, card: body.oTarjeta }
          : body.cTipo === "TARJETA_GUARDADA"
            ? { ...common, installments: body.nCuotas, savedCard: { aliasToken: body.cAliasToken } }
            : { ...common, installments: 1, wallet: true },
      );
      return answer(params.id, result);
    }),

    implement(confirmWalletEndpoint, async ({ params, customerId, language }) =>
      answer(params.id, await confirmPayment(deps, { processId: params.id, customerId, language })),
    ),

    // The signature covers the body as sent: it is read raw (Hono keeps it after parsing).
    implement(walletNotificationEndpoint, async ({ c }) =>
      receiveNotification(
        deps,
        await c.req.text(),
        deps.wallet ? (c.req.header(deps.wallet.notificationHeader) ?? null) : null,
        "WALLET",
      ),
    ),
  ];
}
