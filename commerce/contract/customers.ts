// Contract of the customer calls (spec §7 "Customer"): sign-up, login with a token, logout,
// own data.
import { z } from "zod";
import {
  type BirthDateParts,
  birthDateErrors,
  birthDateProblems,
  oldestAgeYears,
} from "./birth-date.ts";
import { addressSchema, newPhoneSchema, phoneSchema } from "./contacts.ts";
import { documentErrors, documentNumberProblem } from "./document-number.ts";
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

/** First and last name, the document and the birthday: asked at sign-up, changed in My data. */
const personalDataFields = {
  cNombre: plainText({ error: "firstNameRequired" })
    .min(1, { error: "firstNameRequired" })
    .max(80, { error: "tooLong" }),
  cApellido: plainText({ error: "lastNameRequired" })
    .min(1, { error: "lastNameRequired" })
    .max(80, { error: "tooLong" }),
  cGenero: z.enum(genders, { error: "genderRequired" }),
  cTipoDocumento: z
    .enum(documentTypes, { error: "documentTypeRequired" })
    .meta({ examples: ["DNI"] }),
  // Its length and value are judged against its type (document-number.ts), below.
  cNumeroDocumento: plainText({ error: documentErrors.required })
    .min(1, { error: documentErrors.required })
    .max(40, { error: documentErrors.tooHigh })
    .meta({
      description:
        "Judged against cTipoDocumento: a DNI is 1.000.000 to 99.999.999, a CUIT or CUIL 11 digits, any other 5 to 20 letters, digits, dots or dashes.",
      examples: ["30111222"],
    }),
  // The birthday's rules (birth-date.ts) run below, across the three fields; the document
  // states them per field (a year's bounds as of when the API started), with a real date.
  nNacimientoDia: z
    .number({ error: birthDateErrors.day })
    .meta({ type: "integer", minimum: 1, maximum: 31, examples: [14] }),
  nNacimientoMes: z
    .number({ error: birthDateErrors.month })
    .meta({ type: "integer", minimum: 1, maximum: 12, examples: [3] }),
  nNacimientoAnio: z.number({ error: birthDateErrors.year }).meta({
    type: "integer",
    minimum: new Date().getUTCFullYear() - oldestAgeYears,
    maximum: new Date().getUTCFullYear(),
    examples: [1990],
  }),
};

/** An alias is a display nickname (decision 0025): 2 to 30 letters, digits, spaces, . _ -. */
export const aliasSchema = plainText({ error: "aliasInvalid" })
  .min(2, { error: "aliasTooShort" })
  .max(30, { error: "aliasTooLong" })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, { error: "aliasInvalid" });

/** The Telegram user (@name, 5 to 32 letters, digits or _); asked only when the flag is on. */
export const telegramUserSchema = plainText({ error: "telegramInvalid" }).regex(
  /^@?[A-Za-z0-9_]{5,32}$/,
  { error: "telegramInvalid" },
);

type PersonalDataShape = {
  cTipoDocumento: string;
  cNumeroDocumento: string;
  nNacimientoDia: number;
  nNacimientoMes: number;
  nNacimientoAnio: number;
};

/**
 * The rules that look at two or three fields together: the document against its type, and
 * the birthday (the current year from the clock given, by default the real one).
 */
export function personalDataRules<S extends z.ZodType<PersonalDataShape>>(
  schema: S,
  currentYear: () => number = () => new Date().getUTCFullYear(),
): S {
  return schema
    .superRefine(
      (value, ctx) => {
        const problem = documentNumberProblem(value.cTipoDocumento, value.cNumeroDocumento);
        if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["cNumeroDocumento"] });
      },
      {
        // Not when the number already failed on its own (missing, too long, control characters).
        when: (payload) =>
          fieldsReady(payload, { cTipoDocumento: "string", cNumeroDocumento: "string" }),
      },
    )
    .superRefine(
      (value, ctx) => {
        const parts: BirthDateParts = {
          day: value.nNacimientoDia,
          month: value.nNacimientoMes,
          year: value.nNacimientoAnio,
        };
        for (const { field, error } of birthDateProblems(parts, currentYear())) {
          ctx.addIssue({ code: "custom", message: error, path: [birthDateFieldNames[field]] });
        }
      },
      {
        when: (payload) =>
          fieldsReady(payload, {
            nNacimientoDia: "number",
            nNacimientoMes: "number",
            nNacimientoAnio: "number",
          }),
      },
    ) as unknown as S;
}

/** The birthday's form and API fields, by part. */
export const birthDateFieldNames = {
  day: "nNacimientoDia",
  month: "nNacimientoMes",
  year: "nNacimientoAnio",
} as const;

/**
 * Whether the (partly parsed) value has these fields, of these types, and none of them failed
 * on its own (NaN is a number that did): then a rule across them may look, whatever other
 * fields failed, so one submit shows every message.
 */
function fieldsReady(
  { value, issues }: { value: unknown; issues: ReadonlyArray<{ path?: PropertyKey[] }> },
  types: Record<string, "string" | "number">,
): boolean {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  const failed = new Set(issues.map((issue) => issue.path?.[0]));
  return Object.entries(types).every(
    ([name, type]) => typeof record[name] === type && !failed.has(name),
  );
}

/** POST Cliente/Insertar body. Messages are i18n keys of the "validation" namespace. */
export const signUpObject = z.object({
  ...personalDataFields,
  cEmail: emailSchema,
  cClave: passwordSchema,
  cAlias: aliasSchema.optional(),
  cUsuarioTelegram: telegramUserSchema.optional(),
  /** An optional phone, the customer's default one from the start. */
  oTelefono: newPhoneSchema.optional(),
});
export const signUpRequest = personalDataRules(signUpObject);
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
  /** A box-office clerk: the shop shows its box-office mode (ctProcess BOX). */
  lTaquilla: z.boolean(),
  /** Door staff: the shop offers the door check (/door). */
  lPuerta: z.boolean(),
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
  /** YYYY-MM-DD; null for a customer who never gave it. */
  dNacimiento: z.string().nullable(),
  cUsuarioTelegram: z.string().nullable(),
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
  errors: ["EMAIL_TAKEN"],
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
  errors: ["BAD_CREDENTIALS"],
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

/** POST Cliente/Modificar/DatosPersonales body: My data (the e-mail is not changed here). */
export const personalDataObject = z.object(personalDataFields);
export const personalDataRequest = personalDataRules(personalDataObject);
export type PersonalDataRequest = z.infer<typeof personalDataRequest>;

export const personalDataEndpoint = defineEndpoint({
  id: "updatePersonalData",
  method: "POST",
  path: "/Cliente/Modificar/DatosPersonales",
  area: "customers",
  summary: "Changes the caller's own name, gender, document and birthday; answers their data.",
  access: "customer",
  body: personalDataRequest,
  response: customerInfoSchema,
});

/** POST Cliente/Modificar/Alias body: a new alias, or null to clear it. */
export const aliasRequest = z.object({ cAlias: aliasSchema.nullable() });
export type AliasRequest = z.infer<typeof aliasRequest>;

export const aliasEndpoint = defineEndpoint({
  id: "updateAlias",
  method: "POST",
  path: "/Cliente/Modificar/Alias",
  area: "customers",
  summary: "Sets, changes or (with null) clears the caller's own alias; answers their data.",
  access: "customer",
  body: aliasRequest,
  response: customerInfoSchema,
});
