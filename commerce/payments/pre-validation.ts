// PreValidacion: everything the charge would check, and the acquirer's check of the card,
// without charging — so the buyer hears about a wrong card, a plan the bank does not offer
// or a process that cannot be paid any more before any money moves, and what the charge
// will be (the amount, the plan's total, whether the bank will ask them to authenticate).
import type { Card, PreValidationResponse } from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import { businessError } from "../errors.ts";
import { type Language, translate } from "../i18n.ts";
import { log } from "../log.ts";
import { ownProcess } from "../purchase/process.ts";
import { acceptedCard } from "./card-plans.ts";
import { acquirerCard, chargeTerms } from "./charge-terms.ts";
import { refuseCardDataBesideBancard } from "./payment-providers.ts";
import type { PreValidation } from "./provider.ts";

export async function preValidate(
  deps: CommerceDeps,
  input: {
    processId: number;
    customerId: number;
    installments: number;
    card: Card;
    language: Language;
  },
): Promise<PreValidationResponse> {
  refuseCardDataBesideBancard(deps);
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  const card = await acceptedCard(deps, input.card.cNumero, "oTarjeta.cNumero");
  const terms = await chargeTerms(deps.db, deps.now(), process, {
    card,
    installments: input.installments,
    atCounter: false,
    way: "CARD_DATA",
  });
  let check: PreValidation;
  try {
    check = await deps.payments.preValidate({
      amount: terms.amount,
      installments: input.installments,
      card: acquirerCard(input.card),
    });
  } catch (error) {
    log.error({ err: error, processId: process.id }, "card pre-validation failed");
    throw businessError("PAYMENT_FAILED");
  }
  if (!check.valid) {
    const t = translate(input.language);
    throw businessError("CARD_VALIDATION_FAILED", {
      reason: t(`errors:paymentReasons.${check.reason}`, {
        defaultValue: t("errors:paymentReasons.unknown"),
      }),
    });
  }
  return {
    fMonto: terms.amount,
    nCuotas: input.installments,
    fTotalCuotas: terms.planTotal,
    cMarca: card.brand,
    cEmisor: card.issuer,
    cUltimos4: input.card.cNumero.slice(-4),
    lDesafio3DS: check.challenge,
  };
}

/**
 * PreValidacion2 of a wallet: everything the charge would check (the process can be paid,
 * a wallet method chosen), and that the wallet takes that brand; no money moves.
 */
export async function preValidateWallet(
  deps: CommerceDeps,
  input: { processId: number; customerId: number },
): Promise<{ amount: number; brand: string }> {
  const process = await ownProcess(deps.db, input.processId, input.customerId);
  const terms = await chargeTerms(deps.db, deps.now(), process, {
    card: null,
    installments: 1,
    atCounter: false,
    way: "WALLET",
  });
  const brand = terms.method?.code ?? "";
  if (!deps.wallet?.brands.some((offered) => offered === brand)) {
    throw businessError("PAYMENT_FAILED");
  }
  return { amount: terms.amount, brand };
}
