// "Change sector" on the checkout: the held seats of one sector moved to the same number of
// best seats in another sector of the performance (POST CambiarParaSector, all or nothing).
import { changeSectorRequest, endpoints, type PurchaseProcess } from "@contract";
import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import { isProduct } from "~/lib/browse-paths";
import type { CommerceClient } from "~/services/commerce.server";
import { holdFailureStatus } from "~/services/purchase.server";
import type { RequestContext } from "~/services/request-context.server";
import { notContiguousNotice } from "../performance/actions.server";
import { type ChangeSectorRefusal, moveKey, type SectorMove } from "./sector-moves";

export const sectorMovedNotice = "checkout:changeSector.moved";

/** Every group of held numbered seats that another numbered sector has room for. */
export async function sectorMovesFor(
  commerce: CommerceClient,
  process: PurchaseProcess,
): Promise<SectorMove[]> {
  const lines = process.listaFuncion.filter(
    (line) =>
      !isProduct(line.oEspectaculo) &&
      line.listaPosiciones.some((place) => place.cTipo === "NUMBERED"),
  );
  const moves = await Promise.all(
    lines.map(async (line) => {
      // The API's performance read is cached and carries each sector's free count.
      const performance = await commerce.call(endpoints.performance, {
        params: { id: line.idFuncion },
      });
      if (!performance.ok || performance.data.cEstado !== "ON_SALE") return [];
      const numbered = performance.data.listaSectores.filter((s) => s.cTipo === "NUMBERED");
      const held = new Map<number, { name: string; count: number }>();
      for (const place of line.listaPosiciones) {
        if (place.cTipo !== "NUMBERED") continue;
        const entry = held.get(place.idSector) ?? { name: place.cSectorNombre, count: 0 };
        entry.count += 1;
        held.set(place.idSector, entry);
      }
      return [...held].flatMap(([sectorId, { name, count }]): SectorMove[] => {
        const opciones = numbered
          .filter((s) => s.idSector !== sectorId && s.nDisponibles >= count)
          .map(({ idSector, cNombre, fPrecio }) => ({ idSector, cNombre, fPrecio }));
        if (opciones.length === 0) return [];
        return [
          {
            idFuncion: line.idFuncion,
            idSectorOrigen: sectorId,
            cSectorNombre: name,
            nCantidad: count,
            opciones,
          },
        ];
      });
    }),
  );
  return moves.flat();
}

export async function changeSectorAction(
  { commerce, session }: RequestContext,
  processId: number,
  form: FormData,
  t: TFunction,
) {
  const fields = {
    idFuncion: form.get("idFuncion"),
    idSectorOrigen: form.get("idSectorOrigen") ?? undefined,
    idSector: form.get("idSector"),
  };
  const refused = (message: string, status: number) =>
    data<ChangeSectorRefusal>({ changeSector: { key: moveKey(fields), message } }, { status });
  const body = changeSectorRequest.safeParse(fields);
  if (!body.success) return refused(t("errors:VALIDATION"), 400);
  const result = await commerce.call(endpoints.changeSector, {
    params: { id: processId },
    body: body.data,
  });
  if (!result.ok) return refused(result.message, holdFailureStatus(result));
  session.flash("notice", result.data.lContiguas ? sectorMovedNotice : notContiguousNotice);
  return redirect(`/BuyTicket/${processId}`);
}
