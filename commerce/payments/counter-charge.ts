// The box office's charge (POST Proceso/{id}/CobrarBoleteria): a clerk sells what a BOX
// process holds to a walk-in buyer, in cash or by a card presented at the counter. It is the
// online charge (charge.ts: idempotency key, one settlement) with the counter's facts: no
// payment method to choose, e-ticket delivery (printed at once), the buyer on the order.
import type { BoxChargeFormRequest, BoxChargeRequest } from "../contract/index.ts";
import { requireBoxClerk } from "../customers/staff.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, notFound } from "../errors.ts";
import type { Language } from "../i18n.ts";
import { deliveryTypeRules } from "../purchase/catalogues.ts";
import { selectDelivery } from "../purchase/delivery.ts";
import { ownProcess, type ProcessRow } from "../purchase/process.ts";
import { type ChargeResult, charge } from "./charge.ts";
import { BANCARD_PROVIDER } from "./payment-providers.ts";

const printedAtOnce = deliveryTypeRules.find((type) => type.code === "ETICKET");

/** The clerk's own BOX process, its tickets printed at once (anything else is a 404). */
async function counterProcess(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
): Promise<ProcessRow> {
  await requireBoxClerk(deps.db, input.customerId);
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  // The clerk's own online purchase is not a counter sale.
  if (process.kind !== "BOX") throw notFound();
  if (process.status === "ACTIVE" && printedAtOnce && process.deliveryTypeId === null) {
    await selectDelivery(deps, { ...input, deliveryTypeId: printedAtOnce.id });
  }
  return process;
}

const buyerOf = (buyer: BoxChargeRequest["oComprador"]) => ({
  buyerName: buyer.cNombre,
  buyerEmail: buyer.cEmail || null,
});

export async function chargeAtCounter(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; request: BoxChargeRequest; language: Language },
): Promise<{ orderId: number }> {
  const process = await counterProcess(deps, input);
  const { request } = input;
  const result = await charge(deps, {
    processId: process.id,
    customerId: input.customerId,
    key: request.cClaveIdempotencia,
    installments: request.cMedioDePago === "EFECTIVO" ? 1 : request.nCuotas,
    card: request.cMedioDePago === "TARJETA_PRESENTE" ? request.oTarjeta : undefined,
    language: input.language,
    counter: {
      ...buyerOf(request.oComprador),
      medium: request.cMedioDePago === "EFECTIVO" ? "CASH" : "CARD_PRESENT",
    },
  });
  // A card at the counter is not challenged (no way back to a bank's page is given); one
  // whose bank decides later is told to the clerk as a payment still being processed.
  if (!("orderId" in result)) throw businessError("PAYMENT_IN_PROGRESS");
  return result;
}

/**
 * Opens the counter's card sale on Bancard's card form: the card is typed there (by the
 * buyer or the clerk), and when Bancard confirms the order is the walk-in buyer's card sale.
 */
export async function openCounterCardForm(
  deps: CommerceDeps,
  input: {
    processId: number;
    customerId: number;
    request: BoxChargeFormRequest;
    language: Language;
  },
): Promise<ChargeResult> {
  const process = await counterProcess(deps, input);
  const { request } = input;
  return charge(deps, {
    processId: process.id,
    customerId: input.customerId,
    key: request.cClaveIdempotencia,
    installments: 1,
    hosted: { provider: BANCARD_PROVIDER, cancelUrl: request.cUrlCancelacion },
    returnUrl: request.cUrlRetorno,
    language: input.language,
    counter: { ...buyerOf(request.oComprador), medium: "CARD" },
  });
}
