// What a hall generator returns, and the geometry every shape shares.
//
// Conventions (all generators):
// - Plan units are decimetres (10 cm); x grows to the right, y downwards; the stage is drawn
//   at the top of the plan and its `focus` is the middle of its front edge.
// - Rows are lettered from the stage outwards: A is the row nearest the stage, then B, C…
//   past Z come AA, AB… (spreadsheet style). Boxes are rows of their own, labelled P1, P2…
// - Seats are numbered 1, 2, 3… from left to right as the seated spectator sees it, facing
//   the stage; numbers run on across an aisle. rowIndex counts rows from the stage (0 first)
//   and seatIndex seats along the row (0 leftmost); a sector's seats are listed in
//   (rowIndex, seatIndex) order.
// - A block is a run of seats between aisles: within a row, seats of one block with
//   consecutive seatIndex sit side by side.
// - A companion seat points at its wheelchair place by the place's index in the sector's
//   `seats` list, and sits right beside it in the same row and block.

import type { LocalizedText } from "../../db/schema.ts";
import type { PlanPoint, StagePlan } from "../../db/schema-halls.ts";

export type SeatKind = "SEAT" | "WHEELCHAIR" | "COMPANION";

export type SeatPlan = {
  row: string;
  number: number;
  rowIndex: number;
  seatIndex: number;
  block: number;
  x: number;
  y: number;
  kind: SeatKind;
  /** For a COMPANION seat: the index of its wheelchair place in the sector's seats. */
  companionOf: number | null;
  restrictedView: boolean;
};

/** How the 360° view from a sector is drawn and described. */
export type SectorView = {
  description: LocalizedText;
  /** Height of a seated spectator's eyes above the sector's floor, in plan units. */
  eyeHeight: number;
  /** Where the view is taken from (the sector's label point when absent). */
  viewpoint?: PlanPoint;
};

export type SectorPlan = {
  code: string;
  name: string;
  kind: "GENERAL" | "NUMBERED";
  outline: PlanPoint[];
  label: PlanPoint;
  view360: SectorView | null;
  /** Empty for a GENERAL sector. */
  seats: SeatPlan[];
  /** Height of the sector's floor above the stalls' (balconies, terraces), for the views. */
  floorHeight: number;
  /** How much each row stands above the one in front (stepped stands), for the views. */
  rowRise?: number;
};

export type HallPlan = {
  width: number;
  height: number;
  stage: StagePlan;
  /** Open air (sky in the views) or a roofed hall. */
  outdoor: boolean;
  sectors: SectorPlan[];
};

export const stageLabel: LocalizedText = { es: "Escenario", en: "Stage", pt: "Palco" };

const round = (n: number) => Math.round(n * 10) / 10;

/** A, B, … Z, AA, AB, … for rowIndex 0, 1, … */
export function rowLetter(rowIndex: number): string {
  let n = rowIndex + 1;
  let label = "";
  while (n > 0) {
    const digit = (n - 1) % 26;
    label = String.fromCharCode(65 + digit) + label;
    n = Math.floor((n - 1) / 26);
  }
  return label;
}

/** A seat's place before it is numbered: where it is and in which block of its row. */
export type PlacedSeat = { x: number; y: number; block: number };

/**
 * Seats of an arc row around `center`, angle 0 pointing down the plan (away from a stage at
 * the top) and growing to the spectator's right. Each block is an angular interval; its seats
 * are spread `pitch` apart along the arc and centred in it.
 */
export function arcRow(
  center: PlanPoint,
  radius: number,
  blocks: { from: number; to: number }[],
  pitch: number,
): PlacedSeat[] {
  const seats: PlacedSeat[] = [];
  blocks.forEach(({ from, to }, block) => {
    // Each seat takes `pitch` of the arc, so the end seats keep half a seat from the aisle.
    const length = (to - from) * radius;
    const count = Math.floor(length / pitch);
    if (count <= 0) return;
    const used = (count - 1) * pitch;
    const start = from + (length - used) / 2 / radius;
    for (let i = 0; i < count; i++) {
      const angle = start + (i * pitch) / radius;
      seats.push({
        x: round(center[0] + radius * Math.sin(angle)),
        y: round(center[1] + radius * Math.cos(angle)),
        block,
      });
    }
  });
  return seats;
}

/**
 * An arc row of blocks with given seat counts, centred on angle 0, with aisles between the
 * blocks: the simple halls' rows, which keep a fixed number of seats per row.
 */
