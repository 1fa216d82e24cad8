// How a card plan's installments read to the buyer. Without interest an amount rarely splits
// evenly: the first installments carry the odd pesos (payments/installment-plans.ts), so
// "3 × $ 15.813" would promise a peso more than the total. Like a bank's statement, the text
// names each different installment and how many of it, so the figures shown always multiply
// and add up to the total shown, which is what the charge takes (charge-terms.ts prices the
// same plan).
import type { CardPlan } from "@contract";
import { formatPrice } from "./format";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A run of equal installments: `count` of `amount`. */
export type InstallmentRun = { count: number; amount: number };

/** Consecutive equal installments grouped, first to last: [15813, 15813, 15812] → 2 and 1. */
export function installmentRuns(amounts: readonly number[]): InstallmentRun[] {
  const runs: InstallmentRun[] = [];
  for (const amount of amounts) {
    const last = runs.at(-1);
    if (last && last.amount === amount) last.count += 1;
    else runs.push({ count: 1, amount });
  }
  return runs;
}

/** The option's text for one plan, in the page's language. */
export function planLabel(plan: CardPlan, t: T, locale: string): string {
  const runs = installmentRuns(plan.listaImportes);
  const money = {
    count: plan.nCuotas,
    total: formatPrice(plan.fTotal),
    interest: formatPrice(plan.fInteres),
    rate: plan.fTNA,
  };
  if (plan.nCuotas === 1) return t("checkout:card.planSingle", money);
  if (runs.length <= 1) {
    const installment = formatPrice(runs[0]?.amount ?? plan.fTotal);
    return plan.lSinInteres
      ? t("checkout:card.planFree", { ...money, installment })
      : t("checkout:card.planInterest", { ...money, installment });
  }
  const installments = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    runs.map((run) =>
      t("checkout:card.installmentRun", { count: run.count, amount: formatPrice(run.amount) }),
    ),
  );
  return plan.lSinInteres
    ? t("checkout:card.planFreeUneven", { ...money, installments })
    : t("checkout:card.planInterestUneven", { ...money, installments });
}
