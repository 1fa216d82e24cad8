// Contract of a customer's phones and addresses (spec §3 Phone and Address, §7 Customer
// calls Cliente/Telefono/* and Cliente/Domicilio/*). A customer has at most one default
// phone and one default address, and exactly one of each as soon as they have any; the API
// keeps it so (customers/phones.ts, customers/addresses.ts).
import { z } from "zod";
import { defineEndpoint } from "./endpoint.ts";
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneNumberProblem } from "./phone-rules.ts";
import {
  countryCodes,
  provinceBelongsToCountry,
  subdivisionCodes,
  subdivisionsByCountry,
} from "./places.ts";
import { idParam } from "./shared.ts";
import { plainText } from "./text.ts";

/** Permanent (fixed line) or mobile. */
export const phoneTypes = ["PERMANENTE", "MOVIL"] as const;
export type PhoneType = (typeof phoneTypes)[number];
/** Particular (home) or work. */
export const addressTypes = ["PARTICULAR", "LABORAL"] as const;
export type AddressType = (typeof addressTypes)[number];

/** How many of each a customer may keep: enough for anyone, not a store for scripts. */
export const MAX_PHONES = 10;
export const MAX_ADDRESSES = 10;

// ---------------------------------------------------------------- phones

export const phoneNumberSchema = plainText({ error: "phoneRequired" })
  .superRefine((value, context) => {
    const problem = phoneNumberProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  // The document states the plain form; spaces, dashes and an area code in parentheses are
  // taken too (phone-rules.ts).
  .meta({
    pattern: `^\\+?[0-9]{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`,
    description:
      "Digits, with a leading + for the country code; spaces, dashes and (area code) are taken too.",
    examples: ["1143215678"],
  });

export const phoneTypeSchema = z.enum(phoneTypes, { error: "phoneTypeRequired" });

/** A phone as given at sign-up (it becomes the default one). */
export const newPhoneSchema = z.object({ cTipo: phoneTypeSchema, cNumero: phoneNumberSchema });

/** Telefono/Insertar: the first phone is the default whatever lPredeterminado says. */
export const insertPhoneRequest = newPhoneSchema.extend({
  lPredeterminado: z.boolean({ error: "invalid" }).optional(),
});
export type InsertPhoneRequest = z.infer<typeof insertPhoneRequest>;

/**
 * Telefono/{id}/Modificar: the fields to change. lPredeterminado true makes it the default
 * (the previous one stops being it); false is ignored, as the default can only move to
 * another phone, never vanish.
 */
export const updatePhoneRequest = insertPhoneRequest
  .partial()
  .meta({ minProperties: 1 })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "nothingToChange",
  });
export type UpdatePhoneRequest = z.infer<typeof updatePhoneRequest>;

export const phoneSchema = z.object({
  idClienteTelefono: z.number().int(),
  cTipo: z.enum(phoneTypes),
  cNumero: z.string(),
  lPredeterminado: z.boolean(),
});
export type Phone = z.infer<typeof phoneSchema>;

export const phoneParams = z.object({ idClienteTelefono: idParam });

// ---------------------------------------------------------------- addresses

/** An optional text: empty or null stores nothing (and clears it in Modificar). */
const optionalText = (max: number) =>
  plainText()
    .max(max, { error: "tooLong" })
    .nullish()
    .transform((value) => value || null);

/** An address's fields, without the rule between country and province (provinceOfCountry). */
export const addressFields = z.object({
  cTipo: z.enum(addressTypes, { error: "addressTypeRequired" }),
  /** Whom to ask for at the address. */
  cReferente: optionalText(80),
  cCalle: plainText({ error: "streetRequired" })
    .min(1, { error: "streetRequired" })
    .max(120, { error: "tooLong" }),
  cNumero: plainText({ error: "streetNumberRequired" })
    .min(1, { error: "streetNumberRequired" })
    .max(10, { error: "tooLong" }),
  cPiso: optionalText(10),
  cDepartamento: optionalText(10),
  cPais: z.enum(countryCodes, { error: "countryRequired" }).meta({ examples: ["AR"] }),
  /** The province, department, region or state: its ISO 3166-2 code (places.ts). */
  cProvincia: plainText({ error: "provinceRequired" })
    .min(1, { error: "provinceRequired" })
    .max(10, { error: "provinceNotInCountry" })
    .meta({ enum: [...subdivisionCodes], examples: ["AR-B"] }),
  cLocalidad: plainText({ error: "locationRequired" })
    .min(1, { error: "locationRequired" })
    .max(80, { error: "tooLong" }),
  cCodigoPostal: plainText({ error: "zipRequired" })
    .min(1, { error: "zipRequired" })
    .max(10, { error: "tooLong" })
    .regex(/^[0-9A-Za-z -]+$/, { error: "zipInvalid" }),
  lPredeterminado: z.boolean({ error: "invalid" }).optional(),
});

