// The plain halls of the other venues: a stage at the top, then their sectors one behind the
// other, as listed. A numbered sector is `rows` gently curved rows of `seatsPerRow` seats
// split by a centre aisle into two blocks; a general sector is an open area `depth` deep.
import type { PlanPoint } from "../../db/schema-halls.ts";
import {
  centredArcRow,
  generalSector,
  type HallPlan,
  numberedSector,
  rectangle,
  type SectorPlan,
  type SectorView,
  stageAt,
} from "./plan.ts";

export type SimpleSectorSpec =
  | {
      code: string;
      name: string;
      kind: "NUMBERED";
      rows: number;
      seatsPerRow: number;
      floorHeight?: number;
      view360?: SectorView;
    }
  | { code: string; name: string; kind: "GENERAL"; depth: number; floorHeight?: number };

const PITCH = 5.5;
const ROW_DEPTH = 9;
const AISLE = 12;
/** Far behind the stage: rows this far from it are only gently curved. */
const CURVE_RADIUS = 600;
const SIDE_MARGIN = 30;
const GAP = 16;

export function simpleHall(sectors: SimpleSectorSpec[], stageWidth = 160): HallPlan {
  const widest = Math.max(
    stageWidth,
    ...sectors.map((s) => (s.kind === "NUMBERED" ? s.seatsPerRow * PITCH + AISLE : 0)),
  );
  const width = Math.ceil(widest + 2 * SIDE_MARGIN);
  const centreX = width / 2;
  const focus: PlanPoint = [centreX, 70];
  const arcCentre: PlanPoint = [centreX, focus[1] - CURVE_RADIUS];
  let top = focus[1] + 20;
  const planned: SectorPlan[] = sectors.map((spec) => {
    if (spec.kind === "GENERAL") {
      const outline = rectangle(SIDE_MARGIN / 2, top, width - SIDE_MARGIN, spec.depth);
      top += spec.depth + GAP;
      return generalSector({
        code: spec.code,
        name: spec.name,
        outline,
        floorHeight: spec.floorHeight ?? 0,
        view360: null,
      });
    }
    const half = Math.floor(spec.seatsPerRow / 2);
    const rows = Array.from({ length: spec.rows }, (_, k) =>
      centredArcRow(
        arcCentre,
        CURVE_RADIUS + (top - focus[1]) + 6 + k * ROW_DEPTH,
        [half, spec.seatsPerRow - half],
        PITCH,
        AISLE,
      ),
    );
    top += 6 + (spec.rows - 1) * ROW_DEPTH + 6 + GAP;
    return numberedSector(
      {
        code: spec.code,
        name: spec.name,
        floorHeight: spec.floorHeight ?? 0,
        view360: spec.view360 ?? null,
      },
      rows,
      focus,
    );
  });
  return {
    width,
    height: Math.ceil(top),
    outdoor: false,
    stage: stageAt(focus, stageWidth, 10),
    sectors: planned,
  };
}
