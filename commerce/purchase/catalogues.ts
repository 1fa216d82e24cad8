// The fixed catalogues of delivery types and payment methods. Names and descriptions are
// translated from locales/<lang>/commerce.json by code.

export type DeliveryTypeCode = "ETICKET" | "BOX_OFFICE";
export type DeliveryTypeRule = { id: number; code: DeliveryTypeCode; fee: number };

export const deliveryTypeRules: readonly DeliveryTypeRule[] = [
  { id: 1, code: "ETICKET", fee: 0 },
  { id: 2, code: "BOX_OFFICE", fee: 0 },
];

export function deliveryTypeById(id: number | null | undefined): DeliveryTypeRule | null {
  return deliveryTypeRules.find((type) => type.id === id) ?? null;
}

export type PaymentMethodCode = "CREDIT_CARD" | "DEBIT_CARD";
export type PaymentMethodRule = {
  id: number;
  code: PaymentMethodCode;
  /** The most the shop takes; each card's bank offers its own plans within these. */
  installments: readonly number[];
};

export const paymentMethodRules: readonly PaymentMethodRule[] = [
  { id: 1, code: "CREDIT_CARD", installments: [1, 3, 6, 12] },
  { id: 2, code: "DEBIT_CARD", installments: [1] },
];

export function paymentMethodById(id: number | null | undefined): PaymentMethodRule | null {
  return paymentMethodRules.find((method) => method.id === id) ?? null;
}
