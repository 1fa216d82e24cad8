// Card fields (§5) and the charge request. Luhn and expiry-in-the-past come from
// card-rules.ts, which the sandbox acquirer applies as well.
import { z } from "zod";
import { expiryNotPast, luhnValid } from "./card-rules.ts";
import { plainText } from "./text.ts";

const cardFields = z.object({
  cNumero: plainText({ error: "cardNumberRequired", trim: false })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, { error: "cardNumberRequired" })
        .regex(/^[0-9]{13,19}$/, { error: "cardNumberIncomplete" }),
    ),
  nMesVencimiento: z.coerce
    .number({ error: "expiryMonthRequired" })
    .int({ error: "expiryMonthRequired" })
    .min(1, { error: "expiryMonthRequired" })
    .max(12, { error: "expiryMonthRequired" }),
  nAnioVencimiento: z.coerce
    .number({ error: "expiryYearRequired" })
    .int({ error: "expiryYearRequired" })
    .min(2000, { error: "expiryYearRequired" })
    .max(2100, { error: "expiryYearRequired" })
    .transform((y) => y),
  cCodigoSeguridad: plainText({ error: "cvcRequired" }).regex(/^[0-9]{3,4}$/, {
    error: "cvcInvalid",
  }),
  cTitular: plainText({ error: "holderRequired" })
    .min(1, { error: "holderRequired" })
    .max(80, { error: "tooLong" }),
  cDocumento: plainText({ error: "documentRequired" })
    .min(1, { error: "documentRequired" })
    .max(20, { error: "documentTooHigh" }),
});
export const cardSchema = cardFields.superRefine(
  (card, ctx) => {
    // Only judge fields that passed their own checks, so each field shows one clear message.
    const failed = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
    if (!failed("cNumero") && !luhnValid(card.cNumero)) {
      ctx.addIssue({ code: "custom", path: ["cNumero"], message: "cardNumberInvalid" });
    }
    if (
      !failed("nMesVencimiento") &&
      !failed("nAnioVencimiento") &&
      !expiryNotPast(card.nMesVencimiento, card.nAnioVencimiento, new Date())
    ) {
      ctx.addIssue({ code: "custom", path: ["nMesVencimiento"], message: "expiryPast" });
    }
  },
  // Run even when other fields failed (by default it is skipped), never on a non-object.
  { when: (payload) => typeof payload.value === "object" && payload.value !== null },
);
export type Card = z.infer<typeof cardSchema>;
