// The door check's server side (decision 0042): its pages are for door staff only (403 for
// anyone else, as the API refuses them); a scan's form is read with the contract's rules,
// and the entrance and performance it names are kept in the session for the next scan.
import { doorCheckRequest, endpoints } from "@contract";
import { z } from "zod";
import { forbidden } from "~/lib/responses";
import { failureResponse } from "~/services/commerce.server";
import {
  type RequestContext,
  type RequestContextArgs,
  requireUser,
} from "~/services/request-context.server";

/** The door's pages: a login, then the DOOR_STAFF role; anyone else gets a 403 page. */
export function requireDoorStaff(args: RequestContextArgs) {
  const shop = requireUser(args);
  if (shop.user?.lPuerta !== true) throw forbidden("door");
  return shop;
}

/** What the scan form posts; an empty performance is "any performance". */
const doorForm = doorCheckRequest.extend({
  idFuncion: z.preprocess(
    (value) => (value === "" ? undefined : value),
    doorCheckRequest.shape.idFuncion,
  ),
});

export type DoorFormValues = { cCodigo: string; cEntrada: string; idFuncion: string };

const textOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The form's fields as typed (to show them again), and the request or its field errors. */
export function readScanForm(form: FormData) {
  const values: DoorFormValues = {
    cCodigo: textOf(form.get("cCodigo")),
    cEntrada: textOf(form.get("cEntrada")),
    idFuncion: textOf(form.get("idFuncion")),
  };
  const parsed = doorForm.safeParse({
    cCodigo: form.get("cCodigo") ?? undefined,
    cEntrada: form.get("cEntrada") ?? undefined,
    idFuncion: form.get("idFuncion") ?? undefined,
  });
  if (parsed.success) return { ok: true, values, request: parsed.data } as const;
  const fieldErrors: Partial<Record<keyof DoorFormValues, string[]>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DoorFormValues;
    // The contract's messages are "validation" keys; zod's own defaults read as "invalid".
    const key = /^[a-zA-Z]+$/.test(issue.message) ? issue.message : "invalid";
    fieldErrors[field] = [...new Set([...(fieldErrors[field] ?? []), key])];
  }
  return { ok: false, values, fieldErrors } as const;
}

/** The door's settings for the next scan: the last ones set, else none. */
export function doorSettings(shop: RequestContext) {
  return shop.session.get("door") ?? { entrance: "", performanceId: null };
}

export function keepDoorSettings(shop: RequestContext, entrance: string, performanceId?: number) {
  shop.session.set("door", { entrance, performanceId: performanceId ?? null });
}

/** The performances to choose from; a role withdrawn since the login is a 403 page. */
export async function doorPerformances(shop: RequestContext) {
  const result = await shop.commerce.call(endpoints.doorPerformances);
  if (result.ok) return result.data.Lista;
  if (result.code === "FORBIDDEN") throw forbidden("door");
  throw failureResponse(result);
}
