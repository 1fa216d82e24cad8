// Form schemas shared by the browser (Conform validates as you type when JavaScript runs)
// and the server (the same schema checks every submission). Error messages are i18n keys
// of the "validation" namespace; the contract supplies the API's own rules.
import {
  aliasSchema,
  cardSchema,
  loginRequest,
  personalDataObject,
  personalDataRules,
  plainText,
  signUpObject,
} from "@contract";
import { z } from "zod";

export const redirectField = z.string().optional();

export const loginForm = loginRequest.extend({ redirectTo: redirectField });

/** Whether both fields hold text: a rule comparing them may run, whatever else failed. */
const bothText =
  (first: string, second: string) =>
  ({ value }: { value: unknown }) => {
    const form = value as Record<string, unknown>;
    return typeof form?.[first] === "string" && typeof form?.[second] === "string";
  };

/**
 * Sign-up asks twice for e-mail and password (§5: each must match its confirmation). Every
 * rule runs even when another field failed, so one submit shows every message at once.
 */
export const signUpForm = personalDataRules(
  signUpObject.extend({
    cEmailConfirmacion: plainText({ error: "emailConfirmRequired" }),
    cClaveConfirmacion: plainText({ error: "passwordConfirmRequired", trim: false }),
    redirectTo: redirectField,
  }),
)
  .refine((form) => form.cEmail.toLowerCase() === form.cEmailConfirmacion.toLowerCase(), {
    error: "emailMustMatch",
    path: ["cEmailConfirmacion"],
    when: bothText("cEmail", "cEmailConfirmacion"),
  })
  .refine((form) => form.cClave === form.cClaveConfirmacion, {
    error: "passwordMustMatch",
    path: ["cClaveConfirmacion"],
    when: bothText("cClave", "cClaveConfirmacion"),
  });

/** My data: the sign-up's personal fields and rules, without e-mail and password. */
export const personalDataForm = personalDataRules(personalDataObject);

/** My alias: empty clears it. */
export const aliasForm = z.object({ cAlias: aliasSchema.optional() });

/** Checkout: delivery, payment method and installments, the card, and the terms (§5). */
export const checkoutForm = z.object({
  idEntregaTipo: z.coerce.number({ error: "deliveryRequired" }).int().positive(),
  nFormaDePago: z.coerce.number({ error: "paymentMethodRequired" }).int().positive(),
  nCuotas: z.coerce.number({ error: "installmentsRequired" }).int().min(1).max(24),
  oTarjeta: cardSchema,
  lAceptaTerminos: z.literal("on", { error: "termsRequired" }),
  cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
});
