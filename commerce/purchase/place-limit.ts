// How many places one customer may have of one performance (issue 7: one request could hold
// 132 of a sector's 152 places; issue 29: a cart and a booking each held the maximum). What
// counts is everything the customer has of it after the take: the places their running
// processes hold (carts and bookings alike, every tab), what they ask for, and — unless the
// shop turns it off — what they have already bought. A seat held and asked for again counts
// once.

export type TakeSize = {
  /** Places of the performance the customer's running processes hold now (ids). */
  held: readonly number[];
  /** Places of it they have bought (tickets of paid orders); 0 when none or not counted. */
  bought?: number;
  /** General-admission places asked for, all sectors together. */
  generalPlaces: number;
  /** Numbered seats asked for (ids). */
  seatIds: readonly number[];
};

/** The shop's rule: the maximum, and whether places already bought count towards it. */
export type PlaceLimit = { max: number; countsBought: boolean };

/** What the customer has of the performance before the take, as the rule counts it. */
export function placesCounted(
  { held, bought = 0 }: Pick<TakeSize, "held" | "bought">,
  countsBought: boolean,
): number {
  return new Set(held).size + (countsBought ? bought : 0);
}

export function placesAfterTake(take: TakeSize, countsBought = true): number {
  const holding = new Set(take.held);
  const newSeats = new Set(take.seatIds.filter((id) => !holding.has(id)));
  return placesCounted(take, countsBought) + take.generalPlaces + newSeats.size;
}

/** How many more places the customer may still take (0 once they reached the maximum). */
export function placesLeft(take: Pick<TakeSize, "held" | "bought">, limit: PlaceLimit): number {
  return Math.max(0, limit.max - placesCounted(take, limit.countsBought));
}

export function exceedsPlaceLimit(take: TakeSize, limit: PlaceLimit): boolean {
  return placesAfterTake(take, limit.countsBought) > limit.max;
}
