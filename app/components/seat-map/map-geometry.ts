// Where the drawn map starts: how big to draw seats (from the spacing in a row) and which
// seat has the focus first (a chosen one, else the free seat nearest the stage's focus).
import type { MapSeat, PlanPoint } from "./types";

/** Typical distance between neighbours in a row: seats are drawn a little smaller. */
export function seatSpacing(seats: readonly MapSeat[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < seats.length && gaps.length < 400; i++) {
    const a = seats[i - 1];
    const b = seats[i];
    if (a.rowIndex === b.rowIndex) gaps.push(Math.hypot(b.x - a.x, b.y - a.y));
  }
  if (gaps.length === 0) return 10;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] || 10;
}

/** The first free seat nearest the stage's focus: where the focus starts. */
export function startingSeat(
  seats: readonly MapSeat[],
  focus: PlanPoint,
  chosen: ReadonlySet<number>,
) {
  const first = seats.find((seat) => chosen.has(seat.placeId));
  if (first) return first.placeId;
  let best: MapSeat | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const seat of seats) {
    if (seat.state !== "FREE") continue;
    const distance = Math.hypot(seat.x - focus[0], seat.y - focus[1]);
    if (distance < bestDistance) {
      best = seat;
      bestDistance = distance;
    }
  }
  return (best ?? seats[0])?.placeId ?? 0;
}
