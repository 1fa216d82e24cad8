// Sectors are coloured by price: one band per distinct price, dearest first, so the same
// price always has the same colour on the plan, in the legend and in the sector list.

/** Fill (light, under dark text) and outline (at least 3:1 against white) of each band. */
export const bandColours = [
  { fill: "#fde68a", stroke: "#b45309" },
  { fill: "#bfdbfe", stroke: "#1d4ed8" },
  { fill: "#bbf7d0", stroke: "#15803d" },
  { fill: "#fbcfe8", stroke: "#be185d" },
  { fill: "#ddd6fe", stroke: "#6d28d9" },
  { fill: "#fed7aa", stroke: "#c2410c" },
] as const;

export const soldOutColours = { fill: "#e7e5e4", stroke: "#57534e" } as const;

/** The band of each price: 0 for the dearest; more prices than colours reuse them in turn. */
export function priceBands(prices: readonly number[]): Map<number, number> {
  const distinct = [...new Set(prices)].sort((a, b) => b - a);
  return new Map(distinct.map((price, index) => [price, index]));
}

export function bandColour(band: number) {
  return bandColours[band % bandColours.length];
}
