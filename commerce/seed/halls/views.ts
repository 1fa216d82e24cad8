// Finds a sector's 360° view by its file name and draws it. With a database, the file must be
// a stored hall sector's view (so only configured views exist); without one (seed tests),
// the demo halls' configured views are the answer.
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { hallSectors, halls, venues } from "../../db/schema.ts";
import { hallPlanFor, imagePath, seededViews } from "./index.ts";
import { panoramaSvg } from "./panorama.ts";

const viewFile = /^vista-[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

let seeded: ReturnType<typeof seededViews> | undefined;
/** Drawn views by venue and sector: a few dozen at most, as plans come from the code. */
const drawn = new Map<string, string | null>();

/** The SVG of the view named `file`, or null when there is no such view. */
export async function hallViewSvg(db: Database | undefined, file: string): Promise<string | null> {
  if (!viewFile.test(file)) return null;
  let venueSeo: string | undefined;
  let sectorCode: string | undefined;
  if (db) {
    const [row] = await db
      .select({ venueSeo: venues.seo, sectorCode: hallSectors.code })
      .from(hallSectors)
      .innerJoin(halls, eq(halls.id, hallSectors.hallId))
      .innerJoin(venues, eq(venues.id, halls.venueId))
      .where(eq(hallSectors.viewImage, imagePath(file)))
      .limit(1);
    venueSeo = row?.venueSeo;
    sectorCode = row?.sectorCode;
  } else {
    seeded ??= seededViews();
    const view = seeded.get(file);
    venueSeo = view?.venueSeo;
    sectorCode = view?.sector.code;
  }
  if (venueSeo === undefined || sectorCode === undefined) return null;
  const key = `${venueSeo}:${sectorCode}`;
  if (!drawn.has(key)) {
    const plan = hallPlanFor(venueSeo);
    drawn.set(key, plan ? panoramaSvg(plan, sectorCode) : null);
  }
  return drawn.get(key) ?? null;
}
