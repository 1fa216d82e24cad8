// A performance's places held in typed arrays, and the pure reads of the seat map over them:
// each place's state at a given instant, the taken bits, free counts, the availability
// version and the changes between two versions. The arrays hold the raw hold data (sold,
// deadline, holder), never a state: expiry is lazy (availability.ts), so a hold turns free
// when the clock passes its deadline with no write, and states are worked out at read time.

/** What does not change while a performance is on sale: its sectors and places, in id order. */
export type PlacesLayout = {
  performanceId: number;
  sectors: readonly LayoutSector[];
  /** Every place's id, ascending; the index into it is the place's index everywhere below. */
  ids: Int32Array;
  rows: readonly (string | null)[];
  numbers: readonly (number | null)[];
  hallSeatIds: readonly (number | null)[];
};

export type LayoutSector = {
  id: number;
  kind: "GENERAL" | "NUMBERED";
  /** The sector's places as indexes into the layout, ascending (so in idPosicion order). */
  places: Int32Array;
};

/** The hold data of every place of a layout, by place index. */
export type PlaceHolds = {
  sold: Uint8Array;
  /** The holding process's id; 0 when none (ids start at 1). */
  holder: Int32Array;
  /** The hold's deadline in ms; +Infinity for a hold without one (it holds, as in SQL). */
  heldUntil: Float64Array;
};

export type PlaceState = "FREE" | "TAKEN" | "MINE";

export function emptyHolds(count: number): PlaceHolds {
  return {
    sold: new Uint8Array(count),
    holder: new Int32Array(count),
    heldUntil: new Float64Array(count),
  };
}

/** The index of a place id in the layout, or -1. */
export function placeIndexOf(layout: PlacesLayout, id: number): number {
  const { ids } = layout;
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ids[middle] === id) return middle;
    if (ids[middle] < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Records one place's hold data (a row of `positions`) into the arrays. */
export function recordHold(
  holds: PlaceHolds,
  index: number,
  row: { sold: boolean; heldByProcessId: number | null; heldUntil: Date | null },
): void {
  holds.sold[index] = row.sold ? 1 : 0;
  holds.holder[index] = row.heldByProcessId ?? 0;
  holds.heldUntil[index] =
    row.heldByProcessId === null ? 0 : (row.heldUntil?.getTime() ?? Number.POSITIVE_INFINITY);
}

/** The twin of availability.ts isPlaceFree over the arrays (a deadline frees at its instant). */
export function isTakenAt(holds: PlaceHolds, index: number, nowMs: number): boolean {
  if (holds.sold[index] === 1) return true;
  return holds.holder[index] !== 0 && holds.heldUntil[index] > nowMs;
}

/** FREE, TAKEN or MINE for a viewer with these live processes (MINE: held by one of them). */
export function stateAt(
  holds: PlaceHolds,
  index: number,
  nowMs: number,
  viewerProcessIds: ReadonlySet<number>,
): PlaceState {
  if (!isTakenAt(holds, index, nowMs)) return "FREE";
  if (holds.sold[index] === 0 && viewerProcessIds.has(holds.holder[index])) return "MINE";
  return "TAKEN";
}

/** One bit per place of the layout (1 = taken at `nowMs`), least significant bit first. */
export function takenBitsAt(holds: PlaceHolds, nowMs: number): Uint8Array {
  const count = holds.sold.length;
  const bits = new Uint8Array(Math.ceil(count / 8));
  for (let index = 0; index < count; index++) {
    if (isTakenAt(holds, index, nowMs)) bits[index >> 3] |= 1 << (index & 7);
  }
  return bits;
}

export function bitAt(bits: Uint8Array, index: number): boolean {
  return (bits[index >> 3] & (1 << (index & 7))) !== 0;
}

/**
 * The availability version: a 53-bit hash (cyrb53) of the taken bits and their count, in
 * base 36 (at most 11 characters). Equal bits give equal versions on every API server.
 */
export function versionOf(bits: Uint8Array, count: number): string {
  let h1 = 0xdeadbeef ^ count;
  let h2 = 0x41c6ce57 ^ count;
  for (let i = 0; i < bits.length; i++) {
    h1 = Math.imul(h1 ^ bits[i], 2654435761);
    h2 = Math.imul(h2 ^ bits[i], 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A sector's taken flags in idPosicion order (the input of encodeTakenBits). */
export function sectorTakenFlags(sector: LayoutSector, bits: Uint8Array): boolean[] {
  return Array.from(sector.places, (index) => bitAt(bits, index));
}

/** Free places per sector. */
export function freeCounts(
  layout: PlacesLayout,
  bits: Uint8Array,
): { idSector: number; nDisponibles: number }[] {
  return layout.sectors.map((sector) => {
    let free = 0;
    for (const index of sector.places) if (!bitAt(bits, index)) free++;
    return { idSector: sector.id, nDisponibles: free };
  });
}

/** The sector's places whose bit differs between two versions: [idPosicion, 1 taken | 0 free]. */
export function sectorChanges(
  layout: PlacesLayout,
  sector: LayoutSector,
  before: Uint8Array,
  after: Uint8Array,
): [number, 0 | 1][] {
  const changes: [number, 0 | 1][] = [];
  for (const index of sector.places) {
    const now = bitAt(after, index);
    if (bitAt(before, index) !== now) changes.push([layout.ids[index], now ? 1 : 0]);
  }
  return changes;
}

/** The places held by one of the viewer's live processes (and not sold), by id. */
export function heldByViewer(
  layout: PlacesLayout,
  holds: PlaceHolds,
  nowMs: number,
  viewerProcessIds: ReadonlySet<number>,
): number[] {
  if (viewerProcessIds.size === 0) return [];
  const mine: number[] = [];
  for (let index = 0; index < layout.ids.length; index++) {
    if (stateAt(holds, index, nowMs, viewerProcessIds) === "MINE") mine.push(layout.ids[index]);
  }
  return mine;
}

/**
 * The last few versions' bits of one performance, newest last, so a caller that sends a
 * recent version gets the changes since then instead of the whole state.
 */
export class VersionHistory {
  private readonly versions = new Map<string, Uint8Array>();
  constructor(private readonly limit: number) {}

  remember(version: string, bits: Uint8Array): void {
    this.versions.delete(version);
    this.versions.set(version, bits);
    while (this.versions.size > this.limit) {
      const oldest = this.versions.keys().next().value as string;
      this.versions.delete(oldest);
    }
  }

  bitsOf(version: string): Uint8Array | undefined {
    return this.versions.get(version);
  }
}
