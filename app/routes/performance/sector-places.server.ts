// A numbered sector's places with their state for the page, without reading every place from
// the API on every request. Which places a sector has (id, drawn seat, row and number) never
// changes for a performance, so it is read once (Posiciones) and kept in the storefront's
// process; each request then asks only for the sector's availability (Disponibilidad: the
// taken places as a bitset and the caller's own, from the API's cache).
import { endpoints, type SectorPlace } from "@contract";
import { decodeTakenBits } from "@contract/availability-bits.ts";
import { type CommerceClient, orThrow } from "~/services/commerce.server";

type PlaceLayout = Omit<SectorPlace, "cEstado">;

/** Sectors kept; past it the memory starts again (a big on-sale has a handful). */
const capacity = 512;
const layouts = new Map<string, Promise<PlaceLayout[]>>();

/** The sector's places in idPosicion order (the order of the availability bits). */
function layoutOf(commerce: CommerceClient, performanceId: number, sectorId: number) {
  const key = `${performanceId}:${sectorId}`;
  let layout = layouts.get(key);
  if (!layout) {
    if (layouts.size >= capacity) layouts.clear();
    layout = commerce
      .call(endpoints.sectorPlaces, { params: { id: performanceId, idSector: sectorId } })
      .then(orThrow)
      .then((answer) =>
        answer.listaPosiciones
          .map(({ idPosicion, idButaca, cFila, nNumero }) => ({
            idPosicion,
            idButaca,
            cFila,
            nNumero,
          }))
          .sort((a, b) => a.idPosicion - b.idPosicion),
      );
    layouts.set(key, layout);
    const kept = layout;
    kept.catch(() => {
      if (layouts.get(key) === kept) layouts.delete(key);
    });
  }
  return layout;
}

/** The sector's places with their state for the caller, and the availability version. */
export async function sectorPlacesOf(
  commerce: CommerceClient,
  performanceId: number,
  sectorId: number,
): Promise<{ version: string; places: SectorPlace[] }> {
  const [layout, availability] = await Promise.all([
    layoutOf(commerce, performanceId, sectorId),
    commerce
      .call(endpoints.availability, {
        params: { id: performanceId },
        query: { idSector: sectorId },
      })
      .then(orThrow),
  ]);
  const taken = decodeTakenBits(availability.oSector?.cOcupadas ?? "", layout.length);
  if (!taken) throw new Error(`availability of sector ${sectorId} does not fit its places`);
  const mine = new Set(availability.listaMias);
  const places = layout.map(
    (place, index): SectorPlace => ({
      ...place,
      cEstado: !taken[index] ? "FREE" : mine.has(place.idPosicion) ? "MINE" : "TAKEN",
    }),
  );
  return { version: availability.cVersion, places };
}

/** For tests: forget every sector's places. */
export function forgetSectorPlaces() {
  layouts.clear();
}
