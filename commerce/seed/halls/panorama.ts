// The 360° view from a sector, drawn from the hall plan: a cylindrical panorama (the full
// turn across the width, 90° from floor to ceiling across the height, so 4:1) seen from the
// sector's viewpoint at its eye height, with the stage straight ahead in the middle. Walls
// or sky, the other sectors at their floor heights, the stage box and its frame (a
// proscenium indoors; lighting towers and screens outdoors). Deterministic: the same plan
// always gives the same image, so it is drawn on request and cached for good.
import type { PlanPoint } from "../../db/schema-halls.ts";
import { escapeXml, hashString } from "../posters.ts";
import type { HallPlan, SectorPlan } from "./plan.ts";

export const PANORAMA_WIDTH = 2000;
export const PANORAMA_HEIGHT = 500;
const W = PANORAMA_WIDTH;
const H = PANORAMA_HEIGHT;

/** Heights in plan units (decimetres) above the stalls' floor. */
const STAGE_FLOOR = 10;
const SCENE_HEIGHT = { indoor: 80, outdoor: 140 };

const r1 = (n: number) => Math.round(n * 10) / 10;

type Eye = { x: number; y: number; z: number; heading: number };

/** Where a point of the hall lands in the panorama, and whether it is in front (|azimuth| < 90°). */
function project(
  eye: Eye,
  x: number,
  y: number,
  z: number,
): { px: number; py: number; az: number } {
  let az = Math.atan2(y - eye.y, x - eye.x) - eye.heading;
  while (az > Math.PI) az -= 2 * Math.PI;
  while (az <= -Math.PI) az += 2 * Math.PI;
  const distance = Math.max(1, Math.hypot(x - eye.x, y - eye.y));
  const elevation = Math.atan2(z - eye.z, distance);
  return {
    px: W / 2 + (az / (2 * Math.PI)) * W,
    py: Math.min(2 * H, Math.max(-H, H / 2 - (elevation / (Math.PI / 4)) * (H / 2))),
    az,
  };
}

/** A polygon's points in the panorama, or null when it wraps around behind the viewer. */
function projectPolygon(eye: Eye, points: PlanPoint[], z: number): string | null {
  const projected = points.map(([x, y]) => project(eye, x, y, z));
  const azimuths = projected.map((p) => p.az);
  if (Math.max(...azimuths) - Math.min(...azimuths) > Math.PI) return null;
  return projected.map((p) => `${r1(p.px)},${r1(p.py)}`).join(" ");
}

function quad(eye: Eye, a: PlanPoint, b: PlanPoint, low: number, high: number): string | null {
  const points = [
    project(eye, a[0], a[1], low),
    project(eye, b[0], b[1], low),
    project(eye, b[0], b[1], high),
    project(eye, a[0], a[1], high),
  ];
  if (Math.abs(points[0].az - points[1].az) > Math.PI) return null;
  return points.map((p) => `${r1(p.px)},${r1(p.py)}`).join(" ");
}

