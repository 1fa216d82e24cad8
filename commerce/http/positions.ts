// Group handlers on positions (issue 9): what a process holds, the N best places of a sector
// or of the whole hall, giving a group back, and moving held places to another sector.
import {
  changeSectorEndpoint,
  heldPlacesEndpoint,
  releaseGroupEndpoint,
  takeGroupEndpoint,
} from "../contract/index.ts";
import type { CommerceDeps } from "../deps.ts";
import type { Language } from "../i18n.ts";
import { changeSector, type GroupHold, heldPlacesOf, takeGroup } from "../purchase/group-holds.ts";
import { releasePerformance } from "../purchase/process.ts";
import { loadProcessView } from "../purchase/view.ts";
import { ensureQueuePass } from "../queue/pass.ts";
import { implement } from "./register.ts";

export function positionHandlers(deps: CommerceDeps) {
  const view = (hold: GroupHold, language: Language) =>
    loadProcessView(deps, hold.process, language);
  const groupView = async (hold: GroupHold, language: Language) => ({
    ...(await view(hold, language)),
    lContiguas: hold.contiguous,
    listaTomadas: hold.ids,
  });

  return [
    implement(heldPlacesEndpoint, async ({ params, customerId, language }) => {
      const { process } = await heldPlacesOf(deps, { processId: params.id, customerId });
      // The process view prices each place under its promotion.
      const current = await loadProcessView(deps, process, language);
      return {
        idProcesoDeCompra: process.id,
        listaPosiciones: current.listaFuncion.flatMap((line) => line.listaPosiciones),
      };
    }),

    implement(takeGroupEndpoint, async ({ params, body, customerId, language }) => {
      const take = { processId: params.id, customerId, request: body };
      await ensureQueuePass(deps, take);
      return groupView(await takeGroup(deps, take), language);
    }),

    implement(releaseGroupEndpoint, async ({ params, body, customerId, language }) => {
      const process = await releasePerformance(deps, {
        processId: params.id,
        customerId,
        performanceId: body.idFuncion,
        positionIds: body.listaPosiciones,
      });
      return loadProcessView(deps, process, language);
    }),

    implement(changeSectorEndpoint, async ({ params, body, customerId, language }) => {
      const input = {
        processId: params.id,
        customerId,
        performanceId: body.idFuncion,
        fromSectorId: body.idSectorOrigen,
        toSectorId: body.idSector,
      };
      return groupView(await changeSector(deps, input), language);
    }),
  ];
}
