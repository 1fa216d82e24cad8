// How a promotion's rule reads to a buyer ("25 % off", "2 for 1", "Fixed price $3,000"),
// shared by the promotions page and the checkout.
import type { PromotionRuleView } from "@contract";
import { formatPrice } from "./format";

type T = (key: string, options?: Record<string, unknown>) => string;

export function ruleText(rule: PromotionRuleView, t: T): string {
  if (rule.cTipo === "PERCENT_OFF")
    return t("checkout:promotions.rule.percentOff", { percent: rule.nPorcentaje });
  if (rule.cTipo === "FIXED_PRICE") {
    return t("checkout:promotions.rule.fixedPrice", { price: formatPrice(rule.fPrecio) });
  }
  return t("checkout:promotions.rule.nForM", { take: rule.nLleva, pay: rule.nPaga });
}
