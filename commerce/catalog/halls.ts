// The drawn halls as the seat map reads them: the plan (stage, sectors' outlines, 360° views)
// and a sector's seats. The drawing only changes with the hall's version, so each is built
// once per version (and language, for the plan's texts) and kept; a request costs one
// primary-key read of the version, which also lets the handler answer 304 before building.
import { asc, eq } from "drizzle-orm";
import type { Hall, HallSectorSeats } from "../contract/index.ts";
import type { Database } from "../db/client.ts";
import { hallSeats, hallSectors, halls } from "../db/schema.ts";
import { localized } from "../domain/localized.ts";
import type { Language } from "../i18n.ts";

type Owner = { db: Database };
type Kept<T> = { version: number; value: Promise<T> };
type HallCaches = {
  plans: Map<string, Kept<Hall>>;
  sectorSeats: Map<number, Kept<HallSectorSeats>>;
};
const caches = new WeakMap<Owner, HallCaches>();

function cachesOf(owner: Owner): HallCaches {
  let found = caches.get(owner);
  if (!found) {
    found = { plans: new Map(), sectorSeats: new Map() };
    caches.set(owner, found);
  }
  return found;
}

/** The kept value for this version, or a new one built (and kept unless it fails). */
function keptFor<K, T>(
  map: Map<K, Kept<T>>,
  key: K,
  version: number,
  build: () => Promise<T>,
): Promise<T> {
  const kept = map.get(key);
  if (kept && kept.version === version) return kept.value;
  const fresh = { version, value: build() };
  map.set(key, fresh);
  fresh.value.catch(() => {
    if (map.get(key) === fresh) map.delete(key);
  });
  return fresh.value;
}

/** The hall's current version, or null when there is no such hall. */
export async function hallVersion(db: Database, hallId: number): Promise<number | null> {
  const [hall] = await db
    .select({ version: halls.version })
    .from(halls)
    .where(eq(halls.id, hallId))
    .limit(1);
  return hall?.version ?? null;
}

/** The version of the hall a drawn sector belongs to, or null when there is no such sector. */
export async function hallSectorVersion(
  db: Database,
  hallSectorId: number,
): Promise<number | null> {
  const [sector] = await db
    .select({ version: halls.version })
    .from(hallSectors)
    .innerJoin(halls, eq(halls.id, hallSectors.hallId))
    .where(eq(hallSectors.id, hallSectorId))
    .limit(1);
  return sector?.version ?? null;
}

/** The hall's plan in the caller's language, as of `version` (from hallVersion). */
export function hallPlan(
  owner: Owner,
  hallId: number,
  version: number,
  language: Language,
): Promise<Hall> {
  return keptFor(cachesOf(owner).plans, `${hallId}:${language}`, version, () =>
    loadHallPlan(owner.db, hallId, language),
  );
}

/** Every seat of a drawn sector, as of `version` (from hallSectorVersion). */
export function hallSectorSeats(
  owner: Owner,
  hallSectorId: number,
  version: number,
): Promise<HallSectorSeats> {
  return keptFor(cachesOf(owner).sectorSeats, hallSectorId, version, () =>
    loadHallSectorSeats(owner.db, hallSectorId, version),
  );
}

async function loadHallPlan(db: Database, hallId: number, language: Language): Promise<Hall> {
  const [[hall], sectorRows] = await Promise.all([
    db.select().from(halls).where(eq(halls.id, hallId)).limit(1),
    db
      .select()
      .from(hallSectors)
      .where(eq(hallSectors.hallId, hallId))
      .orderBy(asc(hallSectors.sortOrder), asc(hallSectors.id)),
  ]);
  if (!hall) throw new Error(`hall ${hallId} vanished while read`);
  return {
    idSala: hall.id,
    nVersion: hall.version,
    nAncho: hall.width,
    nAlto: hall.height,
    oEscenario: {
      aContorno: hall.stage.outline,
      aFoco: hall.stage.focus,
      cNombre: localized(hall.stage.label, language),
    },
    listaSectores: sectorRows.map((sector) => ({
      idSectorSala: sector.id,
      cCodigo: sector.code,
      cNombre: sector.name,
      cTipo: sector.kind,
      aContorno: sector.outline,
      nEtiquetaX: sector.labelX,
      nEtiquetaY: sector.labelY,
      oVista360: sector.viewImage
        ? { cUri: sector.viewImage, cDescripcion: localized(sector.viewDescription, language) }
        : null,
    })),
  };
}

async function loadHallSectorSeats(
  db: Database,
  hallSectorId: number,
  version: number,
): Promise<HallSectorSeats> {
  const seats = await db
    .select()
    .from(hallSeats)
    .where(eq(hallSeats.hallSectorId, hallSectorId))
    .orderBy(asc(hallSeats.rowIndex), asc(hallSeats.seatIndex), asc(hallSeats.id));
  return {
    idSectorSala: hallSectorId,
    nVersion: version,
    listaButacas: seats.map((seat) => ({
      idButaca: seat.id,
      cFila: seat.row,
      nNumero: seat.number,
      nFila: seat.rowIndex,
      nOrden: seat.seatIndex,
      nBloque: seat.block,
      x: seat.x,
      y: seat.y,
      cTipo: seat.kind,
      idAcompananteDe: seat.companionOf,
      lVisionReducida: seat.restrictedView,
    })),
  };
}