/** The province must be one of the country's (checked whenever both are known). */
export function provinceOfCountry(
  body: { cPais?: string; cProvincia?: string },
  context: z.RefinementCtx,
) {
  if (body.cPais === undefined || body.cProvincia === undefined) return;
  if (!provinceBelongsToCountry(body.cPais, body.cProvincia)) {
    context.addIssue({ code: "custom", message: "provinceNotInCountry", path: ["cProvincia"] });
  }
}

/** provinceOfCountry in JSON Schema: each country's provinces (for /v2/openapi.json). */
const provinceOfCountrySchema = {
  allOf: countryCodes.map((country) => ({
    if: { properties: { cPais: { const: country } }, required: ["cPais"] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited.
    then: {
      properties: { cProvincia: { enum: subdivisionsByCountry[country].map((s) => s.code) } },
    },
  })),
};

export const insertAddressRequest = addressFields
  .superRefine(provinceOfCountry)
  .meta(provinceOfCountrySchema);
export type InsertAddressRequest = z.infer<typeof insertAddressRequest>;

/**
 * Domicilio/{id}/Modificar: the fields to change (lPredeterminado as for phones). A new
 * country or province is checked against the other one, sent or stored.
 */
export const updateAddressRequest = addressFields
  .partial()
  .superRefine(provinceOfCountry)
  .meta({ ...provinceOfCountrySchema, minProperties: 1 })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "nothingToChange",
  });
export type UpdateAddressRequest = z.infer<typeof updateAddressRequest>;

export const addressSchema = z.object({
  idClienteDomicilio: z.number().int(),
  cTipo: z.enum(addressTypes),
  cReferente: z.string().nullable(),
  cCalle: z.string(),
  cNumero: z.string(),
  cPiso: z.string().nullable(),
  cDepartamento: z.string().nullable(),
  cPais: z.enum(countryCodes),
  cProvincia: z.string(),
  cLocalidad: z.string(),
  cCodigoPostal: z.string(),
  lPredeterminado: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressParams = z.object({ idClienteDomicilio: idParam });

export const deletedResponse = z.object({ lEliminado: z.literal(true) });

// ---------------------------------------------------------------- endpoints

export const insertPhoneEndpoint = defineEndpoint({
  id: "insertPhone",
  method: "POST",
  path: "/Cliente/Telefono/Insertar",
  area: "customers",
  summary: `Adds a phone to the caller's (at most ${MAX_PHONES}); the first one is the default.`,
  access: "customer",
  errors: ["CONTACTS_LIMIT"],
  body: insertPhoneRequest,
  response: phoneSchema,
});

export const updatePhoneEndpoint = defineEndpoint({
  id: "updatePhone",
  method: "POST",
  path: "/Cliente/Telefono/{idClienteTelefono}/Modificar",
  area: "customers",
  summary:
    "Changes one of the caller's phones, or makes it the default. Another customer's id " +
    "answers as an unknown one (404).",
  access: "customer",
  params: phoneParams,
  body: updatePhoneRequest,
  response: phoneSchema,
});

export const deletePhoneEndpoint = defineEndpoint({
  id: "deletePhone",
  method: "POST",
  path: "/Cliente/Telefono/{idClienteTelefono}/Eliminar",
  area: "customers",
  summary:
    "Deletes one of the caller's phones; when it was the default, the oldest remaining one " +
    "becomes the default. Another customer's id answers as an unknown one (404).",
  access: "customer",
  params: phoneParams,
  response: deletedResponse,
});

export const insertAddressEndpoint = defineEndpoint({
  id: "insertAddress",
  method: "POST",
  path: "/Cliente/Domicilio/Insertar",
  area: "customers",
  summary: `Adds an address to the caller's (at most ${MAX_ADDRESSES}); the first one is the default.`,
  access: "customer",
  errors: ["CONTACTS_LIMIT"],
  body: insertAddressRequest,
  response: addressSchema,
});

export const updateAddressEndpoint = defineEndpoint({
  id: "updateAddress",
  method: "POST",
  path: "/Cliente/Domicilio/{idClienteDomicilio}/Modificar",
  area: "customers",
  summary:
    "Changes one of the caller's addresses, or makes it the default. Another customer's id " +
    "answers as an unknown one (404).",
  access: "customer",
  params: addressParams,
  body: updateAddressRequest,
  response: addressSchema,
});

export const deleteAddressEndpoint = defineEndpoint({
  id: "deleteAddress",
  method: "POST",
  path: "/Cliente/Domicilio/{idClienteDomicilio}/Eliminar",
  area: "customers",
  summary:
    "Deletes one of the caller's addresses; when it was the default, the oldest remaining " +
    "one becomes the default. Another customer's id answers as an unknown one (404).",
  access: "customer",
  params: addressParams,
  response: deletedResponse,
});
