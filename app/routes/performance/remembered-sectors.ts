// The numbered sector a buyer last opened on each performance, so that coming back to it
// (after the cart, a login, the checkout) opens on those seats again (§2 "seat map shown
// automatically", flag seatMapAutoShow). Kept in the session (decision 0072), which is
// written only when it changes.

/** The hall link's query: ?sector= with no id is the buyer's choice of the whole hall. */
export const wholeHallQuery = "?sector=";

/** Performance id → sector id, the most recently opened first. */
export type RememberedSectors = ReadonlyArray<readonly [performanceId: number, sectorId: number]>;

/** Enough for a buyer going back and forth between a few performances; the cookie stays small. */
export const rememberedPerformances = 5;

const isId = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0;

/** The session's value as read; anything else (an older session's) is none. */
export function rememberedSectorsOf(value: unknown): RememberedSectors {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is [number, number] =>
        Array.isArray(entry) && entry.length === 2 && isId(entry[0]) && isId(entry[1]),
    )
    .slice(0, rememberedPerformances);
}

export function rememberedSectorOf(list: RememberedSectors, performanceId: number): number | null {
  return list.find(([performance]) => performance === performanceId)?.[1] ?? null;
}

/**
 * The list after a visit that opened `sectorId` (null: the buyer chose the whole hall, which
 * forgets the performance's sector).
 */
export function afterOpening(
  list: RememberedSectors,
  performanceId: number,
  sectorId: number | null,
): RememberedSectors {
  if (list[0]?.[0] === performanceId && list[0][1] === sectorId) return list;
  const others = list.filter(([performance]) => performance !== performanceId);
  if (sectorId === null) return others.length === list.length ? list : others;
  return [[performanceId, sectorId] as const, ...others].slice(0, rememberedPerformances);
}
