// Contract of the password calls (spec §7 "Customer"): a recovery code sent by mail
// (CodigoRecupero), a new password with that code (ModificarClave/CodigoRecupero), and a
// change of password by a logged-in customer (Modificar/Clave).
import { z } from "zod";
import { emailSchema, passwordSchema } from "./customers.ts";
import { defineEndpoint } from "./endpoint.ts";
import { plainText } from "./text.ts";

/** Recovery codes are this many digits (customers/recovery-code.ts draws them). */
export const recoveryCodeLength = 8;

/** A recovery code as typed: spaces and dashes between the digits are ignored. */
export const recoveryCodeSchema = plainText({ error: "recoveryCodeRequired" })
  .min(1, { error: "recoveryCodeRequired" })
  .max(40, { error: "recoveryCodeInvalid" })
  .transform((code) => code.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .regex(new RegExp(`^[0-9]{${recoveryCodeLength}}$`), { error: "recoveryCodeInvalid" }),
  );

export const recoveryCodeRequest = z.object({ cEmail: emailSchema });
export type RecoveryCodeRequest = z.infer<typeof recoveryCodeRequest>;

/** The same answer whether or not the e-mail has an account. */
export const recoveryCodeResponse = z.object({ lSolicitudRecibida: z.literal(true) });

export const resetPasswordRequest = z.object({
  cEmail: emailSchema,
  cCodigo: recoveryCodeSchema,
  cClave: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z.object({
  cClaveActual: plainText({ error: "currentPasswordRequired", trim: false })
    .min(1, { error: "currentPasswordRequired" })
    .max(200),
  cClave: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const passwordChangedResponse = z.object({ lClaveModificada: z.literal(true) });

// ---------------------------------------------------------------- endpoints

export const recoveryCodeEndpoint = defineEndpoint({
  id: "recoveryCode",
  method: "POST",
  path: "/Cliente/CodigoRecupero",
  area: "customers",
  summary:
    "Mails a password-recovery code (valid 15 minutes, single use) when the e-mail has an " +
    "account; the answer is the same either way. Limited per e-mail and per address.",
  access: "public",
  body: recoveryCodeRequest,
  response: recoveryCodeResponse,
});

export const resetPasswordEndpoint = defineEndpoint({
  id: "resetPassword",
  method: "POST",
  path: "/Cliente/ModificarClave/CodigoRecupero",
  area: "customers",
  summary:
    "Sets a new password with a recovery code, and ends every session of the customer. A " +
    "wrong, used or expired code (or an unknown e-mail) answers RECOVERY_CODE_INVALID; a " +
    "code dies after 5 wrong tries.",
  access: "public",
  errors: ["RECOVERY_CODE_INVALID"],
  body: resetPasswordRequest,
  response: passwordChangedResponse,
});

export const changePasswordEndpoint = defineEndpoint({
  id: "changePassword",
  method: "POST",
  path: "/Cliente/Modificar/Clave",
  area: "customers",
  summary:
    "Changes the caller's password, given the current one (wrong tries count as failed " +
    "logins); every other session of the customer ends, the caller's goes on.",
  access: "customer",
  errors: ["CURRENT_PASSWORD_WRONG"],
  body: changePasswordRequest,
  response: passwordChangedResponse,
});
