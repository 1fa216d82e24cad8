import { describe, expect, it } from "vitest";
import { venueSeeds } from "../data.ts";
import { assertWellFormedXml } from "../xml-check.ts";
import { drawnVenues, hallPlanFor, OPEN_AIR_VENUE, seededViews } from "./index.ts";
import { PANORAMA_HEIGHT, PANORAMA_WIDTH, panoramaSvg } from "./panorama.ts";
import { centredArcRow, type HallPlan, insidePolygon, rowLetter, type SeatPlan } from "./plan.ts";

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const plans = drawnVenues.map((seo) => ({ seo, plan: hallPlanFor(seo) as HallPlan }));
const seatsOf = (plan: HallPlan) => plan.sectors.flatMap((s) => s.seats);
const sector = (seo: string, code: string) => {
  const found = hallPlanFor(seo)?.sectors.find((s) => s.code === code);
  if (!found) throw new Error(`no sector ${seo}:${code}`);
  return found;
};

/** Pairs of seats closer than `min` (a grid of cells keeps this linear for 16,000 seats). */
function closePairs(seats: { x: number; y: number }[], min: number): number {
  const cells = new Map<string, { x: number; y: number }[]>();
  const key = (x: number, y: number) => `${Math.floor(x / min)}:${Math.floor(y / min)}`;
  let close = 0;
  for (const seat of seats) {
    const cx = Math.floor(seat.x / min);
    const cy = Math.floor(seat.y / min);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of cells.get(`${cx + dx}:${cy + dy}`) ?? []) {
          if (Math.hypot(other.x - seat.x, other.y - seat.y) < min) close++;
        }
      }
    }
    const k = key(seat.x, seat.y);
    cells.set(k, [...(cells.get(k) ?? []), seat]);
  }
  return close;
}

describe("row labels", () => {
  it("letters rows from A, then AA after Z", () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(rowLetter)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
    ]);
  });
});

