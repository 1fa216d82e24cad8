// Keyboard movement on the seat map, as a pure model: rows in order from the stage, seats in
// order along each row. Left and right walk the row (across aisles, which only matter to
// "side by side"), up and down go to the row in front or behind and land on the seat nearest
// by x, so curved rows and rows of different lengths still feel straight. Rows are as the
// plan draws them: the stage is at the top, so "up" is towards it.

export type NavigableSeat = { placeId: number; rowIndex: number; seatIndex: number; x: number };

export type SeatNavigation = {
  rows: NavigableSeat[][];
  where: Map<number, { row: number; seat: number }>;
};

export type NavigationKey =
  | "ArrowLeft"
  | "ArrowRight"
  | "ArrowUp"
  | "ArrowDown"
  | "Home"
  | "End"
  | "PageUp"
  | "PageDown";

const navigationKeys = new Set<string>([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

export function isNavigationKey(key: string): key is NavigationKey {
  return navigationKeys.has(key);
}

export function navigationOf(seats: readonly NavigableSeat[]): SeatNavigation {
  const byRow = new Map<number, NavigableSeat[]>();
  for (const seat of seats) {
    const row = byRow.get(seat.rowIndex);
    if (row) row.push(seat);
    else byRow.set(seat.rowIndex, [seat]);
  }
  const rows = [...byRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row.sort((a, b) => a.seatIndex - b.seatIndex));
  const where = new Map<number, { row: number; seat: number }>();
  rows.forEach((row, r) => {
    row.forEach((seat, s) => {
      where.set(seat.placeId, { row: r, seat: s });
    });
  });
  return { rows, where };
}

function nearestByX(row: readonly NavigableSeat[], x: number): NavigableSeat {
  let best = row[0];
  for (const seat of row) {
    if (Math.abs(seat.x - x) < Math.abs(best.x - x)) best = seat;
  }
  return best;
}

/** The seat a key moves the focus to (the same seat at an edge). */
export function moveFrom(nav: SeatNavigation, placeId: number, key: NavigationKey): number {
  const at = nav.where.get(placeId);
  if (!at) return nav.rows[0]?.[0]?.placeId ?? placeId;
  const row = nav.rows[at.row];
  const seat = row[at.seat];
  switch (key) {
    case "ArrowLeft":
      return row[Math.max(0, at.seat - 1)].placeId;
    case "ArrowRight":
      return row[Math.min(row.length - 1, at.seat + 1)].placeId;
    case "Home":
      return row[0].placeId;
    case "End":
      return row[row.length - 1].placeId;
    case "ArrowUp":
      return at.row === 0 ? placeId : nearestByX(nav.rows[at.row - 1], seat.x).placeId;
    case "ArrowDown":
      return at.row === nav.rows.length - 1
        ? placeId
        : nearestByX(nav.rows[at.row + 1], seat.x).placeId;
    case "PageUp":
      return nearestByX(nav.rows[0], seat.x).placeId;
    case "PageDown":
      return nearestByX(nav.rows[nav.rows.length - 1], seat.x).placeId;
  }
}
