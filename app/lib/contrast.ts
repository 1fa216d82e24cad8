// WCAG 2.x contrast (relative luminance of sRGB colours), for checking the shop's colour
// choices in tests: 4.5:1 for text, 3:1 for focus indicators and other non-text parts.

/** "#rgb" or "#rrggbb" → [r, g, b] in 0–255. */
export function parseHexColour(hex: string): [number, number, number] {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) throw new Error(`not a hex colour: ${hex}`);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHexColour(hex).map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** From 1 (same luminance) to 21 (black on white), whichever colour is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}