/** mulberry32 from a string: the same sector always gets the same stars and trees. */
function randomFor(key: string): () => number {
  let state = hashString(key);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function background(plan: HallPlan, key: string, horizon: number): string {
  if (!plan.outdoor) {
    return [
      `<rect width="${W}" height="${H}" fill="url(#walls)"/>`,
      // Tiers of gilded balustrades running round the hall.
      ...[0.18, 0.3, 0.42].map(
        (f) =>
          `<rect x="0" y="${r1(H * f)}" width="${W}" height="3" fill="#c9a227" opacity="0.55"/>`,
      ),
      `<rect x="0" y="${r1(horizon)}" width="${W}" height="${r1(H - horizon)}" fill="#2b1a14"/>`,
    ].join("");
  }
  const random = randomFor(`sky:${key}`);
  const stars = Array.from({ length: 70 }, () => {
    const x = r1(random() * W);
    const y = r1(random() * horizon * 0.8);
    return `<circle cx="${x}" cy="${y}" r="${r1(0.8 + random() * 1.4)}" fill="#fff" opacity="${r1(0.4 + random() * 0.5)}"/>`;
  });
  let trees = `M0 ${r1(horizon)}`;
  for (let x = 0; x <= W; x += 25) {
    trees += ` L${x} ${r1(horizon - 12 - random() * 30)}`;
  }
  trees += ` L${W} ${r1(horizon)} Z`;
  return [
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    ...stars,
    `<path d="${trees}" fill="#10261a"/>`,
    `<rect x="0" y="${r1(horizon)}" width="${W}" height="${r1(H - horizon)}" fill="#1d3324"/>`,
  ].join("");
}

function sectorShapes(plan: HallPlan, eye: Eye, own: SectorPlan): string {
  const others = plan.sectors
    .filter((s) => s !== own)
    .map((s) => {
      const [lx, ly] = s.label;
      return { sector: s, distance: Math.hypot(lx - eye.x, ly - eye.y) };
    })
    .sort((a, b) => b.distance - a.distance);
  const fill = plan.outdoor ? "#45506b" : "#6e1f2b";
  const parts: string[] = [];
  for (const { sector } of others) {
    const rise = sector.rowRise ?? 0;
    const rowHeight = (rowIndex: number) => sector.floorHeight + rowIndex * rise;
    let outline: string | null;
    if (rise > 0 && sector.seats.length > 0) {
      // A stepped stand: from its front row up to its back row.
      const last = sector.seats[sector.seats.length - 1].rowIndex;
      const front = sector.seats.filter((s) => s.rowIndex === 0);
      const back = sector.seats.filter((s) => s.rowIndex === last).reverse();
      const points = [
        ...front.map((s) => project(eye, s.x, s.y, rowHeight(0))),
        ...back.map((s) => project(eye, s.x, s.y, rowHeight(last) + 6)),
      ];
      const azimuths = points.map((p) => p.az);
      outline =
        Math.max(...azimuths) - Math.min(...azimuths) > Math.PI
          ? null
          : points.map((p) => `${r1(p.px)},${r1(p.py)}`).join(" ");
    } else {
      outline = projectPolygon(eye, sector.outline, sector.floorHeight);
    }
    if (!outline) continue;
    parts.push(
      `<polygon points="${outline}" fill="${sector.kind === "GENERAL" ? "#3c3a36" : fill}" opacity="0.9"/>`,
    );
    // Every other row of seats as a line of backs (every fourth seat is enough for its shape).
    const rows = new Map<number, PlanPoint[]>();
    for (const seat of sector.seats) {
      if (seat.rowIndex % 2 === 1 || seat.seatIndex % 4 !== 0) continue;
      rows.set(seat.rowIndex, [...(rows.get(seat.rowIndex) ?? []), [seat.x, seat.y]]);
    }
    for (const [rowIndex, points] of rows) {
      if (points.length < 2) continue;
      const line = projectPolygon(eye, points, rowHeight(rowIndex) + 4);
      if (line) {
        parts.push(
          `<polyline points="${line}" fill="none" stroke="#b8464f" stroke-width="1.5" opacity="0.8"/>`,
        );
      }
    }
  }
  return parts.join("");
}

function stageShapes(plan: HallPlan, eye: Eye): string {
  const outline = plan.stage.outline;
  const sceneTop = STAGE_FLOOR + (plan.outdoor ? SCENE_HEIGHT.outdoor : SCENE_HEIGHT.indoor);
  const focusY = plan.stage.focus[1];
  const parts: string[] = [];
  // The back and side walls of the stage box (every edge but the front one), those whose
  // inner face the viewer sees: a side wall on the viewer's own side is hidden by the frame.
  const centre = outline.reduce<PlanPoint>(
    (sum, p) => [sum[0] + p[0] / outline.length, sum[1] + p[1] / outline.length],
    [0, 0],
  );
  const side = (a: PlanPoint, b: PlanPoint, p: PlanPoint) =>
    Math.sign((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]));
  outline.forEach((a, i) => {
    const b = outline[(i + 1) % outline.length];
    if (a[1] === focusY && b[1] === focusY) return;
    if (side(a, b, [eye.x, eye.y]) !== side(a, b, centre)) return;
    const wall = quad(eye, a, b, STAGE_FLOOR, sceneTop);
    if (wall) parts.push(`<polygon points="${wall}" fill="url(#scene)"/>`);
  });
  const floor = projectPolygon(eye, outline, STAGE_FLOOR);
  if (floor) parts.push(`<polygon points="${floor}" fill="#8a5a2b"/>`);
  const front = outline.filter((p) => p[1] === focusY).sort((p, q) => p[0] - q[0]);
  if (front.length === 2) {
    const [left, right] = front;
    const apron = quad(eye, left, right, 0, STAGE_FLOOR);
    if (apron) parts.push(`<polygon points="${apron}" fill="#3a2412"/>`);
    // Three performers on the stage, a quarter of the way back.
    const depth = Math.max(...outline.map((p) => p[1])) - Math.min(...outline.map((p) => p[1]));
    for (const f of [0.3, 0.5, 0.7]) {
      const x = left[0] + (right[0] - left[0]) * f;
      const y = focusY - depth * 0.35;
      const feet = project(eye, x, y, STAGE_FLOOR);
      const head = project(eye, x, y, STAGE_FLOOR + 17);
      const height = Math.max(2, feet.py - head.py);
      parts.push(
        `<rect x="${r1(feet.px - height * 0.12)}" y="${r1(head.py + height * 0.2)}" width="${r1(height * 0.24)}" height="${r1(height * 0.8)}" rx="${r1(height * 0.08)}" fill="#f4d35e"/>`,
        `<circle cx="${r1(feet.px)}" cy="${r1(head.py + height * 0.1)}" r="${r1(height * 0.1)}" fill="#f4d35e"/>`,
      );
    }
    if (plan.outdoor) parts.push(openAirRig(eye, left, right, sceneTop));
    else parts.push(proscenium(eye, plan.width, left, right, sceneTop));
  }
  const labelAt = project(
    eye,
    plan.stage.focus[0],
    Math.min(...outline.map((p) => p[1])),
    sceneTop,
  );
  parts.push(
    `<text x="${r1(labelAt.px)}" y="${r1(labelAt.py + 28)}" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#fff" opacity="0.85">${escapeXml(plan.stage.label.es.toUpperCase())}</text>`,
  );
  return parts.join("");
}

