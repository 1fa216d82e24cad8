// "N best seats" (issue 9): which free seats of a sector, or of the whole hall, to give a
// buyer who did not choose them. Pure: the caller loads the seats and holds the answer.
//
// - Adjacent means one row of one block (between aisles) with consecutive seatIndex, never
//   "close in x": curved rows and rows broken by an aisle are judged by their order only.
// - A group is better when it takes no wheelchair/companion place (ordinary buyers), no
//   restricted-view seat, leaves no single free seat stranded beside it, and its centre is
//   nearer the stage's focus — in that order.
// - With no N adjacent seats left: the N best seats in as few runs as possible, each run
//   chosen as above (contiguous: false).
// - A wheelchair request: one WHEELCHAIR place and, for the rest, its own companion seats
//   first, then the free seats nearest it.

export type SeatKind = "SEAT" | "WHEELCHAIR" | "COMPANION";

export type CandidateSeat = {
  id: number;
  /** Rows are per sector: in the whole hall, seats of different sectors are never adjacent. */
  sectorId?: number;
  rowIndex: number;
  seatIndex: number;
  block: number;
  x: number;
  y: number;
  kind: SeatKind;
  /** A companion seat's wheelchair place (its id in this same list). */
  companionOf: number | null;
  restrictedView?: boolean;
  free: boolean;
};

export type BestAvailableRequest = {
  seats: readonly CandidateSeat[];
  /** The stage's focus point, in the seats' drawing units. */
  focus: readonly [number, number];
  quantity: number;
  wheelchair?: boolean;
};

export type BestAvailable = { ids: number[]; contiguous: boolean };

/** Seats of one sector, row and block in seatIndex order: the only place adjacency exists. */
function runsOf(seats: readonly CandidateSeat[]): CandidateSeat[][] {
  const rows = new Map<string, CandidateSeat[]>();
  for (const seat of seats) {
    const key = `${seat.sectorId ?? 0}:${seat.rowIndex}:${seat.block}`;
    const row = rows.get(key);
    if (row) row.push(seat);
    else rows.set(key, [seat]);
  }
  const runs: CandidateSeat[][] = [];
  for (const row of rows.values()) {
    row.sort((a, b) => a.seatIndex - b.seatIndex);
    let run: CandidateSeat[] = [];
    for (const seat of row) {
      const previous = run.at(-1);
      if (previous && seat.seatIndex !== previous.seatIndex + 1) {
        runs.push(run);
        run = [];
      }
      run.push(seat);
    }
    if (run.length > 0) runs.push(run);
  }
  return runs;
}

/** Maximal stretches of free seats side by side: a taken seat, an aisle or a row end bounds them. */
function freeStretches(seats: readonly CandidateSeat[]): CandidateSeat[][] {
  const stretches: CandidateSeat[][] = [];
  for (const run of runsOf(seats)) {
    let stretch: CandidateSeat[] = [];
    for (const seat of run) {
      if (seat.free) {
        stretch.push(seat);
      } else if (stretch.length > 0) {
        stretches.push(stretch);
        stretch = [];
      }
    }
    if (stretch.length > 0) stretches.push(stretch);
  }
  return stretches;
}

type Window = { seats: CandidateSeat[]; cost: number[] };

const isSpecial = (seat: CandidateSeat) => seat.kind !== "SEAT";

function distanceToFocus(seats: readonly CandidateSeat[], focus: readonly [number, number]) {
  const x = seats.reduce((sum, s) => sum + s.x, 0) / seats.length;
  const y = seats.reduce((sum, s) => sum + s.y, 0) / seats.length;
  return Math.hypot(x - focus[0], y - focus[1]);
}

/** Lexicographic: the first differing term decides; ids break exact ties (deterministic). */
function compareCosts(a: Window, b: Window): number {
  for (let i = 0; i < a.cost.length; i++) {
    if (a.cost[i] !== b.cost[i]) return a.cost[i] - b.cost[i];
  }
  return a.seats[0].id - b.seats[0].id;
}

/**
 * The best `size` side-by-side free seats among `usable`, or null. `usable` says which free
 * seats may be given; the stretches are of every free seat, so a seat left stranded next to
 * an unusable one still counts as stranded.
 */
function bestWindow(
  stretches: readonly CandidateSeat[][],
  size: number,
  usable: (seat: CandidateSeat) => boolean,
  focus: readonly [number, number],
): Window | null {
  let best: Window | null = null;
  for (const stretch of stretches) {
    for (let start = 0; start + size <= stretch.length; start++) {
      const seats = stretch.slice(start, start + size);
      if (!seats.every(usable)) continue;
      const after = stretch.length - start - size;
      const window: Window = {
        seats,
        cost: [
          seats.filter(isSpecial).length,
          seats.filter((s) => s.restrictedView).length,
          (start === 1 ? 1 : 0) + (after === 1 ? 1 : 0),
          distanceToFocus(seats, focus),
        ],
      };
      if (!best || compareCosts(window, best) < 0) best = window;
    }
  }
  return best;
}

