/** The name of the quantity field of a product on the checkout (form and action agree). */
export const productField = (productId: number) => `product-${productId}`;

/** A quantity as typed: a whole number of units, 0…20 (the API checks stock and limits). */
export function typedQuantity(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity <= 20 ? quantity : null;
}
