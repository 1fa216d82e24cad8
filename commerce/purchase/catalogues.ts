// The fixed catalogues of delivery types and payment methods. Names and descriptions are
// translated from locales/<lang>/commerce.json by code.

export type DeliveryTypeCode = "ETICKET" | "BOX_OFFICE" | "HOME";
export type DeliveryTypeRule = {
  id: number;
  code: DeliveryTypeCode;
  fee: number;
  /** Sent to one of the buyer's addresses: the courier needs it, and days to get there. */
  home?: { leadHours: number; countries: readonly string[] };
};

export const deliveryTypeRules: readonly DeliveryTypeRule[] = [
  { id: 1, code: "ETICKET", fee: 0 },
  { id: 2, code: "BOX_OFFICE", fee: 0 },
  // The city's courier delivers within the country and needs three days before the show.
  { id: 3, code: "HOME", fee: 2_500, home: { leadHours: 72, countries: ["AR"] } },
];

export function deliveryTypeById(id: number | null | undefined): DeliveryTypeRule | null {
  return deliveryTypeRules.find((type) => type.id === id) ?? null;
}

/**
 * Whether a delivery type may be chosen for a process: home delivery only online (the box
 * office's walk-in buyer takes the tickets there and then) and only when its earliest
 * performance is far enough away for the courier.
 */
export function deliveryOffered(
  rule: DeliveryTypeRule,
  process: { kind: "CART" | "BOX"; earliestStart: Date | null },
  now: Date,
): boolean {
  if (!rule.home) return true;
  if (process.kind === "BOX") return false;
  if (process.earliestStart === null) return true;
  return process.earliestStart.getTime() - now.getTime() >= rule.home.leadHours * 3_600_000;
}

/** Whether the courier of a home delivery goes to the address's country. */
export function deliversTo(rule: DeliveryTypeRule, country: string): boolean {
  return rule.home === undefined || rule.home.countries.includes(country);
}

export type PaymentMethodCode = "CREDIT_CARD" | "DEBIT_CARD" | WalletBrand | "PAYPAL";
/** The wallets the shop takes: two brands, each with its hosted page and return route. */
export type WalletBrand = "APAY" | "TIGO_MONEY";
export type PaymentMethodRule = {
  id: number;
  code: PaymentMethodCode;
  /**
   * A card is charged here (or typed on the acquirer's form); a wallet is paid on its own page
   * the payer is sent to; PayPal is approved on PayPal's page (payments/hosted-provider.ts).
   */
  kind: "CARD" | "WALLET" | "PAYPAL";
  /** The most the shop takes; each card's bank offers its own plans within these. */
  installments: readonly number[];
};

export const paymentMethodRules: readonly PaymentMethodRule[] = [
  { id: 1, code: "CREDIT_CARD", kind: "CARD", installments: [1, 3, 6, 12] },
  { id: 2, code: "DEBIT_CARD", kind: "CARD", installments: [1] },
  { id: 3, code: "APAY", kind: "WALLET", installments: [1] },
  { id: 4, code: "TIGO_MONEY", kind: "WALLET", installments: [1] },
  { id: 5, code: "PAYPAL", kind: "PAYPAL", installments: [1] },
];

/** The card methods: all the first calls (FormasDePago, Cobrar) know how to pay. */
export const cardMethodRules = paymentMethodRules.filter((method) => method.kind === "CARD");

export function paymentMethodById(id: number | null | undefined): PaymentMethodRule | null {
  return paymentMethodRules.find((method) => method.id === id) ?? null;
}

export function isWalletBrand(code: string): code is WalletBrand {
  return code === "APAY" || code === "TIGO_MONEY";
}