/** The longest run of usable free seats side by side, capped at `limit`. */
function longestUsableRun(
  stretches: readonly CandidateSeat[][],
  usable: (seat: CandidateSeat) => boolean,
  limit: number,
): number {
  let longest = 0;
  for (const stretch of stretches) {
    let current = 0;
    for (const seat of stretch) {
      current = usable(seat) ? current + 1 : 0;
      longest = Math.max(longest, current);
    }
  }
  return Math.min(longest, limit);
}

function bestForOrdinary(request: BestAvailableRequest): BestAvailable | null {
  const { quantity, focus } = request;
  const free = request.seats.filter((s) => s.free);
  if (free.length < quantity) return null;
  // Wheelchair and companion places stay for those who need them while other seats remain.
  const ordinaryFree = free.filter((s) => !isSpecial(s)).length;
  const usable = (seat: CandidateSeat) =>
    seat.free && (ordinaryFree < quantity || !isSpecial(seat));

  const together = bestWindow(freeStretches(request.seats), quantity, usable, focus);
  if (together) return { ids: together.seats.map((s) => s.id), contiguous: true };

  // Apart: the longest run still possible each time, so the buyer gets as few groups as can be.
  const taken = new Set<number>();
  const ids: number[] = [];
  let seats = request.seats;
  while (ids.length < quantity) {
    const stretches = freeStretches(seats);
    const size = longestUsableRun(stretches, usable, quantity - ids.length);
    const window = size > 0 ? bestWindow(stretches, size, usable, focus) : null;
    if (!window) return null;
    for (const seat of window.seats) {
      taken.add(seat.id);
      ids.push(seat.id);
    }
    seats = seats.map((s) => (taken.has(s.id) && s.free ? { ...s, free: false } : s));
  }
  return { ids, contiguous: false };
}

function bestForWheelchair(request: BestAvailableRequest): BestAvailable | null {
  const { quantity, focus } = request;
  const free = request.seats.filter((s) => s.free);
  if (free.length < quantity) return null;
  const companionsOf = new Map<number, CandidateSeat[]>();
  for (const seat of free) {
    if (seat.kind === "COMPANION" && seat.companionOf !== null) {
      companionsOf.set(seat.companionOf, [...(companionsOf.get(seat.companionOf) ?? []), seat]);
    }
  }
  const wanted = quantity - 1;
  const places = free
    .filter((s) => s.kind === "WHEELCHAIR")
    .map((place) => ({
      place,
      companions: Math.min(wanted, companionsOf.get(place.id)?.length ?? 0),
      cost: [place.restrictedView ? 1 : 0, distanceToFocus([place], focus)],
    }))
    // Most of its own companion seats free first, then a clear view, then nearest the stage.
    .sort(
      (a, b) =>
        b.companions - a.companions ||
        a.cost[0] - b.cost[0] ||
        a.cost[1] - b.cost[1] ||
        a.place.id - b.place.id,
    );
  const chosen = places[0];
  if (!chosen) return null;
  const { place } = chosen;
  const near = (a: CandidateSeat, b: CandidateSeat) =>
    Math.hypot(a.x - place.x, a.y - place.y) - Math.hypot(b.x - place.x, b.y - place.y) ||
    a.id - b.id;
  const own = (companionsOf.get(place.id) ?? []).sort(near).slice(0, wanted);
  const ownIds = new Set(own.map((s) => s.id));
  // Then the free seats nearest the place; other wheelchair places stay for others.
  const others = free
    .filter((s) => s.id !== place.id && !ownIds.has(s.id) && s.kind !== "WHEELCHAIR")
    .sort(near)
    .slice(0, wanted - own.length);
  if (own.length + others.length < wanted) return null;
  return {
    ids: [place.id, ...own.map((s) => s.id), ...others.map((s) => s.id)],
    contiguous: others.length === 0,
  };
}

/**
 * The best `quantity` free seats, or null when fewer are free (or, for a wheelchair, when no
 * wheelchair place is). Never a taken seat, never a seat twice.
 */
export function bestAvailable(request: BestAvailableRequest): BestAvailable | null {
  if (!Number.isInteger(request.quantity) || request.quantity < 1) return null;
  return request.wheelchair ? bestForWheelchair(request) : bestForOrdinary(request);
}

/** True when the seats (ids of `seats`) are one run side by side: same row and block, consecutive. */
export function areSideBySide(seats: readonly CandidateSeat[], ids: readonly number[]): boolean {
  const byId = new Map(seats.map((s) => [s.id, s]));
  const group = ids.map((id) => byId.get(id));
  if (group.some((s) => s === undefined) || group.length === 0) return false;
  const chosen = (group as CandidateSeat[]).sort((a, b) => a.seatIndex - b.seatIndex);
  const [first] = chosen;
  return chosen.every(
    (s, i) =>
      (s.sectorId ?? 0) === (first.sectorId ?? 0) &&
      s.rowIndex === first.rowIndex &&
      s.block === first.block &&
      s.seatIndex === first.seatIndex + i,
  );
}

/** True when `quantity` free ordinary seats side by side are left (a group could be given). */
export function hasSideBySide(seats: readonly CandidateSeat[], quantity: number): boolean {
  return longestUsableRun(freeStretches(seats), (s) => !isSpecial(s), quantity) >= quantity;
}
