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

/** Cards a purchase names, per API instance, by language and show. */
const namedCards = new WeakMap<Owner, Map<string, { builtAt: number; card: ShowCard }>>();
/** Past this many entries, stale ones are swept out when a card is added. */
const NAMED_CARDS_SWEEP_AT = 2_000;

/**
 * The cards of shows a purchase process names (its cart, its checkout). Kept for
 * SHOW_CARDS_TTL_MS and NOT dropped by changes of availability: a cart's card names the show,
 * and its "from" price and sold-out flag may lag by that long, as they already do for writes
 * of other API servers. In an on-sale every take and sale changes availability, so dropping
 * these with the billboard would read the same card again on every step of every purchase.
 */
export async function cardsOfShows(
  owner: Owner,
  showIds: Iterable<number>,
  { now, language }: { now: Date; language: Language },
): Promise<Map<number, ShowCard>> {
  let entries = namedCards.get(owner);
  if (!entries) {
    entries = new Map();
    namedCards.set(owner, entries);
  }
  const at = now.getTime();
  const fresh = (builtAt: number) => at >= builtAt && at - builtAt < SHOW_CARDS_TTL_MS;
  const found = new Map<number, ShowCard>();
  const missing: number[] = [];
  for (const id of new Set(showIds)) {
    const entry = entries.get(`${language}:${id}`);
    if (entry && fresh(entry.builtAt)) found.set(id, entry.card);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const loaded = await loadShowCards(owner.db, { now, language, showIds: missing });
  if (entries.size > NAMED_CARDS_SWEEP_AT) {
    for (const [key, entry] of entries) if (!fresh(entry.builtAt)) entries.delete(key);
  }
  for (const card of loaded) {
    entries.set(`${language}:${card.idEspectaculoCartel}`, { builtAt: at, card });
    found.set(card.idEspectaculoCartel, card);
  }
  return found;
}
