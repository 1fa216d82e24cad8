// Card fields (§5) and the charge request. Luhn and expiry-in-the-past come from
// card-rules.ts, which the sandbox acquirer applies as well. The API checks every rule
// (cardSchema); the storefront's forms only those its brand's `cardValidation` turns on.
import { z } from "zod";
import {
  allCardChecks,
  type CardChecks,
  expiryNotPast,
  luhnValid,
  onePerCardChecks,
} from "./card-rules.ts";
import { plainText } from "./text.ts";

export { allCardChecks, type CardChecks, onePerCardChecks } from "./card-rules.ts";

/** The number without the spaces and dashes people type: its length checked, or digits only. */
const cardNumber = (checkLength: boolean) => {
  const digits = z.string().min(1, { error: "cardNumberRequired", abort: true });
  return plainText({ error: "cardNumberRequired", trim: false })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      checkLength
        ? digits.regex(/^[0-9]{13,19}$/, { error: "cardNumberIncomplete" })
        : digits.regex(/^[0-9]{1,19}$/, { error: "cardNumberDigits" }),
    )
    .meta(
      checkLength
        ? {
            description: "13 to 19 digits that pass the Luhn check.",
            examples: ["4111111111111111"],
          }
        : { description: "Up to 19 digits." },
    );
};

/** The security code: 3 or 4 digits, or any few digits (the acquirer judges them). */
const securityCode = (checkLength: boolean) =>
  checkLength
    ? plainText({ error: "cvcRequired" }).regex(/^[0-9]{3,4}$/, { error: "cvcInvalid" })
    : plainText({ error: "cvcRequired" })
        .min(1, { error: "cvcRequired", abort: true })
        .regex(/^[0-9]{1,8}$/, { error: "cvcDigits" });

const cardFields = (checks: CardChecks) =>
  z.object({
    cNumero: cardNumber(checks.number),
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
      .transform((y) => y)
      .meta({ description: "With the month, not in the past.", examples: [2035] }),
    cCodigoSeguridad: securityCode(checks.cvc),
    cTitular: plainText({ error: "holderRequired" })
      .min(1, { error: "holderRequired" })
      .max(80, { error: "tooLong" }),
    cDocumento: plainText({ error: "documentRequired" })
      .min(1, { error: "documentRequired" })
      .max(20, { error: "documentTooHigh" }),
  });

/** The card with the rules `checks` turns on (each form: its brand's `cardValidation`). */
export const cardSchemaFor = onePerCardChecks((checks) =>
  cardFields(checks).superRefine(
    (card, ctx) => {
      // Only judge fields that passed their own checks, so each field shows one clear message.
      const failed = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
      if (checks.number && !failed("cNumero") && !luhnValid(card.cNumero)) {
        ctx.addIssue({ code: "custom", path: ["cNumero"], message: "cardNumberInvalid" });
      }
      if (
        checks.expiry &&
        !failed("nMesVencimiento") &&
        !failed("nAnioVencimiento") &&
        !expiryNotPast(card.nMesVencimiento, card.nAnioVencimiento, new Date())
      ) {
        ctx.addIssue({ code: "custom", path: ["nMesVencimiento"], message: "expiryPast" });
      }
    },
    // Run even when other fields failed (by default it is skipped), never on a non-object.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  ),
);

/** The card with every rule: what the API takes. */
export const cardSchema = cardSchemaFor(allCardChecks);
export type Card = z.infer<typeof cardSchema>;