/**
 * The wall the stage opens in (hiding what of the stage box is not seen through the opening),
 * the gilded arch and the red curtains framing it.
 */
function proscenium(
  eye: Eye,
  width: number,
  left: PlanPoint,
  right: PlanPoint,
  top: number,
): string {
  const wall = quad(eye, [0, left[1]], [width, left[1]], 0, top + 60);
  const opening = quad(eye, left, right, STAGE_FLOOR, top);
  const frontWall =
    wall && opening
      ? `<path d="M${wall.replace(/ /g, " L")} Z M${opening.replace(/ /g, " L")} Z" fill="url(#walls)" fill-rule="evenodd"/>`
      : "";
  const l0 = project(eye, left[0], left[1], STAGE_FLOOR);
  const l1 = project(eye, left[0], left[1], top);
  const r0 = project(eye, right[0], right[1], STAGE_FLOOR);
  const r1p = project(eye, right[0], right[1], top);
  const drape = (base: typeof l0, high: typeof l0, inward: number) =>
    `<polygon points="${r1(base.px)},${r1(base.py)} ${r1(high.px)},${r1(high.py)} ${r1(high.px + inward)},${r1(high.py)} ${r1(base.px + inward * 0.4)},${r1(base.py)}" fill="#9b1b30"/>`;
  const span = r0.px - l0.px;
  return [
    frontWall,
    drape(l0, l1, span * 0.12),
    drape(r0, r1p, -span * 0.12),
    `<polygon points="${r1(l1.px)},${r1(l1.py)} ${r1(r1p.px)},${r1(r1p.py)} ${r1(r1p.px)},${r1(r1p.py + span * 0.06)} ${r1(l1.px)},${r1(l1.py + span * 0.06)}" fill="#9b1b30"/>`,
    `<polyline points="${r1(l0.px)},${r1(l0.py)} ${r1(l1.px)},${r1(l1.py)} ${r1(r1p.px)},${r1(r1p.py)} ${r1(r0.px)},${r1(r0.py)}" fill="none" stroke="#d4af37" stroke-width="9" stroke-linejoin="round"/>`,
  ].join("");
}

