// The billboard's show cards are read far more often than places change hands, and building
// them aggregates the whole catalog. They are cached per API instance and language for a few
// seconds; every write of this process that changes availability drops the cache at once,
// so only writes made by other API servers can show up late (by at most the TTL).
import type { ShowCard } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import type { Language } from "../i18n.ts";
import { loadShowCards } from "./queries.ts";

export const SHOW_CARDS_TTL_MS = 5_000;

type Entry = { builtAt: number; cards: Promise<ShowCard[]> };

/** Keyed by the API's dependencies object: one cache per API instance. */
type Owner = { db: Database };
const caches = new WeakMap<Owner, Map<Language, Entry>>();

/** Call after a change of availability (hold, release, sale) or of the catalog. */
export function invalidateShowCards(owner: Owner): void {
  caches.get(owner)?.clear();
}

export function cachedShowCards(
  owner: Owner,
  { now, language }: { now: Date; language: Language },
): Promise<ShowCard[]> {
  let entries = caches.get(owner);
  if (!entries) {
    entries = new Map();
    caches.set(owner, entries);
  }
  const at = now.getTime();
  const entry = entries.get(language);
  // A clock that went backwards (tests) also counts as stale.
  if (entry && at >= entry.builtAt && at - entry.builtAt < SHOW_CARDS_TTL_MS) return entry.cards;
  const cards = loadShowCards(owner.db, { now, language });
  const fresh: Entry = { builtAt: at, cards };
  entries.set(language, fresh);
  // Concurrent callers share one build; a failed build is not kept.
  cards.catch(() => {
    if (entries.get(language) === fresh) entries.delete(language);
  });
  return cards;
}
