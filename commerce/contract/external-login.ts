// Contract of the city's external login (spec §7 "Cliente/Externo"): the storefront, after
// the OpenID Connect round trip, hands the provider's ID token to the API, which checks it
// itself and answers a session token like the own login; and the data the shop needs that
// the provider did not give, completed afterwards (/additionalData).
import { z } from "zod";
import { sessionUserSchema, signUpObject } from "./customers.ts";
import { documentNumberProblem } from "./document-number.ts";
import { defineEndpoint } from "./endpoint.ts";

/** Customer fields a provider may leave out, and /additionalData asks for. */
export const additionalDataFields = [
  "cNombre",
  "cApellido",
  "cEmail",
  "cGenero",
  "cTipoDocumento",
  "cNumeroDocumento",
] as const;
export type AdditionalDataField = (typeof additionalDataFields)[number];

export const externalSessionSchema = sessionUserSchema.extend({
  /** Fields still to complete before buying; empty when the customer's data is complete. */
  aDatosFaltantes: z.array(z.enum(additionalDataFields)),
});
export type ExternalSession = z.infer<typeof externalSessionSchema>;

/**
 * The fields being completed, with the sign-up's rules. Each is optional here: which ones are
 * required depends on what the customer still lacks (the API checks it).
 */
export const additionalDataRequest = signUpObject
  .pick({
    cNombre: true,
    cApellido: true,
    cEmail: true,
    cGenero: true,
    cTipoDocumento: true,
    cNumeroDocumento: true,
  })
  .partial();
export type AdditionalDataRequest = z.infer<typeof additionalDataRequest>;

/** The API's body: a document number given with its type is judged against it (sign-up's rule). */
export const additionalDataBody = additionalDataRequest.superRefine(
  (value, ctx) => {
    if (!value.cTipoDocumento || !value.cNumeroDocumento) return;
    const problem = documentNumberProblem(value.cTipoDocumento, value.cNumeroDocumento);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["cNumeroDocumento"] });
  },
  // Also when other fields failed, so one answer names every problem.
  {
    when: ({ value, issues }) =>
      typeof value === "object" &&
      value !== null &&
      !issues.some((issue) => String(issue.path?.[0]).endsWith("Documento")),
  },
);

export const additionalDataResponse = z.object({
  aDatosFaltantes: z.array(z.enum(additionalDataFields)),
  cNombre: z.string(),
  cEmail: z.string(),
});

export const externalLoginEndpoint = defineEndpoint({
  id: "externalLogin",
  method: "GET",
  path: "/Cliente/Externo",
  area: "customers",
  summary:
    "Logs in with the city's identity provider: Authorization carries the provider's ID " +
    "token (Bearer), which the API verifies against the provider's keys (issuer, audience, " +
    "expiry). The provider's subject is linked to a customer, created at the first login. " +
    "Answers a session token valid 180 minutes and the fields the customer still has to " +
    "complete. Without a valid ID token of the configured provider: 401.",
  access: "public",
  errors: ["EMAIL_TAKEN"],
  response: externalSessionSchema,
});

export const additionalDataEndpoint = defineEndpoint({
  id: "additionalData",
  method: "POST",
  path: "/Cliente/Externo/DatosAdicionales",
  area: "customers",
  summary:
    "Completes the data an externally logged-in customer lacks (fields named by " +
    "aDatosFaltantes), with the sign-up's rules; the others are left as they are.",
  access: "customer",
  errors: ["EMAIL_TAKEN"],
  body: additionalDataBody,
  response: additionalDataResponse,
});