/** Lighting towers at the stage's front corners, beams, and a screen beside each. */
function openAirRig(eye: Eye, left: PlanPoint, right: PlanPoint, top: number): string {
  const parts: string[] = [];
  const width = right[0] - left[0];
  for (const [corner, side] of [
    [left, -1],
    [right, 1],
  ] as const) {
    const base = project(eye, corner[0], corner[1], 0);
    const head = project(eye, corner[0], corner[1], top + 30);
    parts.push(
      `<line x1="${r1(base.px)}" y1="${r1(base.py)}" x2="${r1(head.px)}" y2="${r1(head.py)}" stroke="#9aa4b5" stroke-width="4"/>`,
      `<polygon points="${r1(head.px)},${r1(head.py)} ${r1(head.px - 40)},${r1(base.py)} ${r1(head.px + 40)},${r1(base.py)}" fill="#fff6c2" opacity="0.12"/>`,
    );
    const screen = quad(
      eye,
      [corner[0] + side * width * 0.12, corner[1]],
      [corner[0] + side * width * 0.42, corner[1]],
      40,
      110,
    );
    if (screen) {
      parts.push(`<polygon points="${screen}" fill="#2a6f97" stroke="#0b1d2a" stroke-width="3"/>`);
    }
  }
  const roofLeft = project(eye, left[0], left[1], top);
  const roofRight = project(eye, right[0], right[1], top);
  parts.push(
    `<line x1="${r1(roofLeft.px)}" y1="${r1(roofLeft.py)}" x2="${r1(roofRight.px)}" y2="${r1(roofRight.py)}" stroke="#9aa4b5" stroke-width="6"/>`,
  );
  return parts.join("");
}

/** The panorama from a sector of the plan (its configured view, or its label point). */
export function panoramaSvg(plan: HallPlan, sectorCode: string): string | null {
  const sector = plan.sectors.find((s) => s.code === sectorCode);
  if (!sector?.view360) return null;
  const [vx, vy] = sector.view360.viewpoint ?? sector.label;
  const [fx, fy] = plan.stage.focus;
  const eye: Eye = {
    x: vx,
    y: vy,
    z: sector.floorHeight + sector.view360.eyeHeight,
    heading: Math.atan2(fy - vy, fx - vx),
  };
  // The stalls' floor far away sits at the horizon; seen from above, it drops below it.
  const horizon = project(eye, eye.x + 1e5, eye.y, 0).py;
  const key = `${sectorCode}:${plan.width}x${plan.height}`;
  const title = escapeXml(`${sector.name}: ${sector.view360.description.es}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">`,
    `<title>${title}</title>`,
    "<defs>",
    // In the picture's own units, so the wall the stage opens in matches the walls behind it.
    `<linearGradient id="walls" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${r1(horizon)}"><stop offset="0" stop-color="#1f0a10"/><stop offset="1" stop-color="#5c1e26"/></linearGradient>`,
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1030"/><stop offset="1" stop-color="#4a2c6b"/></linearGradient>',
    '<linearGradient id="scene" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b2a4a"/><stop offset="1" stop-color="#3f5e8c"/></linearGradient>',
    "</defs>",
    background(plan, key, horizon),
    sectorShapes(plan, eye, sector),
    stageShapes(plan, eye),
    "</svg>",
  ].join("");
}