describe("the demo halls", () => {
  it("draw every venue's sectors: numbered ones with seats, general ones as an area", () => {
    for (const venue of venueSeeds.filter((v) => !v.isShop)) {
      const plan = hallPlanFor(venue.seo);
      expect(plan, venue.seo).toBeDefined();
      for (const layout of venue.layout) {
        const drawn = plan?.sectors.find((s) => s.code === layout.code);
        expect(drawn?.kind, `${venue.seo}:${layout.code}`).toBe(layout.kind);
        expect(drawn?.name).toBe(layout.name);
        expect(drawn?.outline.length).toBeGreaterThanOrEqual(3);
        if (layout.kind === "NUMBERED") expect(drawn?.seats.length).toBeGreaterThanOrEqual(40);
        else expect(drawn?.seats).toEqual([]);
      }
    }
    const kinds = plans.flatMap(({ plan }) => plan.sectors.map((s) => s.kind));
    expect(kinds).toContain("GENERAL");
  });

  it("give the open-air ground at least 15,000 numbered seats: 8 stands and a platea of ~1,000", () => {
    const plan = hallPlanFor(OPEN_AIR_VENUE) as HallPlan;
    const numbered = plan.sectors.filter((s) => s.kind === "NUMBERED");
    const stands = numbered.filter((s) => s.code.startsWith("tribuna-"));
    expect(numbered.map((s) => s.code)).toEqual(["platea-campo", ...stands.map((s) => s.code)]);
    expect(stands).toHaveLength(8);
    // The sector size the "1,000-seat map page" budget is measured on.
    const platea = numbered[0].seats.length;
    expect(platea).toBeGreaterThanOrEqual(950);
    expect(platea).toBeLessThanOrEqual(1050);
    for (const stand of stands) {
      expect(stand.seats.length).toBeGreaterThanOrEqual(1500);
      expect(stand.seats.length).toBeLessThanOrEqual(2500);
    }
    expect(seatsOf(plan).length).toBeGreaterThanOrEqual(15_000);
    expect(plan.sectors.filter((s) => s.kind === "GENERAL").map((s) => s.code)).toEqual(["campo"]);
  });

  it("give the theatre curved stalls, boxes along both walls and two balconies", () => {
    expect(hallPlanFor("teatro-municipal-corrientes")?.sectors.map((s) => s.code)).toEqual([
      "platea",
      "palcos",
      "pullman",
      "tertulia",
    ]);
    // A curved row: its middle seats are further from the stage than its ends.
    const rowA = sector("teatro-municipal-corrientes", "platea").seats.filter((s) => s.row === "A");
    expect(rowA[Math.floor(rowA.length / 2)].y).toBeGreaterThan(rowA[0].y + 10);
    const boxes = sector("teatro-municipal-corrientes", "palcos").seats;
    const byBox = groupBy(boxes, (s) => s.row);
    expect(byBox.size).toBe(18);
    for (const [box, seats] of byBox) {
      expect(new Set(seats.map((s) => s.block)).size, box).toBe(1);
    }
    expect(new Set(boxes.map((s) => s.block)).size).toBe(18);
    const width = hallPlanFor("teatro-municipal-corrientes")?.width ?? 0;
    expect(boxes.some((s) => s.x < width * 0.2)).toBe(true);
    expect(boxes.some((s) => s.x > width * 0.8)).toBe(true);
    expect(boxes.some((s) => s.restrictedView)).toBe(true);
    const pullman = sector("teatro-municipal-corrientes", "pullman").seats;
    expect(pullman.filter((s) => s.restrictedView).length).toBeGreaterThanOrEqual(4);
  });

  it.each(plans)("$seo: no two seats closer than 4.5 dm (45 cm)", ({ plan }) => {
    expect(closePairs(seatsOf(plan), 4.5)).toBe(0);
  });

  it.each(plans)("$seo: every seat inside its sector's outline and the plan", ({ plan }) => {
    for (const s of plan.sectors) {
      const outside = s.seats.filter((seat) => !insidePolygon([seat.x, seat.y], s.outline));
      expect(outside, s.code).toEqual([]);
      for (const [x, y] of s.outline) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(plan.width);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(plan.height);
      }
      expect(
        insidePolygon(s.label, [
          [0, 0],
          [plan.width, 0],
          [plan.width, plan.height],
          [0, plan.height],
        ]),
      ).toBe(true);
    }
    // Sectors do not overlap each other's seats, nor the stage.
    for (const seat of seatsOf(plan)) {
      expect(insidePolygon([seat.x, seat.y], plan.stage.outline)).toBe(false);
    }
    for (const a of plan.sectors) {
      for (const b of plan.sectors) {
        if (a === b) continue;
        const inOther = a.seats.filter((seat) => insidePolygon([seat.x, seat.y], b.outline));
        expect(inOther, `${a.code} in ${b.code}`).toEqual([]);
      }
    }
  });

  it.each(plans)("$seo: labels unique per sector, seats in (row, seat) order", ({ plan }) => {
    for (const s of plan.sectors) {
      const labels = s.seats.map((seat) => `${seat.row}-${seat.number}`);
      expect(new Set(labels).size, s.code).toBe(labels.length);
      const places = s.seats.map((seat) => `${seat.rowIndex}:${seat.seatIndex}`);
      expect(new Set(places).size).toBe(places.length);
      s.seats.forEach((seat, i) => {
        if (i === 0) return;
        const previous = s.seats[i - 1];
        const ordered =
          seat.rowIndex > previous.rowIndex ||
          (seat.rowIndex === previous.rowIndex && seat.seatIndex === previous.seatIndex + 1);
        expect(ordered, `${s.code} ${seat.row}${seat.number}`).toBe(true);
      });
      // A row's seats share its label and are numbered 1, 2, 3… from its first seat.
      for (const seat of s.seats) expect(seat.number).toBe(seat.seatIndex + 1);
    }
  });

  it.each(plans)("$seo: seats numbered left to right as seen facing the stage", ({ plan }) => {
    const [fx, fy] = plan.stage.focus;
    for (const s of plan.sectors) {
      for (let i = 1; i < s.seats.length; i++) {
        const [a, b] = [s.seats[i - 1], s.seats[i]];
        if (a.rowIndex !== b.rowIndex) continue;
        // The spectator's right, facing the focus, is the facing direction turned clockwise
        // on the plan (y down): (-dy, dx).
        const [dx, dy] = [fx - a.x, fy - a.y];
        expect(
          (b.x - a.x) * -dy + (b.y - a.y) * dx,
          `${s.code} ${b.row}${b.number}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it.each(plans)(
    "$seo: blocks split at aisles: a gap between blocks, none within one",
    ({ plan }) => {
      for (const s of plan.sectors) {
        const rows = groupBy(s.seats, (seat) => seat.rowIndex);
        for (const row of rows.values()) {
          for (let i = 1; i < row.length; i++) {
            const gap = Math.hypot(row[i].x - row[i - 1].x, row[i].y - row[i - 1].y);
            if (row[i].block === row[i - 1].block) expect(gap).toBeLessThan(7);
            else expect(row[i].block).toBe(row[i - 1].block + 1);
            if (row[i].block !== row[i - 1].block && s.code !== "palcos") {
              expect(gap, `${s.code} row ${row[i].row}`).toBeGreaterThan(10);
            }
          }
        }
      }
    },
  );

  it("have wheelchair places, each with its companion right beside it", () => {
    const withPlaces = plans.filter(({ plan }) =>
      seatsOf(plan).some((s) => s.kind === "WHEELCHAIR"),
    );
    expect(withPlaces.map((p) => p.seo)).toEqual(
      expect.arrayContaining([
        "teatro-municipal-corrientes",
        "anfiteatro-parque-centenario",
        OPEN_AIR_VENUE,
      ]),
    );
    for (const { plan } of plans) {
      for (const s of plan.sectors) {
        const places = s.seats.filter((seat) => seat.kind === "WHEELCHAIR");
        const companions = s.seats.filter((seat) => seat.kind === "COMPANION");
        expect(companions.length).toBe(places.length);
        for (const companion of companions) {
          const place = s.seats[companion.companionOf as number] as SeatPlan;
          expect(place.kind).toBe("WHEELCHAIR");
          expect(place.rowIndex).toBe(companion.rowIndex);
          expect(place.block).toBe(companion.block);
          expect(Math.abs(place.seatIndex - companion.seatIndex)).toBe(1);
        }
        for (const seat of s.seats) {
          if (seat.kind !== "COMPANION") expect(seat.companionOf).toBeNull();
        }
      }
    }
    // The theatre's are in the stalls' last row, at the centre aisle.
    const stalls = sector("teatro-municipal-corrientes", "platea").seats;
    const lastRow = Math.max(...stalls.map((s) => s.rowIndex));
    const places = stalls.filter((s) => s.kind === "WHEELCHAIR");
    expect(places.map((s) => s.rowIndex)).toEqual([lastRow, lastRow]);
    expect(places.map((s) => s.block)).toEqual([0, 1]);
  });

  it("keeps a simple hall's rows the same length, split in two by the aisle", () => {
    const row = centredArcRow([100, -500], 600, [5, 6], 5.5, 12);
    expect(row).toHaveLength(11);
    expect(row.filter((s) => s.block === 0)).toHaveLength(5);
    const sala = sector("cine-teatro-flores", "sala").seats;
    const perRow = [...groupBy(sala, (s) => s.row).values()].map((r) => r.length);
    expect(new Set(perRow)).toEqual(new Set([14]));
  });
});

describe("360° views", () => {
  it("exist for the theatre's stalls, dress circle and boxes and two stands of the ground", () => {
    const files = [...seededViews().keys()];
    expect(files).toEqual(
      expect.arrayContaining([
        "vista-teatro-municipal-corrientes-platea.svg",
        "vista-teatro-municipal-corrientes-pullman.svg",
        "vista-teatro-municipal-corrientes-palcos.svg",
        "vista-campo-abierto-costanera-sur-tribuna-1.svg",
        "vista-campo-abierto-costanera-sur-tribuna-4.svg",
      ]),
    );
    for (const { sector: s } of seededViews().values()) {
      const text = s.view360?.description;
      for (const language of ["es", "en", "pt"] as const) {
        expect(text?.[language].length, `${s.code} ${language}`).toBeGreaterThan(80);
      }
    }
  });

  it("are well-formed 4:1 SVG, the same every time, with the stage ahead", () => {
    for (const [file, { venueSeo, sector: s }] of seededViews()) {
      const plan = hallPlanFor(venueSeo) as HallPlan;
      const svg = panoramaSvg(plan, s.code) as string;
      expect(svg, file).toMatch(/^<svg /);
      expect(svg).toContain(`viewBox="0 0 ${PANORAMA_WIDTH} ${PANORAMA_HEIGHT}"`);
      expect(PANORAMA_WIDTH / PANORAMA_HEIGHT).toBe(4);
      expect(svg).toContain(">ESCENARIO</text>");
      assertWellFormedXml(svg);
      expect(panoramaSvg(plan, s.code)).toBe(svg);
    }
  });

  it("are drawn only for sectors that have one", () => {
    expect(panoramaSvg(hallPlanFor("teatro-municipal-corrientes") as HallPlan, "tertulia")).toBe(
      null,
    );
    expect(panoramaSvg(hallPlanFor("teatro-municipal-corrientes") as HallPlan, "nada")).toBe(null);
  });
});
