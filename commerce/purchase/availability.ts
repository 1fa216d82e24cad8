// When a place is free: not sold, and not held, or held past its deadline (expiry is lazy:
// no job frees a place, the deadline alone does). Written once in SQL for the statements
// (holds, availability counts, sold-out flags) and once as a pure twin for code that already
// has the rows (the seat map); availability.sql.test.ts runs both over the same rows.
import { and, eq, isNull, lte, or, type SQL } from "drizzle-orm";
import { positions } from "../db/schema.ts";
import { isPastDeadline } from "./clock.ts";

export type PlaceHold = { sold: boolean; heldByProcessId: number | null; heldUntil: Date | null };

/** SQL: the place is free at `now`. */
export function freePlace(now: Date): SQL {
  return and(
    eq(positions.sold, false),
    or(isNull(positions.heldByProcessId), lte(positions.heldUntil, now)),
  ) as SQL;
}

/** SQL: free at `now`, or already held by this process (taking a seat twice is no error). */
export function freeFor(processId: number, now: Date): SQL {
  return or(
    freePlace(now),
    and(eq(positions.sold, false), eq(positions.heldByProcessId, processId)),
  ) as SQL;
}

/** The twin of freePlace. A hold with no deadline holds (SQL's `null <= now` is not true). */
export function isPlaceFree(place: PlaceHold, now: Date): boolean {
  if (place.sold) return false;
  if (place.heldByProcessId === null) return true;
  return place.heldUntil !== null && isPastDeadline(place.heldUntil, now);
}

/** The twin of freeFor. */
export function isPlaceFreeFor(place: PlaceHold, processId: number, now: Date): boolean {
  return isPlaceFree(place, now) || (!place.sold && place.heldByProcessId === processId);
}
