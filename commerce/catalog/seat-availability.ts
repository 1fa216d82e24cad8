// The seat map's two reads of a performance, shaped for the contract: one sector's places
// with their state for the caller, and availability as counts plus one sector's taken bits
// (whole, or as the changes since the caller's version). Both come from availability-cache.ts;
// only the caller's live processes are read per request (for MINE).
import { type Availability, encodeTakenBits, type SectorPlaces } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { notFound } from "../errors.ts";
import { type AvailabilitySnapshot, availabilityAt } from "./availability-cache.ts";
import {
  freeCounts,
  heldByViewer,
  type LayoutSector,
  sectorChanges,
  sectorTakenFlags,
  stateAt,
} from "./place-states.ts";
import { liveProcessIdsOf } from "./queries.ts";

type Owner = { db: Database };

/**
 * What every caller of one availability state is told alike, worked out once per state: the
 * snapshot keeps its bits object while nothing changes, and a 15,000-place venue's counts
 * cost a pass over every place.
 */
type SharedAnswer = {
  counts: ReturnType<typeof freeCounts>;
  takenBySector: Map<number, string>;
};
const sharedAnswers = new WeakMap<Uint8Array, SharedAnswer>();

function sharedAnswerOf(snapshot: AvailabilitySnapshot): SharedAnswer {
  let shared = sharedAnswers.get(snapshot.bits);
  if (!shared) {
    shared = { counts: freeCounts(snapshot.layout, snapshot.bits), takenBySector: new Map() };
    sharedAnswers.set(snapshot.bits, shared);
  }
  return shared;
}

function takenBitsOf(snapshot: AvailabilitySnapshot, sector: LayoutSector): string {
  const { takenBySector } = sharedAnswerOf(snapshot);
  let taken = takenBySector.get(sector.id);
  if (taken === undefined) {
    taken = encodeTakenBits(sectorTakenFlags(sector, snapshot.bits));
    takenBySector.set(sector.id, taken);
  }
  return taken;
}
type Read = { now: Date; viewerCustomerId: number | null };

/** The snapshot and, when asked, one of its sectors; an unknown one is a 404 like the rest. */
async function snapshotWith(
  owner: Owner,
  performanceId: number,
  sectorId: number | undefined,
  now: Date,
): Promise<{ snapshot: AvailabilitySnapshot; sector: LayoutSector | undefined }> {
  const snapshot = await availabilityAt(owner, performanceId, now);
  if (!snapshot) throw notFound();
  if (sectorId === undefined) return { snapshot, sector: undefined };
  const sector = snapshot.layout.sectors.find((s) => s.id === sectorId);
  if (!sector) throw notFound();
  return { snapshot, sector };
}

export async function loadSectorPlaces(
  owner: Owner,
  performanceId: number,
  sectorId: number,
  { now, viewerCustomerId }: Read,
): Promise<SectorPlaces> {
  const [{ snapshot, sector }, mine] = await Promise.all([
    snapshotWith(owner, performanceId, sectorId, now),
    liveProcessIdsOf(owner.db, viewerCustomerId, now),
  ]);
  const { layout, holds } = snapshot;
  const nowMs = now.getTime();
  return {
    idFuncion: performanceId,
    idSector: sectorId,
    cVersion: snapshot.version,
    listaPosiciones: Array.from(sector?.places ?? [], (index) => ({
      idPosicion: layout.ids[index],
      idButaca: layout.hallSeatIds[index],
      cFila: layout.rows[index],
      nNumero: layout.numbers[index],
      cEstado: stateAt(holds, index, nowMs, mine),
    })),
  };
}

export async function loadAvailability(
  owner: Owner,
  performanceId: number,
  query: { sectorId?: number; knownVersion?: string },
  { now, viewerCustomerId }: Read,
): Promise<Availability> {
  const [{ snapshot, sector }, mine] = await Promise.all([
    snapshotWith(owner, performanceId, query.sectorId, now),
    liveProcessIdsOf(owner.db, viewerCustomerId, now),
  ]);
  const { layout, bits, version } = snapshot;
  const unchanged = query.knownVersion === version;
  const known = unchanged ? undefined : snapshot.history.bitsOf(query.knownVersion ?? "");
  return {
    cVersion: version,
    lSinCambios: unchanged,
    listaSectores: sharedAnswerOf(snapshot).counts,
    ...(sector && !unchanged
      ? {
          oSector: known
            ? { idSector: sector.id, listaCambios: sectorChanges(layout, sector, known, bits) }
            : { idSector: sector.id, cOcupadas: takenBitsOf(snapshot, sector) },
        }
      : {}),
    listaMias: heldByViewer(layout, snapshot.holds, now.getTime(), mine),
  };
}
