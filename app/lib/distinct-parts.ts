// A line built from parts ("Tertulia · Entrada general", "Código Cultura — 25 % menos") says
// each thing once: a sector named "Entrada general" is not followed by "Entrada general"
// again, nor a promotion named "2×1" by its rule "2×1".

const comparable = (text: string) => text.replace(/\s+/g, " ").trim().toLocaleLowerCase();

/** The parts without those that repeat an earlier one (in any capitals or spacing), nor empty ones. */
export function distinctParts(parts: readonly string[]): string[] {
  const seen = new Set<string>();
  return parts.filter((part) => {
    const key = comparable(part);
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
