// A payment as the buyer is told about it (the process's oPago): the stored status and stage
// mapped to the contract's states, with the reason of a decline in the buyer's language.
import { desc, eq } from "drizzle-orm";
import type { PaymentState, PurchaseProcess } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { payments } from "../db/schema.ts";
import { type Language, translate } from "../i18n.ts";
import { CARD_PROVIDER } from "./payment-providers.ts";

type PaymentRow = Pick<
  typeof payments.$inferSelect,
  "status" | "stage" | "declineReason" | "redirectUrl"
>;

/** The payer called it off: at their bank (3-D Secure) or on the wallet's page. */
export const cancelledReasons = ["authentication_cancelled", "wallet_cancelled"];

export function paymentStateOf(payment: PaymentRow): PaymentState {
  switch (payment.status) {
    case "PENDING":
      if (payment.stage === "CHALLENGE") return "DESAFIO_3DS";
      return payment.stage === "AWAITING" ? "VERIFICANDO" : "PROCESANDO";
    case "APPROVED":
      return "APROBADO";
    case "REFUNDED":
    case "REFUND_FAILED":
      return "DEVUELTO";
    default:
      return cancelledReasons.includes(payment.declineReason ?? "") ? "CANCELADO" : "RECHAZADO";
  }
}

/** Why a payment was refused or given back, in the buyer's language; null otherwise. */
export function paymentReasonOf(
  payment: Pick<PaymentRow, "declineReason">,
  state: PaymentState,
  language: Language,
): string | null {
  if (state !== "RECHAZADO" && state !== "DEVUELTO") return null;
  const t = translate(language);
  return t(`errors:paymentReasons.${payment.declineReason ?? "unknown"}`, {
    defaultValue: t("errors:paymentReasons.unknown"),
  });
}

/** The process's latest payment (newest first), if any. */
export async function latestPayment(db: Executor, processId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.processId, processId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return payment;
}

/** The process's latest payment as its view shows it; null before any. */
export async function latestPaymentView(
  db: Executor,
  processId: number,
  language: Language,
): Promise<PurchaseProcess["oPago"]> {
  const payment = await latestPayment(db, processId);
  if (!payment) return null;
  const state = paymentStateOf(payment);
  return {
    cEstado: state,
    cMotivo: paymentReasonOf(payment, state, language),
    cUrlDesafio: state === "DESAFIO_3DS" ? payment.redirectUrl : null,
    cBilletera: walletNameOf(payment.provider, language),
  };
}

/** The wallet a payment was made with, named in the language; null for a card. */
export function walletNameOf(provider: string, language: Language): string | null {
  return provider === CARD_PROVIDER
    ? null
    : translate(language)(`commerce:paymentMethods.${provider}`);
}
