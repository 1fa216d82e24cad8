// Contract of the group calls on positions (issue 9, spec §7 "Positions"): what a process
// holds, the N best places of a sector or of the whole hall, giving a group back, and moving
// the held places to another sector. Same rules as Tomar: one conditional statement per hold,
// never sold twice, a hold past its deadline is free, the per-customer maximum of places.
import { z } from "zod";
import { closedProcessErrors, holdErrors, processChangeErrors } from "./business-errors.ts";
import { defineEndpoint } from "./endpoint.ts";
import { heldPlaceSchema, processKind, purchaseProcessSchema } from "./purchase.ts";
import { idOrZeroPath, idParam, idParams } from "./shared.ts";

export const takeGroupRequest = z.object({
  idFuncion: idParam,
  /** The sector to choose in; absent: the best places of the whole hall. */
  idSector: idParam.optional(),
  nCantidad: z.coerce.number({ error: "quantityRequired" }).int().min(1).max(20),
  /**
   * A wheelchair place and, for the rest of the quantity, its companion seats. A flag, or
   * "true"/"false" (coercion would read the text "false" as true).
   */
  lSillaDeRuedas: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")])
    .optional(),
  /** A new process's type: BOX (the box office; clerks only) or CART (default). */
  ctProcess: processKind.optional(),
});
export type TakeGroupRequest = z.infer<typeof takeGroupRequest>;

/** The process after a group hold, and whether the seats it got are side by side. */
export const groupHoldResponse = purchaseProcessSchema.extend({
  /** False: no N adjacent seats were left, so separate ones were given (spec §8). */
  lContiguas: z.boolean(),
  /** The places this call took. */
  listaTomadas: z.array(z.number().int()),
});
export type GroupHoldResponse = z.infer<typeof groupHoldResponse>;

export const releaseGroupRequest = z.object({
  idFuncion: idParam,
  /** Only these places; absent: every place the process holds in the performance. */
  listaPosiciones: z.array(idParam).min(1).max(20).optional(),
});

export const changeSectorRequest = z.object({
  idFuncion: idParam,
  /** Move only the places held in this sector; absent: every held numbered place. */
  idSectorOrigen: idParam.optional(),
  /** Where to: the same number of best places of this sector, all or nothing. */
  idSector: idParam,
});

export const heldPlacesResponse = z.object({
  idProcesoDeCompra: z.number().int(),
  listaPosiciones: z.array(heldPlaceSchema),
});

// ---------------------------------------------------------------- endpoints

export const heldPlacesEndpoint = defineEndpoint({
  id: "heldPlaces",
  method: "POST",
  path: "/Proceso/{id}/Posiciones",
  area: "purchase",
  summary: "The places the caller's process holds right now (expired holds are not listed).",
  access: "customer",
  errors: closedProcessErrors,
  params: idParams,
  response: heldPlacesResponse,
});

export const takeGroupEndpoint = defineEndpoint({
  id: "takeGroup",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/TomarGrupo",
  area: "purchase",
  summary:
    "Holds the N best free places of a sector or of the whole hall: side by side in one row, " +
    "nearest the centre of the stage, leaving no single seat stranded; separate ones (lContiguas " +
    "false) when no such group is left. Proceso/0 starts a new process. All or nothing.",
  access: "customer",
  errors: holdErrors,
  params: z.object({ id: idOrZeroPath }),
  body: takeGroupRequest,
  response: groupHoldResponse,
});

export const releaseGroupEndpoint = defineEndpoint({
  id: "releaseGroup",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/SoltarGrupo",
  area: "purchase",
  summary:
    "Gives back places of one performance: the ones listed, or all the process holds there. " +
    "A process left without places ends (CANCELLED).",
  access: "customer",
  errors: processChangeErrors,
  params: idParams,
  body: releaseGroupRequest,
  response: purchaseProcessSchema,
});

export const changeSectorEndpoint = defineEndpoint({
  id: "changeSector",
  method: "POST",
  path: "/Proceso/{id}/Posiciones/CambiarParaSector",
  area: "purchase",
  summary:
    "Moves the held places of a performance to the same number of best places in another of " +
    "its sectors, all or nothing: when the new sector cannot take them all, nothing changes.",
  access: "customer",
  errors: holdErrors,
  params: idParams,
  body: changeSectorRequest,
  response: groupHoldResponse,
});
