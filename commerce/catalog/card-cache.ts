// The billboard's show cards and sections (GET Cartelera) are read far more often than
// places change hands, and building them aggregates the whole catalog. They are cached per
// API instance and language for a few seconds; every write of this process that changes
// availability drops the cache at once, so only writes made by other API servers can show
// up late (by at most the TTL).
import type { ShowCard } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import type { Language } from "../i18n.ts";
import { loadShowCards } from "./queries.ts";

export const SHOW_CARDS_TTL_MS = 5_000;

type Entry = { builtAt: number; value: Promise<unknown> };

/** Keyed by the API's dependencies object: one cache per API instance. */
type Owner = { db: Database };
const caches = new WeakMap<Owner, Map<string, Entry>>();

/** Call after a change of availability (hold, release, sale) or of the catalog. */
export function invalidateShowCards(owner: Owner): void {
  caches.get(owner)?.clear();
}

/**
 * A catalog read kept for SHOW_CARDS_TTL_MS under `key` and dropped with the show cards by
 * invalidateShowCards (the billboard's sections use it too).
 */
export function cachedCatalogRead<T>(
  owner: Owner,
  key: string,
  now: Date,
  build: () => Promise<T>,
  /** Results it says no to are not kept (e.g. "not found", so odd keys cannot pile up). */
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  let entries = caches.get(owner);
  if (!entries) {
    entries = new Map();
    caches.set(owner, entries);
  }
  const at = now.getTime();
  const entry = entries.get(key);
  // A clock that went backwards (tests) also counts as stale.
  if (entry && at >= entry.builtAt && at - entry.builtAt < SHOW_CARDS_TTL_MS) {
    return entry.value as Promise<T>;
  }
  const value = build();
  const fresh: Entry = { builtAt: at, value };
  entries.set(key, fresh);
  // Concurrent callers share one build; a failed or unwanted build is not kept.
  const forget = () => {
    if (entries.get(key) === fresh) entries.delete(key);
  };
  value.then((result) => {
    if (!keep(result)) forget();
  }, forget);
  return value;
}

export function cachedShowCards(
  owner: Owner,
  { now, language }: { now: Date; language: Language },
): Promise<ShowCard[]> {
  return cachedCatalogRead(owner, `cards:${language}`, now, () =>
    loadShowCards(owner.db, { now, language }),
  );
}
