// The installments as the buyer reads them: every figure shown, times how many of it, adds up
// to the total shown, for any amount and plan the API prices (and the charge takes).
import type { CardPlan } from "@contract";
import fc from "fast-check";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/services/i18n.server";
import { pricePlan } from "../../commerce/payments/installment-plans.ts";
import { formatPrice } from "./format";
import { installmentRuns, planLabel } from "./installments";
import { supportedLocales } from "./locales";

/** A plan as Tarjetas2 answers it (payments/card-plans.ts). */
function cardPlan(amount: number, count: number, rate: number): CardPlan {
  const priced = pricePlan(amount, { count, annualRatePercent: rate });
  return {
    nCuotas: count,
    listaImportes: priced.installments,
    fTotal: priced.total,
    fInteres: priced.interest,
    fTNA: rate,
    lSinInteres: rate === 0,
  };
}

const tOf = (locale: (typeof supportedLocales)[number]) =>
  i18nFor(locale).getFixedT(null, null) as TFunction;

/** "$ 15.813" → 15813. */
const pesos = (text: string) => Number(text.replace(/[^0-9]/g, ""));

/** The runs a label states ("2 de $ 15.813 y 1 de $ 15.812"), or its one installment. */
function statedRuns(label: string, count: number) {
  const runs = [...label.matchAll(/(\d+) (?:de|of) (\$\s[\d.]+)/g)].map((m) => ({
    count: Number(m[1]),
    amount: pesos(m[2]),
  }));
  if (runs.length > 0) return runs;
  const single = label.match(/ (?:de|of) (\$\s[\d.]+)/);
  return [{ count, amount: pesos(single?.[1] ?? "") }];
}

const amounts = fc.integer({ min: 1, max: 5_000_000 });
const counts = fc.constantFrom(2, 3, 6, 9, 12, 18, 24);
const rates = fc.constantFrom(0, 0, 24, 48, 72);

describe("installmentRuns", () => {
  it("groups equal installments in order, losing none", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 30 }), (list) => {
        const runs = installmentRuns(list);
        expect(runs.flatMap((run) => Array(run.count).fill(run.amount))).toEqual(list);
        for (let k = 1; k < runs.length; k++) expect(runs[k].amount).not.toBe(runs[k - 1].amount);
      }),
    );
  });

  it("of a priced plan, multiply and add up to its total; at most two, a peso apart", () => {
    fc.assert(
      fc.property(amounts, counts, rates, (amount, count, rate) => {
        const plan = cardPlan(amount, count, rate);
        const runs = installmentRuns(plan.listaImportes);
        expect(runs.reduce((sum, run) => sum + run.count * run.amount, 0)).toBe(plan.fTotal);
        expect(runs.length).toBeLessThanOrEqual(2);
        if (runs.length === 2) expect(runs[0].amount - runs[1].amount).toBe(1);
      }),
    );
  });
});

describe("planLabel", () => {
  it("says which installment differs, as banks do (the issue's $ 47.438 in 3)", () => {
    const plan = cardPlan(47_438, 3, 0);
    const nbsp = (text: string) => text.replace(/ \$ /g, " $\u00a0");
    expect(planLabel(plan, tOf("es"), "es")).toBe(
      nbsp("3 cuotas sin interés: 2 de $ 15.813 y 1 de $ 15.812 (total $ 47.438)"),
    );
    expect(planLabel(plan, tOf("en"), "en")).toBe(
      nbsp("3 interest-free installments: 2 of $ 15.813 and 1 of $ 15.812 (total $ 47.438)"),
    );
    expect(planLabel(plan, tOf("pt"), "pt")).toBe(
      nbsp("3 parcelas sem juros: 2 de $ 15.813 e 1 de $ 15.812 (total $ 47.438)"),
    );
  });

  it("keeps the short text when the installments are equal", () => {
    expect(planLabel(cardPlan(47_439, 3, 0), tOf("es"), "es")).toBe(
      `3 cuotas sin interés de ${formatPrice(15_813)} (total ${formatPrice(47_439)})`,
    );
  });

  it("in every language, states installments that add up to the total it states", () => {
    fc.assert(
      fc.property(
        amounts,
        counts,
        rates,
        fc.constantFrom(...supportedLocales),
        (amount, count, rate, locale) => {
          const plan = cardPlan(amount, count, rate);
          const label = planLabel(plan, tOf(locale), locale);
          const total = pesos(label.match(/total (\$\s[\d.]+)/)?.[1] ?? "");
          expect(total).toBe(plan.fTotal);
          const runs = statedRuns(label, count);
          expect(runs.reduce((sum, run) => sum + run.count, 0)).toBe(count);
          expect(runs.reduce((sum, run) => sum + run.count * run.amount, 0)).toBe(total);
        },
      ),
      { numRuns: 300 },
    );
  });
});
