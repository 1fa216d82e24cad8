// What a card can pay the process with (Tarjetas2, and a payment link's Tarjetas): the
// acquirer's profile of its BIN and the plans its bank offers within the payment method,
// priced for the process's total now. The
// charge (charge.ts) prices the chosen plan again the same way, so what was shown is charged.
import type { CardPlans } from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError, fieldError } from "../errors.ts";
import { log } from "../log.ts";
import {
  deliveryTypeById,
  type PaymentMethodRule,
  paymentMethodById,
} from "../purchase/catalogues.ts";
import { ensureOpen, ownProcess, type ProcessRow } from "../purchase/process.ts";
import { priceHeldPlaces } from "../purchase/promotion-store.ts";
import { liveHeldPlaces } from "../purchase/view.ts";
import { counterMethodOf } from "./charge-terms.ts";
import { offeredPlans } from "./installment-plans.ts";
import { linkedProcess } from "./payment-links.ts";
import type { CardProfile } from "./provider.ts";

/** The acquirer's profile of a card by its first digits; a 400 on `field` when not accepted. */
export async function acceptedCard(
  deps: Pick<CommerceDeps, "payments">,
  digits: string,
  field: string,
): Promise<CardProfile> {
  let profile: CardProfile | null;
  try {
    profile = await deps.payments.cardProfile(digits.slice(0, 8));
  } catch (error) {
    log.error({ err: error }, "card lookup failed");
    throw businessError("PAYMENT_FAILED");
  }
  if (!profile) throw fieldError(field, "cardNotAccepted");
  return profile;
}

export async function cardPlans(
  deps: CommerceDeps,
  input: { processId: number; customerId: number; methodId: number; bin: string },
): Promise<CardPlans> {
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  const method = paymentMethodById(input.methodId);
  if (!method) throw fieldError("nFormaDePago", "paymentMethodRequired");
  if (method.kind !== "CARD") throw fieldError("nFormaDePago", "cardMethodRequired");
  return plansOfProcess(deps, process, () => method, input.bin);
}

/**
 * What a payment link's card can pay with: at the counter's terms, so the card's kind
 * chooses the method (charge-terms.ts), as when the link is paid.
 */
export async function paymentLinkCardPlans(
  deps: CommerceDeps,
  input: { processId: number; key: string; bin: string },
): Promise<CardPlans> {
  const { process } = await linkedProcess(deps, input.processId, input.key);
  return plansOfProcess(deps, process, counterMethodOf, input.bin);
}

async function plansOfProcess(
  deps: CommerceDeps,
  process: ProcessRow,
  methodOf: (card: CardProfile) => PaymentMethodRule | null,
  bin: string,
): Promise<CardPlans> {
  const now = deps.now();
  ensureOpen(process, now);
  const card = await acceptedCard(deps, bin, "cardBin");
  const method = methodOf(card);
  if (!method) throw fieldError("cardBin", "cardNotAccepted");
  const places = await liveHeldPlaces(deps.db, process.id, now);
  if (places.length === 0) throw businessError("PROCESS_EMPTY");
  const { totals } = await priceHeldPlaces(
    deps.db,
    process.id,
    places,
    deliveryTypeById(process.deliveryTypeId),
  );
  const offer = offeredPlans(card, method, totals.total);
  if ("mismatch" in offer) throw fieldError("cardBin", offer.mismatch);
  return {
    cMarca: card.brand,
    cEmisor: card.issuer,
    cTipo: card.kind === "DEBIT" ? "DEBITO" : "CREDITO",
    fMonto: totals.total,
    Lista: offer.plans.map((plan) => ({
      nCuotas: plan.count,
      listaImportes: plan.installments,
      fTotal: plan.total,
      fInteres: plan.interest,
      fTNA: plan.annualRatePercent,
      lSinInteres: plan.interest === 0,
    })),
  };
}
