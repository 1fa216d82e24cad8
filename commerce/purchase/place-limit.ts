// How many places one customer may hold of one performance (issue 7: one request could hold
// 132 of a sector's 152 places). A process is measured after the take: what it holds of the
// performance already, plus what it asks for; a seat it holds and asks for again counts once.

export type TakeSize = {
  /** Places of the performance the process holds now (ids). */
  held: readonly number[];
  /** General-admission places asked for, all sectors together. */
  generalPlaces: number;
  /** Numbered seats asked for (ids). */
  seatIds: readonly number[];
};

export function placesAfterTake({ held, generalPlaces, seatIds }: TakeSize): number {
  const holding = new Set(held);
  const newSeats = new Set(seatIds.filter((id) => !holding.has(id)));
  return holding.size + generalPlaces + newSeats.size;
}

export function exceedsPlaceLimit(take: TakeSize, max: number): boolean {
  return placesAfterTake(take) > max;
}
