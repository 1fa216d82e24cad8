// The demo venues' drawn halls, by venue seo. Plans are pure functions of nothing, built once
// and shared by the seed (which stores them) and the 360° view images (drawn from them).
import { posterEndpoint, urlOf } from "../../contract/index.ts";
import { amphitheatre } from "./amphitheatre.ts";
import { italianTheatre } from "./italian-theatre.ts";
import { openAirGround } from "./open-air.ts";
import type { HallPlan, SectorPlan } from "./plan.ts";
import { simpleHall } from "./simple-hall.ts";

export type { HallPlan, SeatPlan, SectorPlan } from "./plan.ts";

export const OPEN_AIR_VENUE = "campo-abierto-costanera-sur";

const generators: Record<string, () => HallPlan> = {
  "teatro-municipal-corrientes": italianTheatre,
  "anfiteatro-parque-centenario": amphitheatre,
  [OPEN_AIR_VENUE]: openAirGround,
  "sala-sinfonica-palermo": () =>
    simpleHall(
      [
        { code: "platea", name: "Platea", kind: "NUMBERED", rows: 8, seatsPerRow: 16 },
        {
          code: "palcos",
          name: "Palcos",
          kind: "NUMBERED",
          rows: 4,
          seatsPerRow: 10,
          floorHeight: 40,
        },
        { code: "paraiso", name: "Paraíso", kind: "GENERAL", depth: 30, floorHeight: 90 },
      ],
      180,
    ),
  "usina-cultural-sur": () =>
    simpleHall([
      { code: "campo", name: "Campo", kind: "GENERAL", depth: 50 },
      {
        code: "platea-alta",
        name: "Platea alta",
        kind: "NUMBERED",
        rows: 8,
        seatsPerRow: 12,
        floorHeight: 30,
      },
    ]),
  "galpon-danza-almagro": () =>
    simpleHall(
      [
        { code: "platea", name: "Platea", kind: "NUMBERED", rows: 8, seatsPerRow: 10 },
        { code: "gradas", name: "Gradas", kind: "GENERAL", depth: 25, floorHeight: 20 },
      ],
      120,
    ),
  "cine-teatro-flores": () =>
    simpleHall([
      { code: "sala", name: "Sala", kind: "NUMBERED", rows: 8, seatsPerRow: 14 },
      { code: "pullman", name: "Pullman", kind: "GENERAL", depth: 25, floorHeight: 50 },
    ]),
  "museo-casa-de-los-altos": () =>
    simpleHall(
      [
        { code: "auditorio", name: "Auditorio", kind: "NUMBERED", rows: 6, seatsPerRow: 10 },
        { code: "entrada-general", name: "Entrada general", kind: "GENERAL", depth: 25 },
      ],
      100,
    ),
};

/** The seos of the venues that have a drawn hall. */
export const drawnVenues = Object.keys(generators);

const built = new Map<string, HallPlan>();

/** A venue's hall plan (built on first use), or undefined for a venue without one. */
export function hallPlanFor(venueSeo: string): HallPlan | undefined {
  const generate = generators[venueSeo];
  if (!generate) return undefined;
  let plan = built.get(venueSeo);
  if (!plan) {
    plan = generate();
    built.set(venueSeo, plan);
  }
  return plan;
}

/** The file name of a sector's 360° view image, served under /v2/Imagenes/. */
export const viewFileName = (venueSeo: string, sectorCode: string) =>
  `vista-${venueSeo}-${sectorCode}.svg`;

/** Every configured view of the demo halls, by file name. */
export function seededViews(): Map<string, { venueSeo: string; sector: SectorPlan }> {
  const views = new Map<string, { venueSeo: string; sector: SectorPlan }>();
  for (const venueSeo of drawnVenues) {
    for (const sector of hallPlanFor(venueSeo)?.sectors ?? []) {
      if (sector.view360) views.set(viewFileName(venueSeo, sector.code), { venueSeo, sector });
    }
  }
  return views;
}

/** The address of an image served by the posters' endpoint. */
export const imagePath = (file: string) => `/v2${urlOf(posterEndpoint, { file })}`;

/** Where a sector's 360° view is served: beside the posters, by the same endpoint. */
export const viewImagePath = (venueSeo: string, sectorCode: string) =>
  imagePath(viewFileName(venueSeo, sectorCode));
