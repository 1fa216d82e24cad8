// Installment plans (issue 11, FormaDePago/{n}/Tarjetas2/{cardBin}): what paying an amount in
// N installments costs under an issuer's annual nominal rate (TNA), as the buyer is shown it:
// the installment, the total and the interest, in whole pesos. Pure functions; the issuers'
// plans come from the acquirer (payments/).
//
// With interest, the installment follows French amortization (equal installments):
// P·i / (1 − (1 + i)^−n) with i = TNA / 12, rounded up to whole pesos (rounding down could
// charge less than the amount itself), and the total is n installments. Without interest the amount is split exactly: the first installments
// carry the odd pesos, so they add up to the amount and never differ by more than one.

export type PlanTerms = {
  /** How many monthly installments. */
  count: number;
  /** Annual nominal rate, in percent (0: no interest). */
  annualRatePercent: number;
};

export type PricedPlan = PlanTerms & {
  /** Each installment, first to last (they add up to `total`). */
  installments: number[];
  total: number;
  interest: number;
};

function assertTerms(amount: number, terms: PlanTerms) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`Amount must be a positive whole number of pesos, got ${amount}`);
  }
  if (!Number.isInteger(terms.count) || terms.count < 1 || terms.count > 60) {
    throw new RangeError(`Installments must be 1…60, got ${terms.count}`);
  }
  if (!Number.isFinite(terms.annualRatePercent) || terms.annualRatePercent < 0) {
    throw new RangeError(`Rate must be zero or more, got ${terms.annualRatePercent}`);
  }
}

/** The plan's installments, total and interest for `amount`. */
export function pricePlan(amount: number, terms: PlanTerms): PricedPlan {
  assertTerms(amount, terms);
  const { count } = terms;
  let installments: number[];
  if (terms.annualRatePercent === 0 || count === 1) {
    const base = Math.floor(amount / count);
    const odd = amount - base * count;
    installments = Array.from({ length: count }, (_, k) => base + (k < odd ? 1 : 0));
  } else {
    const monthly = terms.annualRatePercent / 100 / 12;
    const exact = (amount * monthly) / (1 - (1 + monthly) ** -count);
    // The tolerance keeps a float error from adding a peso to an exact result.
    installments = Array(count).fill(Math.ceil(exact - 1e-9));
  }
  const total = installments.reduce((sum, installment) => sum + installment, 0);
  return { ...terms, installments, total, interest: total - amount };
}

export type PlanOffer =
  | { plans: PricedPlan[] }
  /** A debit card under the credit method, or the other way round. */
  | { mismatch: "cardIsDebit" | "cardIsCredit" };

/**
 * The plans the buyer may choose for `amount`: the issuer's (from the acquirer's BIN lookup),
 * within the counts the payment method takes (a debit card pays at once), priced. One plan
 * always remains: paying in one installment.
 */
export function offeredPlans(
  card: { kind: "CREDIT" | "DEBIT"; plans: readonly PlanTerms[] },
  method: { code: string; installments: readonly number[] },
  amount: number,
): PlanOffer {
  if (method.code === "CREDIT_CARD" && card.kind === "DEBIT") return { mismatch: "cardIsDebit" };
  if (method.code === "DEBIT_CARD" && card.kind === "CREDIT") return { mismatch: "cardIsCredit" };
  const terms = card.plans.filter(
    (plan) => plan.count > 1 && method.installments.includes(plan.count),
  );
  const single = { count: 1, annualRatePercent: 0 };
  return {
    plans: [single, ...terms]
      .sort((a, b) => a.count - b.count)
      .map((plan) => pricePlan(amount, plan)),
  };
}
