// Promotions (spec §7 "Functions and promotions"; issue 10): the rules as pure functions, in
// whole pesos. A ticket carries at most one promotion; different tickets of one purchase may
// carry different ones (multi-promotion). What a promotion gives:
// - PERCENT_OFF: the price less a percentage, rounded half up to whole pesos;
// - FIXED_PRICE: a set price, never more than the ticket's own;
// - N_FOR_M ("2×1"): of every `take` tickets carrying it, `take - pay` go free, the cheapest.
// Who may have it: with a code the buyer enters, for a customer attribute (residents,
// retirees…), between dates, within a quota of tickets (the quota is kept by the database
// with one conditional statement, as seats are: this only says whether it can still fit).

export type PromotionRule =
  | { kind: "PERCENT_OFF"; percent: number }
  | { kind: "FIXED_PRICE"; price: number }
  | { kind: "N_FOR_M"; take: number; pay: number };

export type Promotion = {
  id: number;
  rule: PromotionRule;
  /** The code the buyer must enter; null: none needed. Compared without case or spaces. */
  code: string | null;
  /** The customer attribute it is for (e.g. "RESIDENT", "RETIREE"); null: anyone. */
  forAttribute: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
  /** Tickets it may be given to in all; null: no limit. */
  quota: number | null;
  /** Tickets it was given to already (held or sold). */
  used: number;
};

export type PromotionRefusal =
  | "NOT_STARTED"
  | "ENDED"
  | "CODE_REQUIRED"
  | "CODE_WRONG"
  | "NOT_ELIGIBLE"
  | "QUOTA_EXHAUSTED";

export type PromotionRequest = {
  now: Date;
  /** The customer's attributes (documented residence, retirement…). */
  attributes: ReadonlySet<string>;
  /** The code the buyer typed, if any. */
  code?: string | null;
  /** How many tickets would carry it. */
  tickets: number;
};

export const normalizedCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();

/** Why the promotion cannot be given to these tickets now; null when it can. */
export function promotionRefusal(
  promotion: Promotion,
  request: PromotionRequest,
): PromotionRefusal | null {
  const at = request.now.getTime();
  if (promotion.validFrom && at < promotion.validFrom.getTime()) return "NOT_STARTED";
  if (promotion.validUntil && at >= promotion.validUntil.getTime()) return "ENDED";
  if (promotion.code !== null) {
    if (!request.code?.trim()) return "CODE_REQUIRED";
    if (normalizedCode(request.code) !== normalizedCode(promotion.code)) return "CODE_WRONG";
  }
  if (promotion.forAttribute !== null && !request.attributes.has(promotion.forAttribute)) {
    return "NOT_ELIGIBLE";
  }
  if (promotion.quota !== null && promotion.used + request.tickets > promotion.quota) {
    return "QUOTA_EXHAUSTED";
  }
  return null;
}

/** Percent of a price, rounded half up to whole pesos, in integers only. */
function percentOf(price: number, percent: number): number {
  return Math.floor((price * percent + 50) / 100);
}

export type Ticket = { price: number; promotionId: number | null };
export type PricedTicket = Ticket & { finalPrice: number; discount: number };

/**
 * Each ticket's price under its promotion, in the order given. A promotion id that is not in
 * `promotions` prices the ticket at its own price (the caller refuses such a choice first).
 */
export function priceTickets(
  tickets: readonly Ticket[],
  promotions: ReadonlyMap<number, Pick<Promotion, "rule">>,
): PricedTicket[] {
  const finalPrices = tickets.map((ticket) => {
    const rule = ticket.promotionId === null ? null : promotions.get(ticket.promotionId)?.rule;
    if (!rule) return ticket.price;
    if (rule.kind === "PERCENT_OFF") {
      const percent = Math.min(100, Math.max(0, rule.percent));
      return ticket.price - percentOf(ticket.price, percent);
    }
    if (rule.kind === "FIXED_PRICE") return Math.min(ticket.price, Math.max(0, rule.price));
    return ticket.price; // N_FOR_M: below, over the tickets that carry it
  });
  for (const [id, promotion] of promotions) {
    const { rule } = promotion;
    if (rule.kind !== "N_FOR_M" || rule.take <= 0 || rule.pay < 0 || rule.pay >= rule.take) {
      continue;
    }
    // Dearest first; in each full group of `take`, the last `take - pay` (cheapest) go free.
    const carrying = tickets
      .map((ticket, position) => ({ ticket, position }))
      .filter(({ ticket }) => ticket.promotionId === id)
      .sort((a, b) => b.ticket.price - a.ticket.price || a.position - b.position);
    const fullGroups = Math.floor(carrying.length / rule.take);
    for (let group = 0; group < fullGroups; group++) {
      for (let k = rule.pay; k < rule.take; k++) {
        finalPrices[carrying[group * rule.take + k].position] = 0;
      }
    }
  }
  return tickets.map((ticket, position) => ({
    ...ticket,
    finalPrice: finalPrices[position],
    discount: ticket.price - finalPrices[position],
  }));
}
