// Every change of availability (hold, release, cancel, sale) runs through here: one
// transaction, and once it has committed, the catalog reads cached from before it (billboard,
// cards, landings) and the seat map's availability are dropped. Handlers never invalidate by hand.
import { invalidateAvailability } from "../catalog/availability-cache.ts";
import { invalidateShowCards } from "../catalog/card-cache.ts";
import type { Transaction } from "../db/client.ts";
import type { CommerceDeps } from "../deps.ts";

export async function changeAvailability<T>(
  deps: Pick<CommerceDeps, "db">,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(work);
  invalidateShowCards(deps);
  invalidateAvailability(deps);
  return result;
}
