// The performances a door may be set to check: those that started up to 12 hours ago (a long
// festival day) and the next ones, soonest first; not shop products, which have no door.
import { and, asc, eq, gte } from "drizzle-orm";
import type { DoorPerformance } from "../contract/index.ts";
import type { Executor } from "../db/client.ts";
import { performances, shows, venues } from "../db/schema.ts";
import { functionDateParts } from "../domain/dates.ts";

const STARTED_UP_TO_MS = 12 * 60 * 60 * 1000;
/** A door's choice, not a catalogue: the next few are what a venue checks. */
const LISTED = 50;

export async function doorPerformances(db: Executor, now: Date): Promise<DoorPerformance[]> {
  const rows = await db
    .select({
      id: performances.id,
      startsAt: performances.startsAt,
      title: shows.title,
      venue: venues.name,
    })
    .from(performances)
    .innerJoin(shows, eq(shows.id, performances.showId))
    .innerJoin(venues, eq(venues.id, shows.venueId))
    .where(
      and(
        eq(shows.isProduct, false),
        eq(performances.status, "ON_SALE"),
        gte(performances.startsAt, new Date(now.getTime() - STARTED_UP_TO_MS)),
      ),
    )
    .orderBy(asc(performances.startsAt), asc(performances.id))
    .limit(LISTED);
  return rows.map((row) => ({
    idFuncion: row.id,
    cEspectaculo: row.title,
    cEstablecimiento: row.venue,
    oFuncionFecha: functionDateParts(row.startsAt),
  }));
}
