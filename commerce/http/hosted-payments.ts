// Payments a provider's own page takes (decision 0077): Bancard's card form and its saved
// cards, PayPal's order, and both providers' server-to-server confirmations. Thin handlers
// over the one charge path (payments/charge.ts) and its follow-up.
import { randomUUID } from "node:crypto";
import {
  acquirerFormEndpoint,
  apiHeaders,
  bancardConfirmationEndpoint,
  deleteCardEndpoint,
  payPalConfirmEndpoint,
  payPalOrderEndpoint,
  payPalWebhookEndpoint,
  registerCardEndpoint,
  savedCardsEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError } from "../errors.ts";
import { charge } from "../payments/charge.ts";
import { confirmPayment, receiveHostedNotification } from "../payments/payment-follow-up.ts";
import { BANCARD_PROVIDER, PAYPAL_PROVIDER } from "../payments/payment-providers.ts";
import { latestPayment } from "../payments/payment-state.ts";
import { deleteSavedCard, openCardRegistration, savedCardsOf } from "../payments/saved-cards.ts";
import { ownProcess } from "../purchase/process.ts";
import { acquirerFormAnswer, requireProvider } from "./acquirer-form.ts";
import { charge2Answer } from "./payments-v2.ts";
import { implement } from "./register.ts";

export function hostedPaymentHandlers(deps: CommerceDeps) {
  return [
    implement(acquirerFormEndpoint, async ({ params, body, customerId, language }) => {
      requireProvider(deps);
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

    implement(payPalOrderEndpoint, async ({ params, query, customerId, language, c }) => {
      requireProvider(deps, PAYPAL_PROVIDER);
      await ownProcess(deps.db, params.id, customerId);
      // Asked again while the buyer has not approved it yet: the same order, not a new one.
      const open = await latestPayment(deps.db, params.id);
      const waiting =
        open?.status === "PENDING" &&
        open.provider === PAYPAL_PROVIDER &&
        open.stage === "CHALLENGE";
      const key = waiting
        ? open.idempotencyKey
        : (c.req.header(apiHeaders.idempotencyKey) ?? randomUUID());
      const result = await charge(deps, {
        processId: params.id,
        customerId,
        key,
        installments: 1,
        hosted: { provider: PAYPAL_PROVIDER, cancelUrl: query.cUrlCancelacion },
        returnUrl: query.cUrlRetorno,
        language,
      });
      if (!("challengeUrl" in result)) throw businessError("PAYMENT_IN_PROGRESS");
      return {
        idProcesoDeCompra: params.id,
        cOrdenPayPal: result.providerReference ?? "",
        cUrlAprobacion: result.challengeUrl,
      };
    }),

    implement(payPalConfirmEndpoint, async ({ params, customerId, language }) =>
      charge2Answer(
        deps,
        params.id,
        await confirmPayment(deps, { processId: params.id, customerId, language }),
      ),
    ),

    implement(savedCardsEndpoint, async ({ customerId }) => ({
      Lista: (await savedCardsOf(deps, customerId)).map((card) => ({
        cAliasToken: card.aliasToken,
        cNumeroEnmascarado: card.maskedNumber,
        cMarca: card.brand,
        cVencimiento: card.expiry,
        cTipo: card.kind,
      })),
    })),

    implement(registerCardEndpoint, async ({ body, customerId }) => {
      const opened = await openCardRegistration(deps, { customerId, returnUrl: body.cUrlRetorno });
      return { cUrlFormulario: opened.embedUrl, cUrlPagina: opened.redirectUrl };
    }),

    implement(deleteCardEndpoint, async ({ params, customerId }) => {
      await deleteSavedCard(deps, { customerId, aliasToken: params.alias_token });
      return { lBorrada: true as const };
    }),

    // Read raw: the providers' proofs cover the body as sent (Hono keeps it after parsing).
    implement(bancardConfirmationEndpoint, async ({ c }) => {
      const body = await c.req.text();
      // Bancard's monitoring posts an empty body to see that the address answers: told
      // success (an error would raise its alarm), nothing read or changed (decision 0077).
      if (body.trim() === "") return c.json({ status: "success" });
      await receiveHostedNotification(deps, BANCARD_PROVIDER, body, c.req.raw.headers);
      // What Bancard expects back, processed now or a repeat.
      return c.json({ status: "success" });
    }),

    implement(payPalWebhookEndpoint, async ({ c }) =>
      receiveHostedNotification(deps, PAYPAL_PROVIDER, await c.req.text(), c.req.raw.headers),
    ),
  ];
}
