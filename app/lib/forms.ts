// Form schemas shared by the browser (Conform validates as you type when JavaScript runs)
// and the server (the same schema checks every submission). Error messages are i18n keys
// of the "validation" namespace; the contract supplies the API's own rules.
import {
  addressFields,
  aliasSchema,
  allCardChecks,
  type CardChecks,
  cardSchema,
  cardSchemaFor,
  changePasswordRequest,
  counterPaymentMedia,
  emailSchema,
  idParam,
  insertPhoneRequest,
  loginRequest,
  onePerCardChecks,
  type PhoneType,
  personalDataObject,
  personalDataRules,
  phoneNumberSchema,
  phoneTypeSchema,
  plainText,
  provinceOfCountry,
  recoveryCodeRequest,
  resetPasswordRequest,
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
    // The optional default phone, flat (a form cannot leave out a nested object): both or none.
    cTelefonoTipo: phoneTypeSchema.optional(),
    cTelefonoNumero: phoneNumberSchema.optional(),
  }),
)
  .refine((form) => !form.cTelefonoTipo || form.cTelefonoNumero, {
    error: "phoneRequired",
    path: ["cTelefonoNumero"],
  })
  .refine((form) => !form.cTelefonoNumero || form.cTelefonoTipo, {
    error: "phoneTypeRequired",
    path: ["cTelefonoTipo"],
  })
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

/** The sign-up form's phone fields as the API takes them (none when not both given). */
export function signUpPhone(form: { cTelefonoTipo?: PhoneType; cTelefonoNumero?: string }) {
  return form.cTelefonoTipo && form.cTelefonoNumero
    ? { cTipo: form.cTelefonoTipo, cNumero: form.cTelefonoNumero }
    : undefined;
}
/** My data: the sign-up's personal fields and rules, without e-mail and password. */
export const personalDataForm = personalDataRules(personalDataObject);

/** My alias: empty clears it. */
export const aliasForm = z.object({ cAlias: aliasSchema.optional() });

/** Checkout: delivery, payment method and installments, the card, and the terms (§5). */
export const checkoutForm = z.object({
  idEntregaTipo: z.coerce.number({ error: "deliveryRequired" }).int().positive(),
  /** Home delivery's address (the API says when it is missing for the type chosen). */
  idClienteDomicilio: z.coerce
    .number({ error: "deliveryAddressRequired" })
    .int()
    .positive({ error: "deliveryAddressRequired" })
    .optional(),
  /** The total the buyer saw on the Pay button: a different one is shown before charging. */
  fTotalVisto: z.coerce.number({ error: "invalid" }).int().nonnegative().optional(),
  nFormaDePago: z.coerce.number({ error: "paymentMethodRequired" }).int().positive(),
  nCuotas: z.coerce.number({ error: "installmentsRequired" }).int().min(1).max(24),
  oTarjeta: cardSchema,
  lAceptaTerminos: z.literal("on", { error: "termsRequired" }),
  cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
});

/**
 * The checkout with the card rules the brand's `cardValidation` turns on (§9): the same
 * schema in the browser and in the action. `checkoutForm` has them all.
 */
export const checkoutFormWith = onePerCardChecks((checks: CardChecks) =>
  checkoutForm.extend({ oTarjeta: cardSchemaFor(checks) }),
);

/** The checkout paid with a wallet: the same form without the card (paid on its page). */
export const walletCheckoutForm = checkoutForm.omit({ oTarjeta: true, nCuotas: true });

/**
 * The payment change page (/payChange/{id}): another method and, for a card, the card and its
 * installments, checked as on the checkout (the delivery and the terms were settled there).
 */
export const paymentChangeForm = checkoutForm.pick({
  nFormaDePago: true,
  nCuotas: true,
  oTarjeta: true,
  cClaveIdempotencia: true,
});

export const paymentChangeFormWith = onePerCardChecks((checks: CardChecks) =>
  paymentChangeForm.extend({ oTarjeta: cardSchemaFor(checks) }),
);

/** The payment change paid with a wallet: no card (paid on the wallet's page). */
export const walletPaymentChangeForm = paymentChangeForm.omit({ oTarjeta: true, nCuotas: true });

/** Paying a payment link (/linkPago/{id}): the card, installments and the terms. */
export const paymentLinkForm = z.object({
  nCuotas: z.coerce.number({ error: "installmentsRequired" }).int().min(1).max(24),
  oTarjeta: cardSchema,
  lAceptaTerminos: z.literal("on", { error: "termsRequired" }),
  cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
});

