// The /additionalData form: only the fields the provider did not give, each with the
// sign-up's rule (the same schema in the browser and on the server); an e-mail asked for
// here is confirmed like at sign-up (§5 'eMail must match').
import {
  type AdditionalDataField,
  additionalDataFields,
  additionalDataRequest,
  plainText,
  signUpRequest,
} from "@contract";
import { z } from "zod";
import { redirectField } from "./forms";

/** The form's every possible field, as its type: which are required depends on `pending`. */
const everyField = additionalDataRequest.extend({
  cEmailConfirmacion: plainText().optional(),
  redirectTo: redirectField,
});

export function additionalDataForm(pending: readonly AdditionalDataField[]): typeof everyField {
  const fields = additionalDataFields.filter((field) => pending.includes(field));
  const picked = Object.fromEntries(fields.map((field) => [field, signUpRequest.shape[field]]));
  const base = z.object({ ...picked, redirectTo: redirectField });
  if (!fields.includes("cEmail")) return base as unknown as typeof everyField;
  return base
    .extend({ cEmailConfirmacion: plainText({ error: "emailConfirmRequired" }) })
    .refine(
      (form: { cEmail?: unknown; cEmailConfirmacion: string }) =>
        String(form.cEmail ?? "").toLowerCase() === form.cEmailConfirmacion.toLowerCase(),
      { error: "emailMustMatch", path: ["cEmailConfirmacion"] },
    ) as unknown as typeof everyField;
}

/** Pending fields as stored in the session, in the form's order (unknown names dropped). */
export function pendingFieldsOf(value: readonly string[] | undefined): AdditionalDataField[] {
  return additionalDataFields.filter((field) => value?.includes(field));
}
