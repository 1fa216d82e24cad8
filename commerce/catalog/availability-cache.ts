// The seat map's availability, answered from memory (decision 0033). Per API instance and
// performance it keeps the static layout (sectors, place ids, rows, numbers: read once), the
// raw hold data in typed arrays (read again after a change), and the last versions' taken
// bits so a refresh can be answered with a delta. Every change of availability made by this
// server (purchase/inventory.ts) marks the hold data stale at once; writes of other API
// servers show up after at most HOLDS_TTL_MS. States are computed at read time, so a hold
// that expires needs no write and no invalidation: the cached bits are reused only until the
// next deadline among the holds.
import type { Database } from "../db/client.ts";
import { loadPlaceHolds, loadPlacesLayout } from "./performance-places.ts";
import {
  type PlaceHolds,
  type PlacesLayout,
  takenBitsAt,
  VersionHistory,
  versionOf,
} from "./place-states.ts";

/** How long hold data read from the database is used when this server wrote nothing. */
export const HOLDS_TTL_MS = 5_000;
/** Versions kept per performance: a caller this many changes behind still gets a delta. */
export const VERSIONS_KEPT = 16;
/** Performances kept per API instance; the least recently read one goes first. */
export const PERFORMANCES_KEPT = 64;

/** What a read of one performance's availability sees at one instant. */
export type AvailabilitySnapshot = {
  layout: PlacesLayout;
  holds: PlaceHolds;
  /** Taken bits of every place of the layout at the instant read. */
  bits: Uint8Array;
  version: string;
  history: VersionHistory;
};

type Bits = { bits: Uint8Array; version: string; from: number; until: number };
type HoldsEntry = { generation: number; loadedAt: number; value: Promise<PlaceHolds> };
type PerformanceEntry = {
  layout: Promise<PlacesLayout | null>;
  holds?: HoldsEntry;
  /** The bits last computed from `holds`, valid between two deadlines. */
  latest?: Bits & { holds: PlaceHolds };
  history: VersionHistory;
};
type InstanceCache = { generation: number; performances: Map<number, PerformanceEntry> };

/** Keyed by the API's dependencies object: one cache per API instance. */
type Owner = { db: Database };
const caches = new WeakMap<Owner, InstanceCache>();

function cacheOf(owner: Owner): InstanceCache {
  let cache = caches.get(owner);
  if (!cache) {
    cache = { generation: 0, performances: new Map() };
    caches.set(owner, cache);
  }
  return cache;
}

/**
 * Call after a change of availability has committed. It only bumps a counter (O(1)): every
 * performance's hold data is read again on its next read, and its version history stays, so
 * callers still get deltas. (Which performance changed is not tracked: one indexed read of
 * the sold and held places per performance read afterwards is the price.)
 */
export function invalidateAvailability(owner: Owner): void {
  const cache = caches.get(owner);
  if (cache) cache.generation++;
}

/** The performance's entry, most recently used last; the oldest beyond the bound dropped. */
function entryOf(owner: Owner, cache: InstanceCache, performanceId: number): PerformanceEntry {
  const { performances } = cache;
  let entry = performances.get(performanceId);
  if (entry) {
    performances.delete(performanceId);
  } else {
    const layout = loadPlacesLayout(owner.db, performanceId);
    entry = { layout, history: new VersionHistory(VERSIONS_KEPT) };
    const created = entry;
    // Unknown performances and failed reads are not kept (odd ids cannot pile up).
    layout.then(
      (found) => {
        if (!found && performances.get(performanceId) === created) {
          performances.delete(performanceId);
        }
      },
      () => {
        if (performances.get(performanceId) === created) performances.delete(performanceId);
      },
    );
  }
  performances.set(performanceId, entry);
  while (performances.size > PERFORMANCES_KEPT) {
    performances.delete(performances.keys().next().value as number);
  }
  return entry;
}

function currentHolds(
  owner: Owner,
  cache: InstanceCache,
  entry: PerformanceEntry,
  layout: PlacesLayout,
  nowMs: number,
): Promise<PlaceHolds> {
  const kept = entry.holds;
  if (
    kept &&
    kept.generation === cache.generation &&
    nowMs >= kept.loadedAt &&
    nowMs - kept.loadedAt < HOLDS_TTL_MS
  ) {
    return kept.value;
  }
  const value = loadPlaceHolds(owner.db, layout);
  // Stamped with the generation it started under: a change committed while it reads makes
  // it stale at once, so it can never hide that change.
  const fresh: HoldsEntry = { generation: cache.generation, loadedAt: nowMs, value };
  entry.holds = fresh;
  value.catch(() => {
    if (entry.holds === fresh) entry.holds = undefined;
  });
  return value;
}

/** The first deadline after `nowMs` among the live holds (+Infinity when none). */
function nextDeadline(holds: PlaceHolds, nowMs: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (let index = 0; index < holds.holder.length; index++) {
    const until = holds.heldUntil[index];
    if (holds.holder[index] !== 0 && holds.sold[index] === 0 && until > nowMs && until < next) {
      next = until;
    }
  }
  return next;
}

/** The performance's availability at `now`, or null for an unknown performance. */
export async function availabilityAt(
  owner: Owner,
  performanceId: number,
  now: Date,
): Promise<AvailabilitySnapshot | null> {
  const cache = cacheOf(owner);
  const entry = entryOf(owner, cache, performanceId);
  const layout = await entry.layout;
  if (!layout) return null;
  const nowMs = now.getTime();
  const holds = await currentHolds(owner, cache, entry, layout, nowMs);
  let latest = entry.latest;
  if (!latest || latest.holds !== holds || nowMs < latest.from || nowMs >= latest.until) {
    const bits = takenBitsAt(holds, nowMs);
    const version = versionOf(bits, layout.ids.length);
    latest = { holds, bits, version, from: nowMs, until: nextDeadline(holds, nowMs) };
    entry.latest = latest;
    entry.history.remember(version, bits);
  }
  return {
    layout,
    holds,
    bits: latest.bits,
    version: latest.version,
    history: entry.history,
  };
}