export function centredArcRow(
  center: PlanPoint,
  radius: number,
  counts: number[],
  pitch: number,
  aisleWidth: number,
): PlacedSeat[] {
  const total = counts.reduce((sum, n) => sum + n, 0) * pitch + (counts.length - 1) * aisleWidth;
  let along = -total / 2 + pitch / 2;
  const seats: PlacedSeat[] = [];
  counts.forEach((count, block) => {
    for (let i = 0; i < count; i++) {
      const angle = along / radius;
      seats.push({
        x: round(center[0] + radius * Math.sin(angle)),
        y: round(center[1] + radius * Math.cos(angle)),
        block,
      });
      along += pitch;
    }
    along += aisleWidth;
  });
  return seats;
}

/** Angular blocks of an arc row between `from` and `to`, split by aisles `aisleWidth` wide. */
export function blocksBetween(
  radius: number,
  from: number,
  to: number,
  aisles: number[],
  aisleWidth: number,
): { from: number; to: number }[] {
  const half = aisleWidth / 2 / radius;
  const edges = [from, ...aisles.flatMap((a) => [a - half, a + half]), to];
  const blocks: { from: number; to: number }[] = [];
  for (let i = 0; i < edges.length; i += 2) blocks.push({ from: edges[i], to: edges[i + 1] });
  return blocks;
}

/** Numbers placed rows (nearest the stage first, each left to right) into seats. */
export function numberRows(
  rows: PlacedSeat[][],
  rowLabel: (rowIndex: number) => string = rowLetter,
): SeatPlan[] {
  return rows.flatMap((row, rowIndex) =>
    row.map((seat, seatIndex) => ({
      row: rowLabel(rowIndex),
      number: seatIndex + 1,
      rowIndex,
      seatIndex,
      block: seat.block,
      x: seat.x,
      y: seat.y,
      kind: "SEAT" as const,
      companionOf: null,
      restrictedView: false,
    })),
  );
}

/**
 * Turns seats of a row into two wheelchair places with their companion seats, one on each
 * side of the aisle after `block`: the seat at the aisle becomes the wheelchair place (it is
 * reached from the aisle) and its neighbour in the same block the companion.
 */
export function addWheelchairPlacesAtAisle(
  seats: SeatPlan[],
  rowIndex: number,
  block: number,
): void {
  const sides = [
    { block, at: "last" },
    { block: block + 1, at: "first" },
  ] as const;
  for (const { block, at } of sides) {
    const run = seats
      .map((seat, index) => ({ seat, index }))
      .filter(({ seat }) => seat.rowIndex === rowIndex && seat.block === block);
    if (run.length < 2) continue;
    const wheelchair = at === "first" ? run[0] : run[run.length - 1];
    const companion = at === "first" ? run[1] : run[run.length - 2];
    wheelchair.seat.kind = "WHEELCHAIR";
    companion.seat.kind = "COMPANION";
    companion.seat.companionOf = wheelchair.index;
  }
}

type Vector = [number, number];

const unit = ([x, y]: Vector): Vector => {
  const length = Math.hypot(x, y) || 1;
  return [x / length, y / length];
};

/**
 * A polygon hugging rows of seats with `margin` around them: the first row's front edge,
 * the rows' right ends, the last row's back edge, the rows' left ends. Rows must be nested
 * (each one behind the previous), which every generator's rows are.
 */
