// The /additionalData form: only the fields the provider did not give, each with the
// sign-up's rule (the same schema in the browser and on the server); an e-mail asked for
// here is confirmed like at sign-up (§5 'eMail must match').
import {
  type AdditionalDataField,
  additionalDataFields,
  additionalDataRequest,
  documentNumberProblem,
  plainText,
  signUpObject,
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
  const picked = Object.fromEntries(fields.map((field) => [field, signUpObject.shape[field]]));
  const asksEmail = fields.includes("cEmail");
  const form = z.object({
    ...picked,
    ...(asksEmail ? { cEmailConfirmacion: plainText({ error: "emailConfirmRequired" }) } : {}),
    redirectTo: redirectField,
  });
  const withEmail = asksEmail
    ? form.refine(
        (value: { cEmail?: unknown; cEmailConfirmacion?: unknown }) =>
          String(value.cEmail ?? "").toLowerCase() ===
          String(value.cEmailConfirmacion ?? "").toLowerCase(),
        { error: "emailMustMatch", path: ["cEmailConfirmacion"] },
      )
    : form;
  if (!fields.includes("cNumeroDocumento")) return withEmail as unknown as typeof everyField;
  // The number judged against its type, as at sign-up, whatever else failed.
  return withEmail.superRefine(
    (parsed, ctx) => {
      const value = parsed as { cTipoDocumento?: unknown; cNumeroDocumento?: unknown };
      const problem = documentNumberProblem(
        String(value.cTipoDocumento),
        String(value.cNumeroDocumento),
      );
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["cNumeroDocumento"] });
    },
    {
      when: ({ value, issues }) => {
        const form = value as { cTipoDocumento?: unknown; cNumeroDocumento?: unknown } | null;
        return (
          typeof form?.cTipoDocumento === "string" &&
          typeof form?.cNumeroDocumento === "string" &&
          !issues.some((issue) => String(issue.path?.[0]).endsWith("Documento"))
        );
      },
    },
  ) as unknown as typeof everyField;
}

/** Pending fields as stored in the session, in the form's order (unknown names dropped). */
export function pendingFieldsOf(value: readonly string[] | undefined): AdditionalDataField[] {
  return additionalDataFields.filter((field) => value?.includes(field));
}
