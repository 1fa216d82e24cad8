// Every change of availability (hold, release, cancel, sale) runs through here: one
// transaction, and once it has committed, the catalog reads cached from before it (billboard,
// cards, landings) and the seat map's availability are dropped, and the places it held and
// gave back are counted (operations/metrics.ts). Handlers never invalidate by hand.
import { invalidateAvailability } from "../catalog/availability-cache.ts";
import { invalidateShowCards } from "../catalog/card-cache.ts";
import type { Executor, Transaction } from "../db/client.ts";
import type { CommerceDeps } from "../deps.ts";
import { shopMetrics } from "../operations/metrics.ts";

/** What one change did to places: those it holds now, how many it gave back. */
type PlaceTally = { held: Set<number>; released: number };

const tallies = new WeakMap<object, PlaceTally>();

/**
 * Notes places held or given back in a change's transaction (holds.ts). A place held and
 * given back in the same change (best available trying again) counts as neither.
 */
export function tallyPlaces(tx: Executor, change: { held?: number[]; released?: number[] }) {
  const tally = tallies.get(tx);
  if (!tally) return;
  for (const id of change.held ?? []) tally.held.add(id);
  for (const id of change.released ?? []) {
    if (!tally.held.delete(id)) tally.released += 1;
  }
}

export async function changeAvailability<T>(
  deps: Pick<CommerceDeps, "db">,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const tally: PlaceTally = { held: new Set(), released: 0 };
  const result = await deps.db.transaction((tx) => {
    tallies.set(tx, tally);
    return work(tx);
  });
  invalidateShowCards(deps);
  invalidateAvailability(deps);
  if (tally.held.size > 0) shopMetrics.placesHeld(tally.held.size);
  if (tally.released > 0) shopMetrics.placesReleased(tally.released);
  return result;
}