export function outlineAroundRows(
  rows: PlacedSeat[][],
  focus: PlanPoint,
  margin: number,
): PlanPoint[] {
  const frames = rows
    .filter((row) => row.length > 0)
    .map((row) => {
      const points = row.map((s): Vector => [s.x, s.y]);
      const toFocus = unit([focus[0] - points[0][0], focus[1] - points[0][1]]);
      // Along the row at each seat (from its neighbours), and the normal towards the stage.
      const along = points.map((_, i): Vector => {
        if (points.length === 1) return [-toFocus[1], toFocus[0]];
        const a = points[Math.max(0, i - 1)];
        const b = points[Math.min(points.length - 1, i + 1)];
        return unit([b[0] - a[0], b[1] - a[1]]);
      });
      const chord = along.reduce<Vector>((sum, t) => [sum[0] + t[0], sum[1] + t[1]], [0, 0]);
      const frontSign = chord[1] * toFocus[0] - chord[0] * toFocus[1] >= 0 ? 1 : -1;
      const normal = along.map((t): Vector => [t[1] * frontSign, -t[0] * frontSign]);
      return { points, along, normal };
    });
  if (frames.length === 0) return [];
  const at = (f: (typeof frames)[number], i: number, ka: number, kn: number): PlanPoint => [
    round(f.points[i][0] + f.along[i][0] * ka + f.normal[i][0] * kn),
    round(f.points[i][1] + f.along[i][1] * ka + f.normal[i][1] * kn),
  ];
  // Every few seats is enough for an edge: the chords stay well within the margin.
  const sampled = (f: (typeof frames)[number]) =>
    f.points.map((_, i) => i).filter((i) => i % 3 === 0 || i === f.points.length - 1);
  const front = frames[0];
  const back = frames[frames.length - 1];
  const lastOf = (f: (typeof frames)[number]) => f.points.length - 1;
  const outline: PlanPoint[] = [];
  outline.push(at(front, 0, -margin, margin));
  for (const i of sampled(front)) outline.push(at(front, i, 0, margin));
  outline.push(at(front, lastOf(front), margin, margin));
  for (const f of frames) outline.push(at(f, lastOf(f), margin, 0));
  outline.push(at(back, lastOf(back), margin, -margin));
  for (const i of sampled(back).reverse()) outline.push(at(back, i, 0, -margin));
  outline.push(at(back, 0, -margin, -margin));
  for (const f of [...frames].reverse()) outline.push(at(f, 0, -margin, 0));
  return outline;
}

/** An annular band around `center` between two radii and two angles (angle 0 pointing down). */
export function arcBand(
  center: PlanPoint,
  inner: number,
  outer: number,
  from: number,
  to: number,
  steps = 16,
): PlanPoint[] {
  const point = (r: number, a: number): PlanPoint => [
    round(center[0] + r * Math.sin(a)),
    round(center[1] + r * Math.cos(a)),
  ];
  const outline: PlanPoint[] = [];
  for (let i = 0; i <= steps; i++) outline.push(point(outer, from + ((to - from) * i) / steps));
  for (let i = steps; i >= 0; i--) {
    if (inner > 0) outline.push(point(inner, from + ((to - from) * i) / steps));
  }
  if (inner <= 0) outline.push(point(0, 0));
  return outline;
}

export function rectangle(x: number, y: number, width: number, height: number): PlanPoint[] {
  return [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ];
}

/** Where a sector's name goes: the middle of its seats, or of its outline's extent. */
export function labelPoint(outline: PlanPoint[], seats: { x: number; y: number }[]): PlanPoint {
  const points = seats.length > 0 ? seats.map((s): PlanPoint => [s.x, s.y]) : outline;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [
    round((Math.min(...xs) + Math.max(...xs)) / 2),
    round((Math.min(...ys) + Math.max(...ys)) / 2),
  ];
}

/** Ray casting: is the point inside the polygon? */
export function insidePolygon([x, y]: PlanPoint, polygon: PlanPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A numbered sector from its rows of placed seats. */
export function numberedSector(
  base: Omit<SectorPlan, "kind" | "outline" | "label" | "seats">,
  rows: PlacedSeat[][],
  focus: PlanPoint,
  rowLabel?: (rowIndex: number) => string,
): SectorPlan {
  const seats = numberRows(rows, rowLabel);
  const outline = outlineAroundRows(rows, focus, 4);
  return { ...base, kind: "NUMBERED", outline, label: labelPoint(outline, seats), seats };
}

export function generalSector(
  base: Omit<SectorPlan, "kind" | "label" | "seats">,
  label?: PlanPoint,
): SectorPlan {
  return {
    ...base,
    kind: "GENERAL",
    label: label ?? labelPoint(base.outline, []),
    seats: [],
  };
}

export const degrees = (d: number) => (d * Math.PI) / 180;

/** A rectangular stage `width` wide from `top` down to its front, whose middle is `focus`. */
export function stageAt(focus: PlanPoint, width: number, top: number): StagePlan {
  return {
    outline: rectangle(focus[0] - width / 2, top, width, focus[1] - top),
    focus,
    label: stageLabel,
  };
}

/**
 * Marks as restricted view the seats of the first `rows` rows that sit more than `angle` off
 * straight ahead of the stage's focus: they see the stage side-on.
 */
export function markSideViews(
  seats: SeatPlan[],
  focus: PlanPoint,
  rows: number,
  angle: number,
): void {
  for (const seat of seats) {
    const off = Math.abs(Math.atan2(seat.x - focus[0], seat.y - focus[1]));
    if (seat.rowIndex < rows && off > angle) seat.restrictedView = true;
  }
}
