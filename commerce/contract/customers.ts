// Contract of the customer calls (spec §7 "Customer"): sign-up, login with a token, logout,
// own data.
import { z } from "zod";
import { addressSchema, newPhoneSchema, phoneSchema } from "./contacts.ts";
import { defineEndpoint } from "./endpoint.ts";
import { plainText } from "./text.ts";

export const genders = ["FEMENINO", "MASCULINO", "OTRO", "NO_INFORMA"] as const;
export const documentTypes = [
  "DNI",
  "INE",
  "IFE",
  "PASAPORTE",
  "CUIT",
  "CUIL",
  "CI",
  "CI_EXTRANJERA",
  "NO_IDENTIFICADO",
  "CERTIFICADO_MIGRACION",
  "OTRO",
] as const;

/** Password rule (§5): at least 8 characters, one uppercase letter, one digit. */
export const passwordSchema = plainText({ error: "passwordRequired", trim: false })
  .min(8, { error: "passwordTooShort" })
  .max(200, { error: "passwordTooLong" })
  .regex(/[A-Z]/, { error: "passwordUppercase" })
  .regex(/[0-9]/, { error: "passwordDigit" });

export const emailSchema = plainText({ error: "emailRequired" })
  .min(1, { error: "emailRequired" })
  .max(254, { error: "emailInvalid" })
  .pipe(z.email({ error: "emailInvalid" }));

/** POST Cliente/Insertar body. Messages are i18n keys of the "validation" namespace. */
export const signUpRequest = z.object({
  cNombre: plainText({ error: "firstNameRequired" })
    .min(1, { error: "firstNameRequired" })
    .max(80, { error: "tooLong" }),
  cApellido: plainText({ error: "lastNameRequired" })
    .min(1, { error: "lastNameRequired" })
    .max(80, { error: "tooLong" }),
  cEmail: emailSchema,
  cClave: passwordSchema,
  cGenero: z.enum(genders, { error: "genderRequired" }),
  cTipoDocumento: z.enum(documentTypes, { error: "documentTypeRequired" }),
  cNumeroDocumento: plainText({ error: "documentRequired" })
    .min(1, { error: "documentRequired" })
    .regex(/^[0-9A-Za-z.-]+$/, { error: "documentInvalid" })
    .min(5, { error: "documentTooLow" })
    .max(20, { error: "documentTooHigh" }),
  /** An optional phone, the customer's default one from the start. */
  oTelefono: newPhoneSchema.optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;

export const loginRequest = z.object({
  cEmail: emailSchema,
  cClave: plainText({ error: "passwordRequired", trim: false })
    .min(1, { error: "passwordRequired" })
    .max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUserSchema = z.object({
  token: z.string(),
  cNombre: z.string(),
  cEmail: z.string(),
  lAlias: z.boolean(),
  dLogin: z.string(),
  dExpira: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const customerInfoSchema = z.object({
  idCliente: z.number().int(),
  cNombre: z.string(),
  cApellido: z.string(),
  cEmail: z.string(),
  cGenero: z.enum(genders),
  cTipoDocumento: z.enum(documentTypes),
  cNumeroDocumento: z.string(),
  cAlias: z.string().nullable(),
  /** The customer's phones and addresses, the default one first, then oldest first. */
  aTelefonos: z.array(phoneSchema),
  aDomicilios: z.array(addressSchema),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

// ---------------------------------------------------------------- endpoints

export const signUpEndpoint = defineEndpoint({
  id: "signUp",
  method: "POST",
  path: "/Cliente/Insertar",
  area: "customers",
  summary: "Creates a customer and signs them in (answers a session token).",
  access: "public",
  body: signUpRequest,
  response: sessionUserSchema,
});

export const loginEndpoint = defineEndpoint({
  id: "login",
  method: "POST",
  path: "/Cliente/Ingreso/Token",
  area: "customers",
  summary: "Logs in with e-mail and password; answers a session token valid 180 minutes.",
  access: "public",
  body: loginRequest,
  response: sessionUserSchema,
});

export const logoutResponse = z.object({ lSesionCerrada: z.literal(true) });

export const logoutEndpoint = defineEndpoint({
  id: "logout",
  method: "POST",
  path: "/Cliente/Salir",
  area: "customers",
  summary:
    "Logs out: revokes the caller's token at once, so it no longer answers anywhere (other " +
    "logins of the same customer go on).",
  access: "customer",
  response: logoutResponse,
});

export const customerInfoEndpoint = defineEndpoint({
  id: "customerInfo",
  method: "GET",
  path: "/Cliente/Informacion",
  area: "customers",
  summary: "The caller's own customer data.",
  access: "customer",
  response: customerInfoSchema,
});