export const paymentLinkFormWith = onePerCardChecks((checks: CardChecks) =>
  paymentLinkForm.extend({ oTarjeta: cardSchemaFor(checks) }),
);

/** Paying a payment link on Bancard's card form: the terms only (the card is typed there). */
export const paymentLinkBancardForm = paymentLinkForm.pick({
  lAceptaTerminos: true,
  cClaveIdempotencia: true,
});

/** The box office's payment link: whom to mail it to. */
export const boxPaymentLinkForm = z.object({
  oComprador: z.object({
    cNombre: plainText({ error: "buyerNameRequired" })
      .min(1, { error: "buyerNameRequired" })
      .max(120, { error: "tooLong" }),
    cEmail: emailSchema,
  }),
});

/** A payment link pasted on /linkPago. */
export const pastedLinkForm = z.object({
  cLink: plainText({ error: "paymentLinkInvalid" })
    .min(1, { error: "paymentLinkInvalid" })
    .max(500, { error: "paymentLinkInvalid" }),
});

/**
 * The box office's sale (/BuyTicketBox): the walk-in buyer, cash or card present, and the
 * card's fields, checked as the online card (cardSchema) only when the card is the medium;
 * with cash the empty card fields are no error.
 */
const cardFieldsAsTyped = z
  .object({
    cNumero: z.string().optional(),
    nMesVencimiento: z.string().optional(),
    nAnioVencimiento: z.string().optional(),
    cCodigoSeguridad: z.string().optional(),
    cTitular: z.string().optional(),
    cDocumento: z.string().optional(),
  })
  .optional();
const boxSaleFields = z.object({
  cClaveIdempotencia: plainText({ trim: false }).min(8).max(100),
  cMedioDePago: z.enum(counterPaymentMedia, { error: "paymentMediumRequired" }),
  oComprador: z.object({
    cNombre: plainText({ error: "buyerNameRequired" })
      .min(1, { error: "buyerNameRequired" })
      .max(120, { error: "tooLong" }),
    cEmail: emailSchema.optional(),
  }),
  oTarjeta: cardFieldsAsTyped,
  nCuotas: z.coerce.number({ error: "installmentsRequired" }).int().min(1).max(24).default(1),
});

/** The sale with the card rules the brand's `cardValidation` turns on (§9). */
export const boxSaleFormWith = onePerCardChecks((checks: CardChecks) =>
  boxSaleFields.superRefine((sale, ctx) => {
    if (sale.cMedioDePago !== "TARJETA_PRESENTE") return;
    const card = cardSchemaFor(checks).safeParse(sale.oTarjeta ?? {});
    for (const issue of card.success ? [] : card.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: ["oTarjeta", ...issue.path] });
    }
  }),
);
export const boxSaleForm = boxSaleFormWith(allCardChecks);

/** The sale with Bancard's card form: a card is typed there, so no card's fields here. */
export const boxSaleBancardForm = boxSaleFields.omit({ oTarjeta: true, nCuotas: true });

/** A phone of /myPhone: a new one, or an edit of the one its id names. */
export const phoneForm = insertPhoneRequest.extend({ idClienteTelefono: idParam.optional() });

/** An address of /myAddress: a new one, or an edit of the one its id names. */
export const addressForm = addressFields
  .extend({ idClienteDomicilio: idParam.optional() })
  .superRefine(provinceOfCountry);
/** A new password typed twice (§5: 'Password must match'). */
const passwordConfirmation = {
  cClaveConfirmacion: plainText({ error: "passwordConfirmRequired", trim: false }),
};
const newPasswordsMatch = (form: { cClave: string; cClaveConfirmacion: string }) =>
  form.cClave === form.cClaveConfirmacion;
const mustMatch = {
  error: "passwordMustMatch",
  path: ["cClaveConfirmacion"],
  // Said together with the other fields' errors, not only once they are all right.
  when: ({ value }: { value: unknown }) => {
    const form = value as { cClave?: unknown; cClaveConfirmacion?: unknown } | null;
    return typeof form?.cClave === "string" && typeof form.cClaveConfirmacion === "string";
  },
};
/** Password recovery, step 1: the e-mail to send a code to. */
export const recoverAskForm = recoveryCodeRequest;
/** Password recovery, step 2: the code and the new password (the e-mail rides along). */
export const recoverResetForm = resetPasswordRequest
  .extend(passwordConfirmation)
  .refine(newPasswordsMatch, mustMatch);
/** Change of password: the current one and the new one twice. */
export const changePasswordForm = changePasswordRequest
  .extend(passwordConfirmation)
  .refine(newPasswordsMatch, mustMatch);
