// Payment links: the clerk creates one (mailed to the buyer), the buyer reads and pays it
// without login (by card on Bancard's form, or the sandbox's card data). Thin handlers over payments/payment-links.ts.
import {
  createPaymentLinkEndpoint,
  payByLinkEndpoint,
  payByLinkFormEndpoint,
  paymentLinkCardPlansEndpoint,
  paymentLinkEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { sendLater } from "../mail/send-later.ts";
import { paymentLinkMail } from "../orders/payment-link-mail.ts";
import { paymentLinkCardPlans } from "../payments/card-plans.ts";
import {
  createPaymentLink,
  openLinkPaymentForm,
  payByLink,
  paymentLinkView,
} from "../payments/payment-links.ts";
import { acquirerFormAnswer, requireProvider } from "./acquirer-form.ts";
import { chargeAnswer } from "./purchase.ts";
import { implement } from "./register.ts";

export function paymentLinkHandlers(deps: CommerceDeps) {
  return [
    implement(createPaymentLinkEndpoint, async ({ params, body, customerId, language }) => {
      const link = await createPaymentLink(deps, {
        processId: params.id,
        customerId,
        request: body,
      });
      void sendLater(deps.mailer, "payment-link", () =>
        paymentLinkMail(deps, { processId: link.process.id, url: link.url, language }),
      );
      return {
        idProcesoDeCompra: link.process.id,
        cClave: link.key,
        cUrl: link.url,
        dVence: link.process.deadline.toISOString(),
      };
    }),

    implement(paymentLinkEndpoint, async ({ params, language }) =>
      paymentLinkView(deps, { processId: params.id, key: params.cClave }, language),
    ),

    implement(paymentLinkCardPlansEndpoint, async ({ params }) =>
      paymentLinkCardPlans(deps, {
        processId: params.id,
        key: params.cClave,
        bin: params.cardBin,
      }),
    ),

    implement(payByLinkEndpoint, async ({ params, body, language }) => {
      const { process, result } = await payByLink(deps, {
        processId: params.id,
        key: params.cClave,
        request: body,
        language,
      });
      return chargeAnswer(process.id, result);
    }),

    implement(payByLinkFormEndpoint, async ({ params, body, language }) => {
      requireProvider(deps);
      const { process, result } = await openLinkPaymentForm(deps, {
        processId: params.id,
        key: params.cClave,
        request: body,
        language,
      });
      return acquirerFormAnswer(process.id, result);
    }),
  ];
}
